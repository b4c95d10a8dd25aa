import { Injectable } from '@nestjs/common';
import {
  Events,
  indiaDayOf,
  type PlayStarted,
  type SubscriptionChanged,
  deletedViewerId,
  type WatchTimeRecorded,
} from '@chitram/contracts';
import { EventHandler, type EventEnvelope, type EventOf } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { ViewingFactsRepository } from './viewing-facts.repository';

/**
 * Keeps the viewing aggregates as events arrive (DECISIONS D12): each play and each stretch of watch
 * time is stored once as a fact and added to its day; a subscription period, whenever it arrives, sets
 * the plan behind the plays it covers; a deleted account's facts stay without it (D25). Each handler
 * runs in one transaction with the inbox row, so a redelivered event counts once.
 */
@Injectable()
export class ViewingEventsHandler {
  constructor(private readonly facts: ViewingFactsRepository) {}

  @EventHandler(Events.playStarted, { durable: 'catalog-analytics-plays' })
  async playStarted(event: EventEnvelope<PlayStarted>, manager: EntityManager): Promise<void> {
    const play = event.payload;
    const at = new Date(play.at);
    await this.facts.lockViewer(manager, play.viewerId);
    await this.facts.record(manager, {
      eventId: event.id,
      viewerId: play.viewerId,
      kind: play.kind,
      titleId: play.titleId,
      day: play.day || indiaDayOf(at),
      at,
      plays: 1,
      watchSeconds: 0,
    });
  }

  @EventHandler(Events.watchTimeRecorded, { durable: 'catalog-analytics-watch-time' })
  async watchTime(event: EventEnvelope<WatchTimeRecorded>, manager: EntityManager): Promise<void> {
    const watched = event.payload;
    const at = new Date(event.occurredAt);
    await this.facts.lockViewer(manager, watched.viewerId);
    await this.facts.record(manager, {
      eventId: event.id,
      viewerId: watched.viewerId,
      kind: watched.kind,
      titleId: watched.titleId,
      day: watched.day || indiaDayOf(at),
      at,
      plays: 0,
      watchSeconds: Math.max(0, Math.round(watched.seconds)),
    });
  }

  @EventHandler(Events.subscriptionActivated, { durable: 'catalog-analytics-plan-activated' })
  activated(event: EventEnvelope<SubscriptionChanged>, manager: EntityManager): Promise<void> {
    return this.planPeriod(event.payload, manager);
  }

  @EventHandler(Events.subscriptionExtended, { durable: 'catalog-analytics-plan-extended' })
  extended(event: EventEnvelope<SubscriptionChanged>, manager: EntityManager): Promise<void> {
    return this.planPeriod(event.payload, manager);
  }

  @EventHandler(Events.subscriptionReplaced, { durable: 'catalog-analytics-plan-replaced' })
  replaced(event: EventEnvelope<SubscriptionChanged>, manager: EntityManager): Promise<void> {
    return this.planPeriod(event.payload, manager);
  }

  @EventHandler(Events.userDeleted, { durable: 'catalog-analytics-forget-viewer' })
  async forget(event: EventOf<typeof Events.userDeleted>, manager: EntityManager): Promise<void> {
    await this.facts.forgetViewer(manager, deletedViewerId(event.payload));
  }

  private async planPeriod(change: SubscriptionChanged, manager: EntityManager): Promise<void> {
    const validFrom = new Date(change.validFrom);
    const validTill = new Date(change.validTill);
    await this.facts.lockViewer(manager, change.viewerId);
    await this.facts.savePlanPeriod(manager, {
      paymentId: change.paymentId,
      viewerId: change.viewerId,
      planKey: change.planKey,
      validFrom,
      validTill,
    });
    await this.facts.reattribute(manager, change.viewerId, validFrom, validTill);
  }
}
