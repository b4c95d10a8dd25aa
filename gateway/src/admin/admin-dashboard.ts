import { Inject, Injectable } from '@nestjs/common';
import {
  BackOfficeMessages,
  Subjects,
  type AdminDashboard,
  type AdminDashboardAnswer,
} from '@chitram/contracts';
import { LOGGER, type Logger, RpcClient } from '@chitram/nest-kit';
import { InFlight } from './in-flight';
import { ADMIN_PART_TIMEOUT_MS, partOf } from './service-part';

/**
 * The dashboard of DECISIONS D13: users, billing and catalog each answer their figures, asked together;
 * a service that does not answer in time leaves its tiles unavailable and the rest still shows. Admins
 * who ask while the figures are being gathered share them.
 */
@Injectable()
export class AdminDashboardService {
  private readonly inFlight = new InFlight<AdminDashboardAnswer>();

  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  gather(): Promise<AdminDashboardAnswer> {
    return this.inFlight.share('dashboard', () => this.ask());
  }

  private async ask(): Promise<AdminDashboardAnswer> {
    const options = { timeoutMs: ADMIN_PART_TIMEOUT_MS };
    const [users, billing, catalog] = await Promise.all([
      partOf('users', this.rpc.call(Subjects.users.reports.figures, {}, options), this.logger),
      partOf('billing', this.rpc.call(Subjects.billing.reports.figures, {}, options), this.logger),
      partOf('catalog', this.rpc.call(Subjects.catalog.reports.figures, {}, options), this.logger),
    ]);
    const data: AdminDashboard = { users, billing, catalog, at: new Date().toISOString() };
    const missing = (['users', 'billing', 'catalog'] as const).filter((part) => !data[part].available);
    return {
      data,
      success: true,
      message: missing.length
        ? BackOfficeMessages.someFiguresUnavailable(missing)
        : BackOfficeMessages.dashboardLoaded,
    };
  }
}
