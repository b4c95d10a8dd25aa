import { Inject, Injectable } from '@nestjs/common';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_PAGE_SIZE,
  DomainError,
  ErrorCode,
  type AdminActionRecorded,
  type AuditPage,
  type AuditPageRequest,
  type RecordAdminActionRequest,
  type SignOutEverywhereRequest,
  startOfIndiaDay,
} from '@chitram/contracts';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { SessionsService } from '../sessions/sessions.service';
import { AuditEntries } from './audit-entries.repository';

const DAY_MS = 24 * 3600_000;

/** Whether an event's payload is an admin action this trail can file (a stranger's event is not). */
function isAdminAction(payload: unknown): payload is AdminActionRecorded {
  const action = payload as Partial<AdminActionRecorded> | null;
  return (
    typeof action?.actor?.adminId === 'string' &&
    (AUDIT_ACTIONS as readonly unknown[]).includes(action.action) &&
    (AUDIT_ENTITY_TYPES as readonly unknown[]).includes(action.entity?.type) &&
    typeof action.entity?.label === 'string' &&
    Array.isArray(action.changes)
  );
}

/**
 * The audit trail (issue 9), kept by the auth service because it owns the admins: admin writes of every
 * service, filed as their events arrive; admin sign-ins, written by the sign-in itself; and the pages
 * of the back office's Audit screen.
 */
@Injectable()
export class AuditTrail {
  constructor(
    private readonly dataSource: DataSource,
    private readonly entries: AuditEntries,
    private readonly sessions: SessionsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Files an admin's write under the entry id given (the event's, or the caller's request id), naming
   * the admin by the e-mail they have now. Answers whether it was new.
   */
  async file(manager: EntityManager, id: string, occurredAt: Date, payload: unknown): Promise<boolean> {
    if (!isAdminAction(payload)) {
      // Filing it later would not make it readable: drop it, loudly, rather than retry forever.
      this.logger.error({ entryId: id }, 'an admin action that is not one; not filed');
      return false;
    }
    return this.entries.add(manager, {
      id,
      occurredAt,
      adminId: payload.actor.adminId,
      adminEmail: await this.entries.adminEmail(manager, payload.actor.adminId),
      action: payload.action,
      entityType: payload.entity.type,
      entityId: payload.entity.id ?? null,
      entityLabel: payload.entity.label,
      changes: payload.changes,
      note: payload.note ?? null,
      address: payload.actor.address ?? null,
    });
  }

  /** An admin action recorded straight into the trail (RecordAdminActionRequest); a repeated id files nothing. */
  record({ id, ...action }: RecordAdminActionRequest): Promise<boolean> {
    return this.dataSource.transaction((manager) => this.file(manager, id, new Date(), action));
  }

  async page(request: AuditPageRequest): Promise<AuditPage> {
    const page = request.page ?? 1;
    const [{ entries, total }, admins] = await Promise.all([
      this.entries.page(
        {
          adminId: request.admin,
          entityType: request.entity,
          action: request.action,
          from: request.from ? startOfIndiaDay(request.from) : undefined,
          until: request.to ? new Date(startOfIndiaDay(request.to).getTime() + DAY_MS) : undefined,
        },
        page,
      ),
      this.entries.admins(),
    ]);
    return {
      entries,
      currentPage: page,
      totalEntries: total,
      totalPages: Math.ceil(total / AUDIT_PAGE_SIZE),
      admins,
    };
  }

  /**
   * Sign out everywhere, by an admin: the viewer's sessions end and the entry is filed in one
   * transaction, so neither happens without the other. Never another admin's sessions.
   */
  async signOutEverywhere(request: SignOutEverywhereRequest): Promise<void> {
    const ended = await this.dataSource.transaction(async (manager) => {
      if ((await this.entries.adminEmail(manager, request.subjectId)) !== null)
        throw new DomainError(ErrorCode.FORBIDDEN, 'Only a viewer can be signed out everywhere.');
      const count = await this.sessions.revokeSubject(request.subjectId, 'signed out by an admin', manager);
      await this.entries.add(manager, {
        adminId: request.actor.adminId,
        adminEmail: await this.entries.adminEmail(manager, request.actor.adminId),
        action: 'signed-out-everywhere',
        entityType: 'viewer',
        entityId: request.subjectId,
        entityLabel: request.label,
        changes: [{ field: 'activeSessions', before: count, after: 0 }],
        address: request.actor.address ?? null,
      });
      return count;
    });
    this.logger.info(
      { adminId: request.actor.adminId, userId: request.subjectId, sessions: ended },
      'admin signed a viewer out everywhere',
    );
  }
}
