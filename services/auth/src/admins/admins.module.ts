import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AdminAccountsRepository } from './admin-accounts.repository';
import { AdminLoginThrottlesRepository } from './admin-login-throttles.repository';
import { AdminAccountsService } from './admin-accounts.service';
import { AdminLoginController } from './admin-login.controller';
import { AdminTeamController, SecondFactorController } from './admin-team.controller';
import { AdminTeamService } from './admin-team.service';
import { AdminTickets } from './admin-tickets';
import { AdminTicketsRepository } from './admin-tickets.repository';
import { SecondFactorService } from './second-factor.service';
import { AccountSlowdown } from './account-slowdown';
import { AdminLoginAddressLimit } from './address-limit';
import { EmailThrottle } from './email-throttle';
import { SignInRecords } from './sign-in-records';

@Module({
  imports: [SessionsModule, AuditModule],
  controllers: [AdminLoginController, AdminTeamController, SecondFactorController],
  providers: [
    AdminAccountsService,
    AdminLoginAddressLimit,
    AccountSlowdown,
    EmailThrottle,
    AdminLoginThrottlesRepository,
    SignInRecords,
    AdminTickets,
    AdminTicketsRepository,
    AdminAccountsRepository,
    AdminTeamService,
    SecondFactorService,
  ],
  exports: [AdminAccountsService],
})
export class AdminsModule {}
