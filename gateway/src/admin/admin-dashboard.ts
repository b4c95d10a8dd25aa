import { Inject, Injectable } from '@nestjs/common';
import {
  adminMayUse,
  BackOfficeMessages,
  type AdminRole,
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
 * who ask while the figures are being gathered share them. Money (revenue, subscribers, latest payments)
 * is gathered only for a role that may use the finance area (issue 20); for others that part is left out.
 */
@Injectable()
export class AdminDashboardService {
  private readonly inFlight = new InFlight<AdminDashboardAnswer>();

  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  gather(role: AdminRole | undefined): Promise<AdminDashboardAnswer> {
    const withMoney = adminMayUse(role, 'finance');
    return this.inFlight.share(withMoney ? 'dashboard' : 'dashboard-without-money', () =>
      this.ask(withMoney),
    );
  }

  private async ask(withMoney: boolean): Promise<AdminDashboardAnswer> {
    const options = { timeoutMs: ADMIN_PART_TIMEOUT_MS };
    const [users, billing, catalog] = await Promise.all([
      partOf('users', this.rpc.call(Subjects.users.reports.figures, {}, options), this.logger),
      withMoney
        ? partOf('billing', this.rpc.call(Subjects.billing.reports.figures, {}, options), this.logger)
        : ({ available: false } as const),
      partOf('catalog', this.rpc.call(Subjects.catalog.reports.figures, {}, options), this.logger),
    ]);
    const data: AdminDashboard = { users, billing, catalog, at: new Date().toISOString() };
    const parts = withMoney ? (['users', 'billing', 'catalog'] as const) : (['users', 'catalog'] as const);
    const missing = parts.filter((part) => !data[part].available);
    return {
      data,
      success: true,
      message: missing.length
        ? BackOfficeMessages.someFiguresUnavailable(missing)
        : BackOfficeMessages.dashboardLoaded,
    };
  }
}
