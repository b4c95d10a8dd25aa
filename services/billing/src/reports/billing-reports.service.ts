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

  figures(now = new Date()): Promise<BillingFigures> {
    return this.reports.figures(revenueWindows(now));
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
