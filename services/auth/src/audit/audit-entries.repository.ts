import { Injectable } from '@nestjs/common';
import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditAdmin,
  type AuditEntityType,
  type AuditEntry,
  type FieldChange,
} from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** An entry to file. `id` is the event's for filed events, so a repeat stores nothing. */
export interface NewAuditEntry {
  id?: string;
  occurredAt?: Date;
  adminId: string | null;
  adminEmail: string | null;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  entityLabel: string;
  changes?: FieldChange[];
  note?: string | null;
  address?: string | null;
}

/** A filter of the trail, in the database's terms: times, not days. */
export interface AuditFilter {
  adminId?: string;
  entityType?: AuditEntityType;
  action?: AuditAction;
  /** Included. */
  from?: Date;
  /** Excluded. */
  until?: Date;
}

interface EntryRow {
  id: string;
  occurred_at: Date;
  admin_id: string | null;
  admin_email: string | null;
  action: AuditAction;
  entity_type: AuditEntityType;
  entity_id: string | null;
  entity_label: string;
  changes: FieldChange[];
  note: string | null;
  address: string | null;
}

/**
 * The address an entry names: a loopback one names this machine, not a client (a development platform,
 * or a proxy that passed no client address), so the trail keeps none.
 */
export function trailAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const loopback = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;
  return loopback.test(address) ? null : address;
}

function toEntry(row: EntryRow): AuditEntry {
  return {
    _id: row.id,
    at: new Date(row.occurred_at).toISOString(),
    admin: { id: row.admin_id, email: row.admin_email },
    action: row.action,
    entity: { type: row.entity_type, id: row.entity_id, label: row.entity_label },
    changes: row.changes,
    note: row.note,
    address: row.address,
  };
}

/** The audit trail's SQL (issue 9). */
@Injectable()
export class AuditEntries {
  constructor(private readonly dataSource: DataSource) {}

  /** Files an entry in the caller's transaction; answers false when an entry with its id exists already. */
  async add(manager: EntityManager, entry: NewAuditEntry): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO "audit_entry" ("id", "occurred_at", "admin_id", "admin_email", "action", "entity_type",
         "entity_id", "entity_label", "changes", "note", "address")
       VALUES (coalesce($1::uuid, gen_random_uuid()), coalesce($2::timestamptz, now()), $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)
       ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
      [
        entry.id ?? null,
        entry.occurredAt ?? null,
        entry.adminId,
        entry.adminEmail,
        entry.action,
        entry.entityType,
        entry.entityId,
        entry.entityLabel,
        JSON.stringify(entry.changes ?? []),
        entry.note ?? null,
        trailAddress(entry.address),
      ],
    );
    return rows.length > 0;
  }

  /**
   * Deletes up to `batch` entries older than `days` days (by the database's clock); answers how many.
   * Repeating it, or several instances running it at once, deletes each entry once and nothing else.
   */
  async deleteOlderThan(days: number, batch: number): Promise<number> {
    const [, deleted]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM "audit_entry" WHERE "id" IN (
         SELECT "id" FROM "audit_entry" WHERE "occurred_at" < now() - make_interval(days => $1)
          ORDER BY "occurred_at" LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [days, batch],
    );
    return deleted;
  }

  /** One page, newest first (ties by id, so pages never overlap), with the count of all that match. */
  async page(filter: AuditFilter, page: number): Promise<{ entries: AuditEntry[]; total: number }> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const where = (sql: (placeholder: string) => string, value: unknown) => {
      if (value === undefined) return;
      params.push(value);
      conditions.push(sql(`$${params.length}`));
    };
    where((p) => `"admin_id" = ${p}::uuid`, filter.adminId);
    where((p) => `"entity_type" = ${p}`, filter.entityType);
    where((p) => `"action" = ${p}`, filter.action);
    where((p) => `"occurred_at" >= ${p}`, filter.from);
    where((p) => `"occurred_at" < ${p}`, filter.until);
    const clause = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const offset = (page - 1) * AUDIT_PAGE_SIZE;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<EntryRow[]>(
        `SELECT * FROM "audit_entry" ${clause} ORDER BY "occurred_at" DESC, "id" DESC
         LIMIT ${AUDIT_PAGE_SIZE} OFFSET ${offset}`,
        params,
      ),
      this.dataSource.query<Array<{ total: number }>>(
        `SELECT count(*)::int AS total FROM "audit_entry" ${clause}`,
        params,
      ),
    ]);
    return { entries: rows.map(toEntry), total };
  }

  /** Every admin, by e-mail: the page's filter. */
  admins(): Promise<AuditAdmin[]> {
    return this.dataSource.query<AuditAdmin[]>(`SELECT "id", "email" FROM "admin_account" ORDER BY "email"`);
  }

  /** The e-mail of an admin, or null when no admin has that id (a token of a test, an admin removed since). */
  async adminEmail(manager: EntityManager, adminId: string): Promise<string | null> {
    const rows: Array<{ email: string }> = await manager.query(
      `SELECT "email" FROM "admin_account" WHERE "id" = $1`,
      [adminId],
    );
    return rows[0]?.email ?? null;
  }
}
