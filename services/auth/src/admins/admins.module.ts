import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AdminAccountsService } from './admin-accounts.service';
import { AdminLoginController } from './admin-login.controller';
import { AccountSlowdown } from './account-slowdown';
import { AdminLoginAddressLimit } from './address-limit';
import { EmailThrottle } from './email-throttle';
import { SignInRecords } from './sign-in-records';

@Module({
  imports: [SessionsModule, AuditModule],
  controllers: [AdminLoginController],
  providers: [AdminAccountsService, AdminLoginAddressLimit, AccountSlowdown, EmailThrottle, SignInRecords],
  exports: [AdminAccountsService],
})
export class AdminsModule {}
