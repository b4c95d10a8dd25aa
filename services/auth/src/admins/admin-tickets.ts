import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AdminTicket, AdminTicketPurpose } from './admin-account.entity';
import { AdminTicketsRepository } from './admin-tickets.repository';

function ticketHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Invitation links and sign-in second steps (AdminTicket): 256 random bits handed out once, only their
 * SHA-256 kept. A ticket is taken under a row lock, so two uses at once cannot both succeed.
 */
@Injectable()
export class AdminTickets {
  constructor(private readonly tickets: AdminTicketsRepository) {}

  /** A new ticket; the admin's earlier unused tickets of the same purpose stop working. */
  async issue(
    manager: EntityManager,
    adminId: string,
    purpose: AdminTicketPurpose,
    ttlSeconds: number,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    await this.tickets.spendUnused(manager, adminId, purpose);
    await this.tickets.insert(manager, { tokenHash: ticketHash(token), adminId, purpose, expiresAt });
    return { token, expiresAt };
  }

  /** The ticket of this token and purpose, locked, when it is unused and unexpired; else null. */
  async holdLive(
    manager: EntityManager,
    token: string,
    purpose: AdminTicketPurpose,
  ): Promise<AdminTicket | null> {
    const ticket = await this.tickets.holdByHash(manager, ticketHash(token), purpose);
    if (!ticket || ticket.usedAt || ticket.expiresAt.getTime() <= Date.now()) return null;
    return ticket;
  }

  /** Spends a ticket: it never works again. */
  async spend(manager: EntityManager, ticket: AdminTicket): Promise<void> {
    await this.tickets.update(manager, ticket.tokenHash, { usedAt: new Date() });
  }

  /** Counts a wrong code against a sign-in step; answers the count. */
  async countFailure(manager: EntityManager, ticket: AdminTicket): Promise<number> {
    const failures = ticket.failures + 1;
    await this.tickets.update(manager, ticket.tokenHash, { failures });
    return failures;
  }

  /** Wrong codes given for this admin's sign-in steps since `since`, all steps together. */
  recentFailures(manager: EntityManager, adminId: string, since: Date): Promise<number> {
    return this.tickets.signInFailuresSince(manager, adminId, since);
  }

  /** When each invited admin's newest live invitation expires, by admin id. */
  invitationExpiries(manager: EntityManager): Promise<Map<string, Date>> {
    return this.tickets.invitationExpiries(manager);
  }

  /** Ends every unused ticket of an admin (disabled, or their second factor reset). */
  voidAll(manager: EntityManager, adminId: string): Promise<void> {
    return this.tickets.spendUnused(manager, adminId);
  }
}
