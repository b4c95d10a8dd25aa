import { Injectable } from '@nestjs/common';
import {
  Events,
  indiaDayOf,
  type PaymentCaptured,
  type SubscriptionChanged,
  deletedViewerId,
} from '@chitram/contracts';
import { EventHandler, type EventEnvelope, type EventOf } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { BillingAnalyticsRepository } from './billing-analytics.repository';
import { BillingAnalyticsService } from './billing-analytics.service';

/**
 * Keeps billing's aggregates as its events arrive (DECISIONS D12). Each handler recounts what its event
 * touched from the stored payments and periods, so a redelivered or late event changes nothing that
 * is already right; the inbox row in the same transaction makes a redelivery a no-op besides.
 */
@Injectable()
export class BillingAnalyticsHandler {
  constructor(
    private readonly repository: BillingAnalyticsRepository,
    private readonly analytics: BillingAnalyticsService,
  ) {}

  @EventHandler(Events.paymentCaptured, { durable: 'billing-analytics-revenue' })
  async paymentCaptured(event: EventEnvelope<PaymentCaptured>, manager: EntityManager): Promise<void> {
    await this.repository.recountRevenue(manager, [indiaDayOf(new Date(event.payload.capturedAt))]);
  }

  @EventHandler(Events.subscriptionActivated, { durable: 'billing-analytics-activated' })
  activated(event: EventEnvelope<SubscriptionChanged>, manager: EntityManager): Promise<void> {
    return this.analytics.recountCoverage(manager, event.payload.viewerId);
  }

  @EventHandler(Events.subscriptionExtended, { durable: 'billing-analytics-extended' })
  extended(event: EventEnvelope<SubscriptionChanged>, manager: EntityManager): Promise<void> {
    return this.analytics.recountCoverage(manager, event.payload.viewerId);
  }

  @EventHandler(Events.subscriptionReplaced, { durable: 'billing-analytics-replaced' })
  replaced(event: EventEnvelope<SubscriptionChanged>, manager: EntityManager): Promise<void> {
    return this.analytics.recountCoverage(manager, event.payload.viewerId);
  }

  @EventHandler(Events.userDeleted, { durable: 'billing-analytics-deleted-viewer' })
  deleted(event: EventOf<typeof Events.userDeleted>, manager: EntityManager): Promise<void> {
    return this.analytics.endCoverage(
      manager,
      deletedViewerId(event.payload),
      indiaDayOf(new Date(event.payload.deletedAt)),
    );
  }
}
