import { Injectable } from '@nestjs/common';
import { Events, deletedViewerId } from '@chitram/contracts';
import { EventHandler, type EventOf } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { SessionsService } from './sessions.service';

/** A deleted viewer's sessions end (DECISIONS D25); the gateway usually did it already, this makes sure. */
@Injectable()
export class UserDeletedHandler {
  constructor(private readonly sessions: SessionsService) {}

  @EventHandler(Events.userDeleted, { durable: 'auth-revoke-deleted-user' })
  async revokeSessions(event: EventOf<typeof Events.userDeleted>, manager: EntityManager): Promise<void> {
    await this.sessions.revokeSubject(deletedViewerId(event.payload), 'account deleted', manager);
  }
}
