import { Injectable } from '@nestjs/common';
import { VIEWER_PAYMENTS_LIMIT, type BillingFigures, type ViewerBillingHistory } from '@chitram/contracts';
import { PaymentsRepository } from '../payments/payments.repository';
import { BillingReportsRepository } from './billing-reports.repository';
import { revenueWindows } from './india-days';

/** Billing's parts of the back office: the dashboard's money figures and a viewer's plans and payments. */
@Injectable()
export class BillingReportsService {
  constructor(
    private readonly reports: BillingReportsRepository,
    private readonly payments: PaymentsRepository,
  ) {}

  async figures(now = new Date()): Promise<BillingFigures> {
    const [byPlan, revenue, latestPayments] = await Promise.all([
      this.reports.activeSubscribers(),
      this.reports.revenue(revenueWindows(now)),
      this.reports.latestPayments(),
    ]);
    const total = byPlan.reduce((sum, plan) => sum + plan.subscribers, 0);
    return { activeSubscribers: { total, byPlan }, revenue, latestPayments };
  }

  async viewerHistory(viewerId: string): Promise<ViewerBillingHistory> {
    const [[plan], subscriptions, payments] = await Promise.all([
      this.reports.plansOf([viewerId]),
      this.reports.periods(viewerId),
      this.payments.history(viewerId, VIEWER_PAYMENTS_LIMIT),
    ]);
    return { plan: plan ?? null, subscriptions, payments };
  }
}
