import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AnalyticsPeriodRequest,
  AnalyticsRebuildRequest,
  AnalyticsRebuildStatusRequest,
  DemoPaymentsRequest,
  Subjects,
} from '@chitram/contracts';
import { BillingAnalyticsService } from './billing-analytics.service';
import { DemoPayments } from './demo-payments';
import { Handles } from '@chitram/nest-kit';

const analytics = Subjects.billing.analytics;

/** Billing's analytics subjects (payloads and answers: libs/contracts/src/analytics.ts). */
@Controller()
export class BillingAnalyticsController {
  constructor(
    private readonly analytics: BillingAnalyticsService,
    private readonly demo: DemoPayments,
  ) {}

  @Handles(analytics.daily)
  daily(@Payload() body: AnalyticsPeriodRequest) {
    return this.analytics.daily(body);
  }

  @Handles(analytics.revenue)
  revenue(@Payload() body: AnalyticsPeriodRequest) {
    return this.analytics.periodRevenue(body);
  }

  @Handles(analytics.rebuild)
  rebuild(@Payload() body: AnalyticsRebuildRequest) {
    return this.analytics.rebuilds.request(body.actor);
  }

  @Handles(analytics.rebuildStatus)
  rebuildStatus(@Payload() body: AnalyticsRebuildStatusRequest) {
    return this.analytics.rebuilds.status(body.id);
  }

  @Handles(analytics.demo)
  recordDemo(@Payload() body: DemoPaymentsRequest) {
    return this.demo.record(body.payments);
  }
}
