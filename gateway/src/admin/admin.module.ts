import { Module } from '@nestjs/common';
import { AdminAnalyticsService } from './admin-analytics';
import { AdminDashboardService } from './admin-dashboard';
import { AdminsController, OwnSecondFactorController } from './admins.controller';
import { AnalyticsController } from './analytics.controller';
import { AuditController } from './audit.controller';
import { CouponsController } from './coupons.controller';
import { DashboardController } from './dashboard.controller';
import { PartnerDirectory } from './partner-directory';
import { PartnersController } from './partners.controller';
import { PaymentsController } from './payments.controller';
import { PlansController } from './plans.controller';
import { ViewerAccounts } from './viewer-accounts';
import { ViewersController } from './viewers.controller';

/** The back office: dashboard, viewers, analytics, content partners, the admins themselves (SPEC §2.13; DECISIONS D12, D13, D25, D33, D34, D43). */
@Module({
  controllers: [
    DashboardController,
    ViewersController,
    AuditController,
    AnalyticsController,
    PartnersController,
    AdminsController,
    OwnSecondFactorController,
    PaymentsController,
    CouponsController,
    PlansController,
  ],
  providers: [AdminDashboardService, ViewerAccounts, AdminAnalyticsService, PartnerDirectory],
})
export class AdminModule {}
