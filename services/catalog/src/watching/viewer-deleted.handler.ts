import { Injectable } from '@nestjs/common';
import { Events, deletedViewerId } from '@chitram/contracts';
import { EventHandler, type EventOf } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { WatchingRepository } from './watching.repository';

/** D25: deleting an account deletes its watch data; D37: deleting a profile deletes the profile's. */
@Injectable()
export class ViewerDeletedHandler {
  constructor(private readonly progress: WatchingRepository) {}

  @EventHandler(Events.userDeleted, { durable: 'catalog-forget-deleted-viewer' })
  forget(event: EventOf<typeof Events.userDeleted>, manager: EntityManager): Promise<void> {
    return this.progress.forgetViewer(manager, deletedViewerId(event.payload));
  }

  /** D37: a deleted profile's positions go (the account's plays stay counted); its id keys watch_progress. */
  @EventHandler(Events.profileDeleted, { durable: 'catalog-forget-deleted-profile' })
  forgetProfile(event: EventOf<typeof Events.profileDeleted>, manager: EntityManager): Promise<void> {
    return this.progress.forgetViewer(manager, event.payload.profileId);
  }
}
