import { Injectable } from '@nestjs/common';
import { Events, type CatalogueTitlesRemoved, type UserDeleted } from '@chitram/contracts';
import { EventHandler, type EventEnvelope } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { MyListRepository } from './my-list.repository';

/** Keeps lists true to the catalogue and to the accounts: deleted titles and deleted accounts leave them. */
@Injectable()
export class MyListHandler {
  constructor(private readonly entries: MyListRepository) {}

  @EventHandler(Events.catalogTitlesRemoved, { durable: 'users-my-list-titles-removed' })
  async titlesRemoved(event: EventEnvelope<CatalogueTitlesRemoved>, manager: EntityManager): Promise<void> {
    await this.entries.removeTitles(
      manager,
      event.payload.titles.map((title) => title.titleId),
    );
  }

  @EventHandler(Events.userDeleted, { durable: 'users-my-list-forget-viewer' })
  async viewerDeleted(event: EventEnvelope<UserDeleted>, manager: EntityManager): Promise<void> {
    await this.entries.forgetViewer(manager, event.payload.userId);
  }
}
