import { Module } from '@nestjs/common';
import { AdminDashboardService } from './admin-dashboard';
import { DashboardController } from './dashboard.controller';
import { ViewerAccounts } from './viewer-accounts';
import { ViewersController } from './viewers.controller';

/** The back office's dashboard and viewers (SPEC §2.13, DECISIONS D13, D25). */
@Module({
  controllers: [DashboardController, ViewersController],
  providers: [AdminDashboardService, ViewerAccounts],
})
export class AdminModule {}
