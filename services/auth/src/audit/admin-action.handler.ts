import { Injectable } from '@nestjs/common';
import { Events, type AdminActionRecorded } from '@chitram/contracts';
import { EventHandler, type EventEnvelope } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { AuditTrail } from './audit-trail';

/** Files every service's admin writes in the trail as their events arrive; a redelivery files nothing new. */
@Injectable()
export class AdminActionHandler {
  constructor(private readonly trail: AuditTrail) {}

  @EventHandler(Events.adminActionRecorded, { durable: 'auth-audit-trail' })
  async file(event: EventEnvelope<AdminActionRecorded>, manager: EntityManager): Promise<void> {
    await this.trail.file(manager, event.id, new Date(event.occurredAt), event.payload);
  }
}
