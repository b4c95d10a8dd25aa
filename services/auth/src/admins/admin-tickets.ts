import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AdminTicket, type AdminTicketPurpose } from './admin-account.entity';

function ticketHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Invitation links and sign-in second steps (AdminTicket): 256 random bits handed out once, only their
 * SHA-256 kept. A ticket is taken under a row lock, so two uses at once cannot both succeed.
 */
@Injectable()
export class AdminTickets {
  /** A new ticket; the admin's earlier unused tickets of the same purpose stop working. */
  async issue(
    manager: EntityManager,
    adminId: string,
    purpose: AdminTicketPurpose,
    ttlSeconds: number,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    await manager.query(
      `UPDATE "admin_ticket" SET "used_at" = now() WHERE "admin_id" = $1 AND "purpose" = $2 AND "used_at" IS NULL`,
      [adminId, purpose],
    );
    await manager.insert(AdminTicket, { tokenHash: ticketHash(token), adminId, purpose, expiresAt });
    return { token, expiresAt };
  }

  /** The ticket of this token and purpose, locked, when it is unused and unexpired; else null. */
  async holdLive(
    manager: EntityManager,
    token: string,
    purpose: AdminTicketPurpose,
  ): Promise<AdminTicket | null> {
    const ticket = await manager.getRepository(AdminTicket).findOne({
      where: { tokenHash: ticketHash(token), purpose },
      lock: { mode: 'pessimistic_write' },
    });
    if (!ticket || ticket.usedAt || ticket.expiresAt.getTime() <= Date.now()) return null;
    return ticket;
  }

  /** Spends a ticket: it never works again. */
  async spend(manager: EntityManager, ticket: AdminTicket): Promise<void> {
    await manager.update(AdminTicket, { tokenHash: ticket.tokenHash }, { usedAt: new Date() });
  }

  /** Counts a wrong code against a sign-in step; answers the count. */
  async countFailure(manager: EntityManager, ticket: AdminTicket): Promise<number> {
    const failures = ticket.failures + 1;
    await manager.update(AdminTicket, { tokenHash: ticket.tokenHash }, { failures });
    return failures;
  }

  /** Wrong codes given for this admin's sign-in steps since `since`, all steps together. */
  async recentFailures(manager: EntityManager, adminId: string, since: Date): Promise<number> {
    const [row]: Array<{ failures: string | null }> = await manager.query(
      `SELECT sum("failures") AS "failures" FROM "admin_ticket" WHERE "admin_id" = $1 AND "purpose" = 'sign-in' AND "created_at" >= $2`,
      [adminId, since],
    );
    return Number(row?.failures ?? 0);
  }

  /** When each invited admin's newest live invitation expires, by admin id. */
  async invitationExpiries(manager: EntityManager): Promise<Map<string, Date>> {
    const rows: Array<{ admin_id: string; expires_at: Date }> = await manager.query(
      `SELECT "admin_id", max("expires_at") AS "expires_at" FROM "admin_ticket"
        WHERE "purpose" = 'invitation' AND "used_at" IS NULL AND "expires_at" > now() GROUP BY "admin_id"`,
    );
    return new Map(rows.map((row) => [row.admin_id, new Date(row.expires_at)]));
  }

  /** Ends every unused ticket of an admin (disabled, or their second factor reset). */
  async voidAll(manager: EntityManager, adminId: string): Promise<void> {
    await manager.query(
      `UPDATE "admin_ticket" SET "used_at" = now() WHERE "admin_id" = $1 AND "used_at" IS NULL`,
      [adminId],
    );
  }
}
