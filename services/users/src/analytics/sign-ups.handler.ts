import { Injectable } from '@nestjs/common';
import { Events, deletedViewerId, type ViewerSignedUp } from '@chitram/contracts';
import { EventHandler, type EventEnvelope, type EventOf } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { SignUpsRepository } from './sign-ups.repository';

/**
 * Keeps the sign-ups per day as the users service's events arrive (DECISIONS D12): a sign-up is stored
 * once and its day recounted from the facts, in one transaction with the inbox row.
 */
@Injectable()
export class SignUpsHandler {
  constructor(private readonly signUps: SignUpsRepository) {}

  @EventHandler(Events.viewerSignedUp, { durable: 'users-analytics-sign-ups' })
  async signedUp(event: EventEnvelope<ViewerSignedUp>, manager: EntityManager): Promise<void> {
    const { viewerId, day, at } = event.payload;
    await this.signUps.record(manager, { eventId: event.id, viewerId, day, at: new Date(at) });
    await this.signUps.recount(manager, [day]);
  }

  @EventHandler(Events.userDeleted, { durable: 'users-analytics-forget-viewer' })
  async deleted(event: EventOf<typeof Events.userDeleted>, manager: EntityManager): Promise<void> {
    await this.signUps.forget(manager, deletedViewerId(event.payload));
  }
}
