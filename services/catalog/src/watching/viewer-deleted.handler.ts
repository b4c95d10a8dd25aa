import { Injectable } from '@nestjs/common';
import { Events, deletedViewerId } from '@chitram/contracts';
import { EventHandler, type EventOf } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';

/** D25: deleting an account deletes its watch data. */
@Injectable()
export class ViewerDeletedHandler {
  @EventHandler(Events.userDeleted, { durable: 'catalog-forget-deleted-viewer' })
  async forget(event: EventOf<typeof Events.userDeleted>, manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM "watch_progress" WHERE "viewer_id" = $1`, [
      deletedViewerId(event.payload),
    ]);
  }
}
