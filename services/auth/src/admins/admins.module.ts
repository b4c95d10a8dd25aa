import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { AdminAccountsService } from './admin-accounts.service';
import { AdminLoginController } from './admin-login.controller';

@Module({
  imports: [SessionsModule],
  controllers: [AdminLoginController],
  providers: [AdminAccountsService],
  exports: [AdminAccountsService],
})
export class AdminsModule {}
