import { performance } from 'node:perf_hooks';
import { DomainError, ErrorCode, SignInMessages, Subjects, type AuditEntry } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  testSigningKeys,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { DEMO_ADMIN } from '../config';
import { hashPassword, passwordMatches } from './password';
import { authService } from '../service';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let nextHost = 1;
const freshAddress = () => `192.0.2.${nextHost++}`;
let nextGhost = 1;
const ghostEmail = () => `ghost-${nextGhost++}-${Date.now()}@chitram.in`;

type Answer = { code: string; message: string; retryAfterSeconds?: number } | { ok: true };
/** Failed sign-ins one address may make in the window; above the e-mail's 3, as the defaults' 20 are above 10. */
const ADDRESS_LIMIT = 8;
const DELAY_MS = 100;
const DELAY_MAX_MS = 400;

/**
 * Issue 10's admin sign-in rules, on a real auth service: failed sign-ins limited per client address
 * whatever e-mails they name, and a lock that answers an e-mail no admin has exactly as it answers a
 * real one, in the same time. And issue 9: every sign-in, failure and lock is in the audit trail.
 */
describe('admin sign-in: the per-address limit and no telling real e-mails apart', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let auth: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  const login = (email: string, password: string, clientIp: string) =>
    rpc.call(Subjects.auth.adminLogin, { email, password, clientIp });
  const answer = (email: string, password: string, clientIp = freshAddress()): Promise<Answer> =>
    login(email, password, clientIp).then(
      () => ({ ok: true }),
      (error: DomainError) => ({
        code: error.code,
        message: error.message,
        ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      }),
    );
  const trail = (filter: Record<string, string>) =>
    rpc.call(Subjects.auth.audit.page, filter).then((page) => page.entries);

  beforeAll(async () => {
    auth = await startTestService(authService, {
      env: {
        ...isolation.env,
        JWT_PRIVATE_KEY: keys.privatePem,
        ADMIN_LOGIN_MAX_FAILURES: '3',
        ADMIN_LOGIN_WINDOW_SECONDS: '60',
        ADMIN_LOCK_SECONDS: '1',
        ADMIN_LOGIN_ADDRESS_LIMIT: String(ADDRESS_LIMIT),
        ADMIN_LOGIN_ADDRESS_WINDOW_SECONDS: '60',
        ADMIN_LOGIN_DELAY_MS: String(DELAY_MS),
        ADMIN_LOGIN_DELAY_MAX_MS: String(DELAY_MAX_MS),
      },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'admin-limits-test');
    rpc = new RpcClient(nats, 10_000);
  });

  afterAll(async () => {
    await nats?.close();
    await auth?.destroy();
    await isolation.cleanUp();
  });

  describe('the per-address limit', () => {
    it('refuses an address after its failures, whatever e-mails they named, even with the right password', async () => {
      const address = freshAddress();
      for (let i = 0; i < ADDRESS_LIMIT; i++)
        expect(await answer(ghostEmail(), 'guess', address)).toMatchObject({
          code: ErrorCode.INVALID_CREDENTIALS,
        });
      const refused = await answer(DEMO_ADMIN.email, DEMO_ADMIN.password, address);
      expect(refused).toEqual({
        code: ErrorCode.RATE_LIMITED,
        message: SignInMessages.tooManyRequests,
        retryAfterSeconds: expect.any(Number),
      });
      const wait = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
      expect(wait).toBeGreaterThanOrEqual(59);
      expect(wait).toBeLessThanOrEqual(60);
      // Another address is not held back by this one.
      await expect(login(DEMO_ADMIN.email, DEMO_ADMIN.password, freshAddress())).resolves.toMatchObject({
        role: 'admin',
      });
    });

    it('counts an IPv6 /64 as one address', async () => {
      for (let host = 1; host <= ADDRESS_LIMIT; host++)
        await answer(ghostEmail(), 'guess', `2001:db8:1:2::${host.toString(16)}`);
      expect(await answer(ghostEmail(), 'guess', '2001:db8:1:2:ffff::1')).toMatchObject({
        code: ErrorCode.RATE_LIMITED,
      });
      expect(await answer(ghostEmail(), 'guess', '2001:db8:1:3::a')).toMatchObject({
        code: ErrorCode.INVALID_CREDENTIALS,
      });
    });

    it('does not count successful sign-ins', async () => {
      const office = freshAddress();
      for (let i = 0; i < 6; i++)
        await expect(login(DEMO_ADMIN.email, DEMO_ADMIN.password, office)).resolves.toMatchObject({
          role: 'admin',
        });
    });

    it('lets no more guesses sent together through than the limit', async () => {
      const address = freshAddress();
      const answers = await Promise.all(
        Array.from({ length: ADDRESS_LIMIT + 6 }, () => answer(ghostEmail(), 'guess', address)),
      );
      const codes = answers.map((a) => ('code' in a ? a.code : 'ok'));
      expect(codes.filter((c) => c === ErrorCode.INVALID_CREDENTIALS)).toHaveLength(ADDRESS_LIMIT);
      expect(codes.filter((c) => c === ErrorCode.RATE_LIMITED)).toHaveLength(6);
    });
  });

  describe('an e-mail no admin has', () => {
    /**
     * From one address: three wrong passwords, the right one while locked, then (after the lock) three
     * more: what each answered.
     */
    async function lockTwice(email: string, rightPassword: string): Promise<Answer[]> {
      const address = freshAddress();
      const answers: Answer[] = [];
      for (const guess of ['wrong-1', 'wrong-2', 'wrong-3'])
        answers.push(await answer(email, guess, address));
      answers.push(await answer(email, rightPassword, address));
      await sleep(1100);
      for (const guess of ['wrong-4', 'wrong-5', 'wrong-6'])
        answers.push(await answer(email, guess, address));
      return answers;
    }

    it('is answered and locked exactly as a real admin’s e-mail', async () => {
      const ghost = ghostEmail();
      const [real, unknown] = await Promise.all([
        lockTwice(DEMO_ADMIN.email, DEMO_ADMIN.password),
        lockTwice(ghost, DEMO_ADMIN.password),
      ]);
      const invalid = { code: ErrorCode.INVALID_CREDENTIALS, message: SignInMessages.invalidCredentials };
      const locked = (seconds: number) => ({
        code: ErrorCode.ACCOUNT_LOCKED,
        message: SignInMessages.accountLocked,
        retryAfterSeconds: seconds,
      });
      expect(real).toEqual([invalid, invalid, locked(1), locked(1), invalid, invalid, locked(2)]);
      expect(unknown).toEqual(real);
      // The locks hold only those addresses: from another, at once, the admin signs in.
      await expect(login(DEMO_ADMIN.email, DEMO_ADMIN.password, freshAddress())).resolves.toMatchObject({
        role: 'admin',
      });
    });

    it('answers an e-mail that is only spaces as any other, lock included', async () => {
      const answers = [];
      const address = freshAddress();
      for (let i = 0; i < 3; i++) answers.push(await answer('   ', 'guess', address));
      expect(answers.map((a) => ('code' in a ? a.code : 'ok'))).toEqual([
        ErrorCode.INVALID_CREDENTIALS,
        ErrorCode.INVALID_CREDENTIALS,
        ErrorCode.ACCOUNT_LOCKED,
      ]);
    });

    it('takes as long to refuse as a wrong password does: the password is checked either way', async () => {
      // What checking one password costs on this machine: the part that must not be skipped.
      const passwordHash = await hashPassword('some password');
      const checks: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await passwordMatches(passwordHash, 'another password');
        checks.push(performance.now() - started);
      }
      const known: number[] = [];
      const unknown: number[] = [];
      const timed = async (email: string, into: number[]) => {
        const started = performance.now();
        await answer(email, 'not-the-password');
        into.push(performance.now() - started);
      };
      for (let round = 0; round < 15; round++) {
        await timed(DEMO_ADMIN.email, known);
        await timed(ghostEmail(), unknown);
        // The right password clears the admin's failures, so the next round is not locked.
        await login(DEMO_ADMIN.email, DEMO_ADMIN.password, freshAddress());
      }
      // The quickest of each: what the work costs, without the waits a busy machine adds at random. A
      // skipped check would open a gap of a whole check or more; the known admin's failure count is
      // written besides, which a busy machine's database can stretch to half a check.
      expect(Math.abs(Math.min(...unknown) - Math.min(...known))).toBeLessThan(Math.min(...checks) * 0.75);
    });
  });

  describe('in the audit trail', () => {
    it('files each sign-in, failure, refusal and lock, with the address', async () => {
      const [{ id: adminId }] = await auth.dataSource.query<Array<{ id: string }>>(
        `SELECT "id" FROM "admin_account" WHERE "email" = $1`,
        [DEMO_ADMIN.email],
      );
      const ghost = ghostEmail();
      const address = freshAddress();
      await login(DEMO_ADMIN.email, DEMO_ADMIN.password, address);
      const guesser = freshAddress();
      for (const guess of ['x-1', 'x-2', 'x-3', 'x-4']) await answer(ghost, guess, guesser);

      const signedIn = await trail({ admin: adminId, action: 'signed-in' });
      expect(signedIn[0]).toMatchObject({
        admin: { id: adminId, email: DEMO_ADMIN.email },
        action: 'signed-in',
        entity: { type: 'admin', id: adminId, label: DEMO_ADMIN.email },
        address,
      });
      const adminFailures = await trail({ admin: adminId, action: 'sign-in-failed' });
      expect(adminFailures.map((entry) => entry.note)).toEqual(
        expect.arrayContaining([
          'Wrong password.',
          expect.stringMatching(/^Refused: this address is locked for \d+ seconds? more\.$/),
        ]),
      );
      const locks = await trail({ action: 'locked-out', entity: 'admin' });
      const ghostLock = locks.find((entry: AuditEntry) => entry.admin.email === ghost);
      expect(ghostLock).toMatchObject({
        admin: { id: null, email: ghost },
        entity: { type: 'admin', id: null, label: ghost },
        note: 'No admin has this e-mail; locked for 1 second after 3 failed sign-ins from this address.',
      });
      expect(
        locks.some(
          (entry) => entry.admin.id === adminId && /^Wrong password; locked for/.test(entry.note ?? ''),
        ),
      ).toBe(true);
      const ghostEntries = (await trail({ entity: 'admin' })).filter((entry) => entry.admin.email === ghost);
      expect(ghostEntries.map((entry) => [entry.action, entry.note])).toEqual([
        ['sign-in-failed', expect.stringMatching(/^Refused: this address is locked for/)],
        ['locked-out', expect.any(String)],
        ['sign-in-failed', 'No admin has this e-mail.'],
        ['sign-in-failed', 'No admin has this e-mail.'],
      ]);
      // No password is ever filed.
      const all = await auth.dataSource.query(`SELECT * FROM "audit_entry"`);
      expect(JSON.stringify(all)).not.toContain(DEMO_ADMIN.password);
    });
  });

  describe('an e-mail failing from many addresses', () => {
    it('slows every answer for it, more with each failure up to the cap, and still lets the right password in', async () => {
      const timed = async (password: string, address: string) => {
        const started = performance.now();
        const reply = await answer(DEMO_ADMIN.email, password, address);
        return { code: 'code' in reply ? reply.code : 'ok', ms: performance.now() - started };
      };
      // Three addresses, each stopped by its own lock: eight failures between them.
      const failures = [];
      for (const [address, guesses] of [
        [freshAddress(), 3],
        [freshAddress(), 3],
        [freshAddress(), 2],
      ] as const)
        for (let guess = 0; guess < guesses; guess++) failures.push(await timed(`wrong-${guess}`, address));
      expect(failures.map((f) => f.code)).toEqual([
        ...[ErrorCode.INVALID_CREDENTIALS, ErrorCode.INVALID_CREDENTIALS, ErrorCode.ACCOUNT_LOCKED],
        ...[ErrorCode.INVALID_CREDENTIALS, ErrorCode.INVALID_CREDENTIALS, ErrorCode.ACCOUNT_LOCKED],
        ...[ErrorCode.INVALID_CREDENTIALS, ErrorCode.INVALID_CREDENTIALS],
      ]);
      // From the e-mail's third failure on, each answer waits: 100, 200, then 400 ms, the cap.
      const timerTick = 2;
      const waited = failures.slice(3).map((f) => f.ms + timerTick);
      expect(waited[0]).toBeGreaterThanOrEqual(DELAY_MS);
      expect(waited[1]).toBeGreaterThanOrEqual(DELAY_MS * 2);
      for (const ms of waited.slice(2)) expect(ms).toBeGreaterThanOrEqual(DELAY_MAX_MS);

      // The admin, from an address without failures, is slowed as much, and no more, but signs in.
      const signIn = await timed(DEMO_ADMIN.password, freshAddress());
      expect(signIn.code).toBe('ok');
      expect(signIn.ms + timerTick).toBeGreaterThanOrEqual(DELAY_MAX_MS);
      // Uncapped, the eighth failure past none would wait 100 ms × 2⁵.
      expect(signIn.ms).toBeLessThan(DELAY_MS * 2 ** 5);
    });
  });
});
