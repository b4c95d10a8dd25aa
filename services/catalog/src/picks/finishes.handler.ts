import { Injectable } from '@nestjs/common';
import { Events, deletedViewerId, type TitleFinished } from '@chitram/contracts';
import { EventHandler, type EventEnvelope, type EventOf } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { PicksRepository } from './picks.repository';

/**
 * Keeps the co-watching counts from the finishes (issue 22). Each event is handled in one transaction
 * with its inbox row, so a redelivered event counts once; a finish is kept once per profile and title, so
 * a title finished twice counts once; a pair is counted when its second finish arrives, whichever that
 * is, so the order events arrive in does not matter. The profile is locked meanwhile: two finishes of one
 * profile handled at once each see the other.
 */
@Injectable()
export class FinishesHandler {
  constructor(private readonly picks: PicksRepository) {}

  @EventHandler(Events.titleFinished, { durable: 'catalog-picks-finished' })
  async finished(event: EventEnvelope<TitleFinished>, manager: EntityManager): Promise<void> {
    const finish = event.payload;
    await this.picks.lockProfile(manager, finish.profileId);
    await this.picks.recordFinish(manager, {
      profileId: finish.profileId,
      kind: finish.kind,
      titleId: finish.titleId,
      at: new Date(finish.at),
    });
  }

  /** D25: a deleted account's finishes go, and leave the counts (the account's first profile has its id). */
  @EventHandler(Events.userDeleted, { durable: 'catalog-picks-forget-viewer' })
  async forget(event: EventOf<typeof Events.userDeleted>, manager: EntityManager): Promise<void> {
    const profileId = deletedViewerId(event.payload);
    await this.picks.lockProfile(manager, profileId);
    await this.picks.forgetProfile(manager, profileId);
  }

  /** D37: a deleted profile's finishes go too (an account's deletion names each of its other profiles). */
  @EventHandler(Events.profileDeleted, { durable: 'catalog-picks-forget-profile' })
  async forgetProfile(event: EventOf<typeof Events.profileDeleted>, manager: EntityManager): Promise<void> {
    await this.picks.lockProfile(manager, event.payload.profileId);
    await this.picks.forgetProfile(manager, event.payload.profileId);
  }
}
