import { ErrorCode, RECOVERY_CODE_COUNT } from '@chitram/contracts';
import { generateSync } from 'otplib';
import type { EntityManager } from 'typeorm';
import type { AuditEntries, NewAuditEntry } from '../audit/audit-entries.repository';
import type { AuthConfig } from '../config';
import type { SessionsService } from '../sessions/sessions.service';
import { InMemoryAdminAccounts, noManager } from '../testing/in-memory-admin-accounts';
import type { AdminTicket, AdminTicketPurpose } from './admin-account.entity';
import type { AdminAccountsRepository } from './admin-accounts.repository';
import { AdminTickets } from './admin-tickets';
import type { AdminTicketsRepository } from './admin-tickets.repository';
import { recoveryCodeHash } from './authenticator';
import {
  SECOND_FACTOR_MAX_RECENT_FAILURES,
  SECOND_STEP_MAX_FAILURES,
  SecondFactorService,
} from './second-factor.service';
import { SignInRecords } from './sign-in-records';

/**
 * SecondFactorService's rules (issue 20, DECISIONS D34: enrolment at the first sign-in or from the
 * admin's page, codes that work once, recovery codes that work once, a step that ends after too many
 * wrong codes, a cap on wrong codes per admin) with the accounts and tickets repositories in memory;
 * the SQL is tested against Postgres in admin-team.integration-spec.ts.
 */

/** The admin_ticket table in memory, behind the real AdminTickets (its hashing, expiry and spending). */
class InMemoryTicketRows implements Pick<AdminTicketsRepository, keyof AdminTicketsRepository> {
  readonly rows: AdminTicket[] = [];

  spendUnused(_m: EntityManager, adminId: string, purpose?: AdminTicketPurpose) {
    for (const row of this.rows)
      if (row.adminId === adminId && !row.usedAt && (!purpose || row.purpose === purpose))
        row.usedAt = new Date();
    return Promise.resolve();
  }

  insert(_m: EntityManager, ticket: Pick<AdminTicket, 'tokenHash' | 'adminId' | 'purpose' | 'expiresAt'>) {
    this.rows.push({ ...ticket, createdAt: new Date(), usedAt: null, failures: 0 });
    return Promise.resolve();
  }

  holdByHash(_m: EntityManager, tokenHash: string, purpose: AdminTicketPurpose) {
    const row = this.rows.find((r) => r.tokenHash === tokenHash && r.purpose === purpose);
    return Promise.resolve(row ? { ...row } : null);
  }

  update(_m: EntityManager, tokenHash: string, changes: Partial<Pick<AdminTicket, 'usedAt' | 'failures'>>) {
    Object.assign(
      this.rows.find((r) => r.tokenHash === tokenHash)!,
      changes,
    );
    return Promise.resolve();
  }

  signInFailuresSince(_m: EntityManager, adminId: string, since: Date) {
    const steps = this.rows.filter(
      (r) => r.adminId === adminId && r.purpose === 'sign-in' && r.createdAt >= since,
    );
    return Promise.resolve(steps.reduce((sum, r) => sum + r.failures, 0));
  }

  invitationExpiries() {
    return Promise.resolve(new Map<string, Date>());
  }
}

const CLIENT = '203.0.113.7';
/** The authenticator app's code now (or `steps` 30-second steps later). */
const codeOf = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

function setUp() {
  const accounts = new InMemoryAdminAccounts();
  const ticketRows = new InMemoryTicketRows();
  const tickets = new AdminTickets(ticketRows);
  const filed: NewAuditEntry[] = [];
  const opened: string[] = [];
  const service = new SecondFactorService(
    accounts as unknown as AdminAccountsRepository,
    tickets,
    {
      open: (id: string) => Promise.resolve(opened.push(id) && { token: 'access', refreshToken: 'refresh' }),
    } as unknown as SessionsService,
    new SignInRecords(
      {
        add: (_m: EntityManager, entry: NewAuditEntry) => Promise.resolve(filed.push(entry) > 0),
      } as unknown as AuditEntries,
      {} as AuthConfig,
    ),
  );
  /** An admin past the password step: the challenge of their second step. */
  const passwordStep = async (adminId: string) =>
    (await tickets.issue(noManager, adminId, 'sign-in', 300)).token;
  const admin = async (email = 'ops@chitram.test') => (await accounts.insert(email, 'hash', 'content'))!;
  const row = (id: string) => accounts.rows.find((r) => r.id === id)!;
  /** An admin with an authenticator enrolled at their first sign-in; its secret and recovery codes. */
  const enrolled = async (email?: string) => {
    const adminId = await admin(email);
    const { secret } = await service.enrolAtSignIn(await passwordStep(adminId));
    const session = await service.complete({
      challenge: await passwordStep(adminId),
      // The step before now's: now's and the next are left for the test.
      code: codeOf(secret, -1),
      clientIp: CLIENT,
    });
    filed.length = 0;
    return { adminId, secret, recoveryCodes: session.recoveryCodes! };
  };
  return { accounts, ticketRows, service, filed, opened, passwordStep, admin, row, enrolled };
}

describe('SecondFactorService (repositories in memory)', () => {
  it('enrols an authenticator at the first sign-in: its first code signs in and shows ten recovery codes once', async () => {
    const { service, passwordStep, admin, row, filed, opened } = setUp();
    const adminId = await admin();
    const challenge = await passwordStep(adminId);
    const offer = await service.enrolAtSignIn(challenge);
    expect(offer.otpauthUrl).toContain(`secret=${offer.secret}`);
    expect(row(adminId)).toMatchObject({ totpPendingSecret: offer.secret, totpSecret: null });

    // A wrong first code enrols nothing.
    await expect(service.complete({ challenge, code: '000000', clientIp: CLIENT })).rejects.toMatchObject({
      code: ErrorCode.SECOND_FACTOR_INVALID,
      message: 'That code is not right. Please try again.',
    });
    const session = await service.complete({ challenge, code: codeOf(offer.secret), clientIp: CLIENT });
    expect(session).toMatchObject({ token: 'access', email: 'ops@chitram.test', secondFactor: true });
    expect(session.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(row(adminId)).toMatchObject({ totpSecret: offer.secret, totpPendingSecret: null });
    expect(opened).toEqual([adminId]);
    expect(filed.map((entry) => entry.action)).toEqual([
      'sign-in-failed',
      'second-factor-enrolled',
      'signed-in',
    ]);

    // The step is spent; an enrolled admin is not offered another authenticator.
    await expect(
      service.complete({ challenge, code: codeOf(offer.secret, 1), clientIp: CLIENT }),
    ).rejects.toMatchObject({ message: 'This sign-in has ended. Please sign in again.' });
    await expect(service.enrolAtSignIn(await passwordStep(adminId))).rejects.toMatchObject({
      code: ErrorCode.SECOND_FACTOR_INVALID,
    });
  });

  it("takes the authenticator's code once: the same code again is refused, the next one works", async () => {
    const { service, passwordStep, enrolled, filed } = setUp();
    const { adminId, secret } = await enrolled();
    const used = codeOf(secret);
    const first = await service.complete({
      challenge: await passwordStep(adminId),
      code: used,
      clientIp: CLIENT,
    });
    expect(first).toMatchObject({ secondFactor: true });
    expect(first.recoveryCodes).toBeUndefined();
    const again = await passwordStep(adminId);
    await expect(service.complete({ challenge: again, code: used, clientIp: CLIENT })).rejects.toMatchObject({
      code: ErrorCode.SECOND_FACTOR_INVALID,
    });
    // Neither code nor recovery code: refused as wrong, not as an error.
    await expect(service.complete({ challenge: again, clientIp: CLIENT })).rejects.toMatchObject({
      code: ErrorCode.SECOND_FACTOR_INVALID,
    });
    await service.complete({ challenge: again, code: codeOf(secret, 1), clientIp: CLIENT });
    expect(filed.map((entry) => [entry.action, entry.note ?? null])).toEqual([
      ['signed-in', null],
      ['sign-in-failed', 'Wrong authenticator or recovery code.'],
      ['sign-in-failed', 'Wrong authenticator or recovery code.'],
      ['signed-in', null],
    ]);
  });

  it('takes each recovery code once, in any case and with or without its dash, and says how many are left', async () => {
    const { service, passwordStep, enrolled, accounts, filed } = setUp();
    const { adminId, recoveryCodes } = await enrolled();
    const typed = recoveryCodes[0].toUpperCase().replace('-', '');
    await service.complete({ challenge: await passwordStep(adminId), recoveryCode: typed, clientIp: CLIENT });
    expect(await accounts.recoveryCodesLeft(noManager, adminId)).toBe(RECOVERY_CODE_COUNT - 1);
    expect(filed[0]).toMatchObject({
      action: 'recovery-code-used',
      note: `${RECOVERY_CODE_COUNT - 1} recovery codes left.`,
    });
    await expect(
      service.complete({
        challenge: await passwordStep(adminId),
        recoveryCode: recoveryCodes[0],
        clientIp: CLIENT,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.SECOND_FACTOR_INVALID });
    // Only the hashes are kept.
    expect(accounts.recoveryCodes.get(adminId)).not.toContain(recoveryCodes[1]);
    expect(accounts.recoveryCodes.get(adminId)).toContain(recoveryCodeHash(recoveryCodes[1]));
  });

  it('ends a sign-in step after too many wrong codes: even the right code then needs the password again', async () => {
    const { service, passwordStep, enrolled, filed } = setUp();
    const { adminId, secret } = await enrolled();
    const challenge = await passwordStep(adminId);
    const messages: string[] = [];
    for (let attempt = 0; attempt < SECOND_STEP_MAX_FAILURES; attempt += 1)
      messages.push(
        await service.complete({ challenge, code: '000000', clientIp: CLIENT }).then(
          () => 'signed in',
          (error: Error) => error.message,
        ),
      );
    expect(messages).toEqual([
      ...Array<string>(SECOND_STEP_MAX_FAILURES - 1).fill('That code is not right. Please try again.'),
      'This sign-in has ended. Please sign in again.',
    ]);
    expect(filed.at(-1)?.note).toBe(
      'Wrong authenticator or recovery code; too many for this sign-in, which has ended.',
    );
    await expect(
      service.complete({ challenge, code: codeOf(secret, 1), clientIp: CLIENT }),
    ).rejects.toMatchObject({
      message: 'This sign-in has ended. Please sign in again.',
    });
    await service.complete({
      challenge: await passwordStep(adminId),
      code: codeOf(secret, 1),
      clientIp: CLIENT,
    });
  });

  it("stops checking an admin's codes after too many wrong ones across steps, until the window has passed", async () => {
    const { service, passwordStep, enrolled, ticketRows } = setUp();
    const { adminId, secret } = await enrolled();
    const bystander = await enrolled('other@chitram.test');
    for (let wrong = 0; wrong < SECOND_FACTOR_MAX_RECENT_FAILURES; wrong += 1) {
      // Each step is given up before it ends, so only the count across steps stops the guessing.
      const challenge = await passwordStep(adminId);
      await expect(service.complete({ challenge, code: '000000', clientIp: CLIENT })).rejects.toMatchObject({
        code: ErrorCode.SECOND_FACTOR_INVALID,
      });
    }
    const challenge = await passwordStep(adminId);
    await expect(
      service.complete({ challenge, code: codeOf(secret, 1), clientIp: CLIENT }),
    ).rejects.toMatchObject({
      code: ErrorCode.RATE_LIMITED,
      retryAfterSeconds: 15 * 60,
    });
    // Another admin is not held back.
    await service.complete({
      challenge: await passwordStep(bystander.adminId),
      code: codeOf(bystander.secret, 1),
      clientIp: CLIENT,
    });
    // Fifteen minutes later the wrong codes no longer count.
    for (const row of ticketRows.rows) row.createdAt = new Date(row.createdAt.getTime() - 15 * 60_000 - 1000);
    await service.complete({ challenge, code: codeOf(secret, 1), clientIp: CLIENT });
  });

  it("adds an authenticator from the admin's page: confirmed by its first code, never over one enrolled", async () => {
    const { service, admin, row, filed, enrolled } = setUp();
    const adminId = await admin();
    await expect(service.confirm(adminId, '123456')).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    const { secret } = await service.start(adminId);
    await expect(service.confirm(adminId, '000000')).rejects.toMatchObject({
      code: ErrorCode.SECOND_FACTOR_INVALID,
    });
    expect(row(adminId).totpSecret).toBeNull();
    const { recoveryCodes } = await service.confirm(adminId, codeOf(secret));
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(row(adminId)).toMatchObject({ totpSecret: secret, totpPendingSecret: null });
    expect(filed.map((entry) => entry.action)).toEqual(['second-factor-enrolled']);
    await expect(service.start(adminId)).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    const other = await enrolled('other@chitram.test');
    await expect(service.start(other.adminId)).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
  });

  it("ends a disabled admin's sign-in step, and refuses to start an authenticator for them", async () => {
    const { service, passwordStep, enrolled, row } = setUp();
    const { adminId, secret } = await enrolled();
    const challenge = await passwordStep(adminId);
    row(adminId).status = 'disabled';
    await expect(
      service.complete({ challenge, code: codeOf(secret, 1), clientIp: CLIENT }),
    ).rejects.toMatchObject({
      message: 'This sign-in has ended. Please sign in again.',
    });
    await expect(service.start(adminId)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
