import { randomUUID } from 'node:crypto';
import { ErrorCode, type AdminActor, type AdminRole } from '@chitram/contracts';
import type { EntityManager } from 'typeorm';
import type { AuditEntries, NewAuditEntry } from '../audit/audit-entries.repository';
import type { AuthConfig } from '../config';
import type { SessionsService } from '../sessions/sessions.service';
import type { AdminTicketPurpose } from './admin-account.entity';
import { InMemoryAdminAccounts, noManager } from '../testing/in-memory-admin-accounts';
import type { AdminAccountsRepository } from './admin-accounts.repository';
import type { AdminTickets } from './admin-tickets';
import { AdminTeamService } from './admin-team.service';

/**
 * AdminTeamService's rules (issue 20, DECISIONS D34: invitations, roles, disabling, second-factor
 * resets, never to oneself, every change filed, sessions ended) with its repository in memory; the SQL
 * is tested against Postgres in admin-team.integration-spec.ts.
 */

/** Links and sign-in steps as AdminTickets keeps them, in memory: a token is its own key here. */
class InMemoryTickets {
  readonly live = new Map<string, { adminId: string; purpose: AdminTicketPurpose; expiresAt: Date }>();

  issue(_m: EntityManager, adminId: string, purpose: AdminTicketPurpose, ttlSeconds: number) {
    for (const [token, ticket] of this.live)
      if (ticket.adminId === adminId && ticket.purpose === purpose) this.live.delete(token);
    const token = randomUUID();
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    this.live.set(token, { adminId, purpose, expiresAt });
    return Promise.resolve({ token, expiresAt });
  }

  holdLive(_m: EntityManager, token: string, purpose: AdminTicketPurpose) {
    const ticket = this.live.get(token);
    return Promise.resolve(ticket?.purpose === purpose ? { ...ticket, tokenHash: token } : null);
  }

  spend(_m: EntityManager, ticket: { tokenHash: string }) {
    this.live.delete(ticket.tokenHash);
    return Promise.resolve();
  }

  invitationExpiries() {
    const invitations = [...this.live.values()].filter((ticket) => ticket.purpose === 'invitation');
    return Promise.resolve(new Map(invitations.map((ticket) => [ticket.adminId, ticket.expiresAt])));
  }

  voidAll(_m: EntityManager, adminId: string) {
    for (const [token, ticket] of this.live) if (ticket.adminId === adminId) this.live.delete(token);
    return Promise.resolve();
  }
}

function setUp() {
  const accounts = new InMemoryAdminAccounts();
  const tickets = new InMemoryTickets();
  const filed: NewAuditEntry[] = [];
  const revoked: string[] = [];
  const team = new AdminTeamService(
    accounts as unknown as AdminAccountsRepository,
    tickets as unknown as AdminTickets,
    { revokeSubject: (id: string) => Promise.resolve(revoked.push(id)) } as unknown as SessionsService,
    {
      add: (_m: EntityManager, entry: NewAuditEntry) => Promise.resolve(filed.push(entry) > 0),
      adminEmail: (_m: EntityManager, id: string) =>
        Promise.resolve(accounts.rows.find((row) => row.id === id)?.email ?? null),
    } as unknown as AuditEntries,
    { ADMIN_INVITATION_TTL_HOURS: 72 } as AuthConfig,
  );
  const admin = async (email: string, role: AdminRole) => {
    const id = (await accounts.insert(email, 'hash', role))!;
    return { adminId: id, sessionId: randomUUID(), address: '10.0.0.1' } satisfies AdminActor;
  };
  const row = (id: string) => accounts.rows.find((r) => r.id === id)!;
  return { accounts, tickets, filed, revoked, team, admin, row };
}

describe('AdminTeamService (repository in memory)', () => {
  it('invites with a link that works once: the invitee sets a password and becomes active', async () => {
    const { team, admin, filed, row } = setUp();
    const owner = await admin('owner@chitram.test', 'owner');
    const first = await team.invite({ actor: owner, email: ' New@Chitram.test ', role: 'content' });
    expect(first.admin).toMatchObject({ email: 'new@chitram.test', role: 'content', status: 'invited' });
    // Re-inviting gives a new link and role; the old link stops working.
    const second = await team.invite({ actor: owner, email: 'new@chitram.test', role: 'finance' });
    expect((await team.list()).map((m) => [m.email, m.role, m.status, m.invitationExpiresAt])).toEqual([
      ['owner@chitram.test', 'owner', 'active', null],
      ['new@chitram.test', 'finance', 'invited', second.expiresAt],
    ]);
    const accept = (token: string, password = 'a long enough password') =>
      team.acceptInvitation({ token, password, clientIp: '10.0.0.2' });
    await expect(accept(first.invitationToken)).rejects.toMatchObject({ code: ErrorCode.INVITATION_INVALID });
    await expect(accept(second.invitationToken, 'short')).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
    await accept(second.invitationToken);
    expect(row(second.admin._id)).toMatchObject({ status: 'active', passwordHash: expect.any(String) });
    await expect(accept(second.invitationToken)).rejects.toMatchObject({
      code: ErrorCode.INVITATION_INVALID,
    });
    expect(filed.map((entry) => [entry.action, entry.adminEmail])).toEqual([
      ['invited', 'owner@chitram.test'],
      ['invited', 'owner@chitram.test'],
      ['invitation-accepted', 'new@chitram.test'],
    ]);
    // An admin that exists already is not invited again; a bad address is a clear error.
    await expect(
      team.invite({ actor: owner, email: 'new@chitram.test', role: 'support' }),
    ).rejects.toMatchObject({
      code: ErrorCode.CONFLICT,
    });
    await expect(team.invite({ actor: owner, email: 'not-an-email', role: 'support' })).rejects.toMatchObject(
      {
        code: ErrorCode.VALIDATION_FAILED,
      },
    );
  });

  it('changes a role or disables an admin at once (sessions end, links void), never the owner themselves', async () => {
    const { team, admin, tickets, filed, revoked, row } = setUp();
    const owner = await admin('owner@chitram.test', 'owner');
    const { adminId } = await admin('editor@chitram.test', 'content');
    await expect(team.changeRole(owner, owner.adminId, 'support')).rejects.toMatchObject({
      code: ErrorCode.CONFLICT,
    });
    await expect(team.disable(owner, owner.adminId)).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    await expect(team.disable(owner, randomUUID())).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    // The same role again changes nothing: nothing filed, no session ended.
    expect(await team.changeRole(owner, adminId, 'content')).toMatchObject({ role: 'content' });
    expect([filed.length, revoked.length]).toEqual([0, 0]);

    expect(await team.changeRole(owner, adminId, 'finance')).toMatchObject({ role: 'finance' });
    expect(filed.at(-1)).toMatchObject({
      action: 'role-changed',
      entityId: adminId,
      changes: [{ field: 'role', before: 'content', after: 'finance' }],
    });
    await tickets.issue(noManager, adminId, 'sign-in', 300);
    expect(await team.disable(owner, adminId)).toMatchObject({ status: 'disabled' });
    expect(row(adminId).disabledAt).toBeInstanceOf(Date);
    expect(revoked).toEqual([adminId, adminId]);
    expect(tickets.live.size).toBe(0);
    await team.disable(owner, adminId);
    expect(filed.map((entry) => entry.action)).toEqual(['role-changed', 'disabled']);
  });

  it('resets a lost second factor: authenticator and recovery codes gone, filed once', async () => {
    const { team, admin, accounts, filed, row } = setUp();
    const owner = await admin('owner@chitram.test', 'owner');
    const { adminId } = await admin('support@chitram.test', 'support');
    Object.assign(row(adminId), { totpSecret: 'SECRET', totpLastStep: '42' });
    await accounts.replaceRecoveryCodes(noManager, adminId, ['a', 'b']);
    expect(await team.resetSecondFactor(owner, adminId)).toMatchObject({ secondFactor: false });
    expect(row(adminId)).toMatchObject({ totpSecret: null, totpPendingSecret: null, totpLastStep: null });
    expect(await accounts.recoveryCodesLeft(noManager, adminId)).toBe(0);
    await team.resetSecondFactor(owner, adminId);
    expect(filed.map((entry) => entry.action)).toEqual(['second-factor-reset']);
  });
});
