import { Module } from '@nestjs/common';
import { EventsModule, RedisModule } from '@chitram/nest-kit';
import { AdminsModule } from './admins/admins.module';
import { AuditModule } from './audit/audit.module';
import { OtpModule } from './otp/otp.module';
import { SessionsModule } from './sessions/sessions.module';

@Module({
  imports: [
    RedisModule.fromServiceConfig('chitram-auth'),
    EventsModule.forService(),
    SessionsModule,
    OtpModule,
    AdminsModule,
    AuditModule,
  ],
})
export class AppModule {}
