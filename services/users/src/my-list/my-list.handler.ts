import { Injectable } from '@nestjs/common';
import { deletedViewerId, Events } from '@chitram/contracts';
import { EventHandler, type EventOf } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { MyListRepository } from './my-list.repository';

/** Keeps lists true to the catalogue and to the accounts: deleted titles and deleted accounts leave them. */
@Injectable()
export class MyListHandler {
  constructor(private readonly entries: MyListRepository) {}

  @EventHandler(Events.catalogTitlesRemoved, { durable: 'users-my-list-titles-removed' })
  async titlesRemoved(
    event: EventOf<typeof Events.catalogTitlesRemoved>,
    manager: EntityManager,
  ): Promise<void> {
    await this.entries.removeTitles(
      manager,
      event.payload.titles.map((title) => title.titleId),
    );
  }

  @EventHandler(Events.userDeleted, { durable: 'users-my-list-forget-viewer' })
  async viewerDeleted(event: EventOf<typeof Events.userDeleted>, manager: EntityManager): Promise<void> {
    await this.entries.forgetViewer(manager, deletedViewerId(event.payload));
  }
}
