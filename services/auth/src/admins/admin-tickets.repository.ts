import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AdminTicket, type AdminTicketPurpose } from './admin-account.entity';

/** Every SQL statement of invitation links and sign-in steps (table admin_ticket); the rules are AdminTickets'. */
@Injectable()
export class AdminTicketsRepository {
  /** Marks the admin's unused tickets used: of one purpose, or of every purpose. */
  async spendUnused(manager: EntityManager, adminId: string, purpose?: AdminTicketPurpose): Promise<void> {
    await manager.query(
      `UPDATE "admin_ticket" SET "used_at" = now() WHERE "admin_id" = $1 AND "used_at" IS NULL${purpose ? ` AND "purpose" = $2` : ''}`,
      purpose ? [adminId, purpose] : [adminId],
    );
  }

  async insert(
    manager: EntityManager,
    ticket: Pick<AdminTicket, 'tokenHash' | 'adminId' | 'purpose' | 'expiresAt'>,
  ): Promise<void> {
    await manager.insert(AdminTicket, ticket);
  }

  /** The ticket of this hash and purpose, locked until the transaction ends. */
  holdByHash(
    manager: EntityManager,
    tokenHash: string,
    purpose: AdminTicketPurpose,
  ): Promise<AdminTicket | null> {
    return manager.getRepository(AdminTicket).findOne({
      where: { tokenHash, purpose },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async update(
    manager: EntityManager,
    tokenHash: string,
    changes: Partial<Pick<AdminTicket, 'usedAt' | 'failures'>>,
  ): Promise<void> {
    await manager.update(AdminTicket, { tokenHash }, changes);
  }

  /** Wrong codes given for this admin's sign-in steps created since `since`, all steps together. */
  async signInFailuresSince(manager: EntityManager, adminId: string, since: Date): Promise<number> {
    const [row]: Array<{ failures: string | null }> = await manager.query(
      `SELECT sum("failures") AS "failures" FROM "admin_ticket" WHERE "admin_id" = $1 AND "purpose" = 'sign-in' AND "created_at" >= $2`,
      [adminId, since],
    );
    return Number(row?.failures ?? 0);
  }

  /** When each admin's newest unused, unexpired invitation expires, by admin id. */
  async invitationExpiries(manager: EntityManager): Promise<Map<string, Date>> {
    const rows: Array<{ admin_id: string; expires_at: Date }> = await manager.query(
      `SELECT "admin_id", max("expires_at") AS "expires_at" FROM "admin_ticket"
        WHERE "purpose" = 'invitation' AND "used_at" IS NULL AND "expires_at" > now() GROUP BY "admin_id"`,
    );
    return new Map(rows.map((row) => [row.admin_id, new Date(row.expires_at)]));
  }
}
