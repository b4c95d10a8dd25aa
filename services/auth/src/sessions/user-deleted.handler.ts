import { Injectable } from '@nestjs/common';
import { Events, type UserDeleted } from '@chitram/contracts';
import { EventHandler, type EventEnvelope } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { SessionsService } from './sessions.service';

/** A deleted viewer's sessions end (DECISIONS D25); the gateway usually did it already, this makes sure. */
@Injectable()
export class UserDeletedHandler {
  constructor(private readonly sessions: SessionsService) {}

  @EventHandler(Events.userDeleted, { durable: 'auth-revoke-deleted-user' })
  async revokeSessions(event: EventEnvelope<UserDeleted>, manager: EntityManager): Promise<void> {
    await this.sessions.revokeSubject(event.payload.userId, 'account deleted', manager);
  }
}
