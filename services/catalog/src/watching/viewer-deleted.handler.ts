import { Injectable } from '@nestjs/common';
import { Events, deletedViewerId } from '@chitram/contracts';
import { EventHandler, type EventOf } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { WatchingRepository } from './watching.repository';

/** D25: deleting an account deletes its watch data. */
@Injectable()
export class ViewerDeletedHandler {
  constructor(private readonly progress: WatchingRepository) {}

  @EventHandler(Events.userDeleted, { durable: 'catalog-forget-deleted-viewer' })
  forget(event: EventOf<typeof Events.userDeleted>, manager: EntityManager): Promise<void> {
    return this.progress.forgetViewer(manager, deletedViewerId(event.payload));
  }
}
