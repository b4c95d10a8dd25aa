import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AnalyticsPeriodRequest,
  AnalyticsRebuildRequest,
  AnalyticsRebuildStatusRequest,
  DemoPaymentsRequest,
  Subjects,
} from '@chitram/contracts';
import { BillingAnalyticsService } from './billing-analytics.service';
import { DemoPayments } from './demo-payments';

const analytics = Subjects.billing.analytics;

/** Billing's analytics subjects (payloads and answers: libs/contracts/src/analytics.ts). */
@Controller()
export class BillingAnalyticsController {
  constructor(
    private readonly analytics: BillingAnalyticsService,
    private readonly demo: DemoPayments,
  ) {}

  @MessagePattern(analytics.daily)
  daily(@Payload() body: AnalyticsPeriodRequest) {
    return this.analytics.daily(body);
  }

  @MessagePattern(analytics.revenue)
  revenue(@Payload() body: AnalyticsPeriodRequest) {
    return this.analytics.periodRevenue(body);
  }

  @MessagePattern(analytics.rebuild)
  rebuild(@Payload() body: AnalyticsRebuildRequest) {
    return this.analytics.rebuilds.request(body.actor);
  }

  @MessagePattern(analytics.rebuildStatus)
  rebuildStatus(@Payload() body: AnalyticsRebuildStatusRequest) {
    return this.analytics.rebuilds.status(body.id);
  }

  @MessagePattern(analytics.demo)
  recordDemo(@Payload() body: DemoPaymentsRequest) {
    return this.demo.record(body.payments);
  }
}
