import { ErrorCode, Subjects } from '@chitram/contracts';
import {
  AccessTokenVerifier,
  connectNats,
  DEFAULT_JWT_AUDIENCE,
  DEFAULT_JWT_ISSUER,
  RpcClient,
} from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  type TestService,
  testSigningKeys,
  uniqueName,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { createAdminCommand } from '../cli/create-admin';
import { DEMO_ADMIN } from '../config';
import { authService } from '../service';

const keys = testSigningKeys();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let nextHost = 1;
/** A client address of its own for each attempt: the per-address limit is tested in admin-sign-in-limits. */
const freshAddress = () => `198.51.${Math.floor(nextHost / 250)}.${(nextHost++ % 250) + 1}`;

describe('admin login (Argon2id, lockout per e-mail and address, first admin, create-admin command)', () => {
  const isolation = isolatedEnv();
  const database = uniqueName('test_auth_admins');
  const env = {
    ...isolation.env,
    JWT_PRIVATE_KEY: keys.privatePem,
    // Small numbers so the test runs in seconds; the defaults (10 in 15 minutes, 15 minutes doubling) are checked in config.spec.ts.
    ADMIN_LOGIN_MAX_FAILURES: '3',
    ADMIN_LOGIN_WINDOW_SECONDS: '60',
    ADMIN_LOCK_SECONDS: '1',
    // The wait for an e-mail failing from everywhere, kept short here (admin-sign-in-limits measures it).
    ADMIN_LOGIN_DELAY_MS: '20',
    ADMIN_LOGIN_DELAY_MAX_MS: '80',
  };
  let auth: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  const login = (email: string, password: string, clientIp = freshAddress()) =>
    rpc.call(Subjects.auth.adminLogin, { email, password, clientIp });

  beforeAll(async () => {
    auth = await startTestService(authService, { database, env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'admin-test');
    rpc = new RpcClient(nats, 5000);
  });

  afterAll(async () => {
    await nats?.close();
    await auth?.destroy();
    await isolation.cleanUp();
  });

  it('creates the first admin from configuration and signs it in with an admin token', async () => {
    const session = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(session).toEqual({
      token: expect.any(String),
      refreshToken: expect.any(String),
      role: 'admin',
      adminRole: 'owner',
      email: DEMO_ADMIN.email,
      secondFactor: false,
    });
    if (!('token' in session)) throw new Error('a session was expected');
    const claims = await new AccessTokenVerifier(keys.publicKey, {
      issuer: DEFAULT_JWT_ISSUER,
      audience: DEFAULT_JWT_AUDIENCE,
    }).verify(session.token);
    expect(claims).toMatchObject({ role: 'admin', adminRole: 'owner' });
  });

  it('refuses a sign-in without the client address the gateway saw', async () => {
    await expect(
      // Sent untyped on purpose: the payload lacks what the subject's type requires.
      rpc.uncheckedRequest(Subjects.auth.adminLogin, {
        email: DEMO_ADMIN.email,
        password: DEMO_ADMIN.password,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
  });

  it('stores an Argon2id hash, never the password', async () => {
    const rows: Array<{ password_hash: string }> = await auth.dataSource.query(
      'SELECT "password_hash" FROM "admin_account"',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0].password_hash).not.toContain(DEMO_ADMIN.password);
  });

  it('ignores the case and spaces around the e-mail', async () => {
    await expect(login('  Admin@Chitram.IN ', DEMO_ADMIN.password)).resolves.toMatchObject({
      email: DEMO_ADMIN.email,
    });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrongPassword = await login(DEMO_ADMIN.email, 'not-the-password').catch((e: unknown) => e);
    const unknownEmail = await login('nobody@chitram.in', DEMO_ADMIN.password).catch((e: unknown) => e);
    expect(wrongPassword).toMatchObject({
      code: ErrorCode.INVALID_CREDENTIALS,
      message: 'Invalid e-mail or password.',
    });
    expect(unknownEmail).toEqual(wrongPassword);
    // Clear the failure count for the lockout test.
    await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  });

  it('locks the e-mail for the address after repeated failures, refuses even the right password from there while locked, and waits longer each time', async () => {
    const address = freshAddress();
    await expect(login(DEMO_ADMIN.email, 'wrong-1', address)).rejects.toMatchObject({
      code: ErrorCode.INVALID_CREDENTIALS,
    });
    await expect(login(DEMO_ADMIN.email, 'wrong-2', address)).rejects.toMatchObject({
      code: ErrorCode.INVALID_CREDENTIALS,
    });
    await expect(login(DEMO_ADMIN.email, 'wrong-3', address)).rejects.toMatchObject({
      code: ErrorCode.ACCOUNT_LOCKED,
      message: 'Too many failed logins. Please try again later.',
      retryAfterSeconds: 1,
    });
    await expect(login(DEMO_ADMIN.email, DEMO_ADMIN.password, address)).rejects.toMatchObject({
      code: ErrorCode.ACCOUNT_LOCKED,
    });

    await sleep(1100);
    // The second lock in a row lasts twice as long.
    for (const guess of ['wrong-4', 'wrong-5'])
      await expect(login(DEMO_ADMIN.email, guess, address)).rejects.toBeDefined();
    await expect(login(DEMO_ADMIN.email, 'wrong-6', address)).rejects.toMatchObject({
      code: ErrorCode.ACCOUNT_LOCKED,
      retryAfterSeconds: 2,
    });
    await sleep(1100);
    await expect(login(DEMO_ADMIN.email, DEMO_ADMIN.password, address)).rejects.toMatchObject({
      code: ErrorCode.ACCOUNT_LOCKED,
    });
    await sleep(1000);
    await expect(login(DEMO_ADMIN.email, DEMO_ADMIN.password, address)).resolves.toMatchObject({
      role: 'admin',
    });
  });

  it("a stranger's ten wrong passwords from address A do not stop the admin signing in from address B", async () => {
    const stranger = freshAddress();
    const codes: string[] = [];
    for (let i = 0; i < 10; i++)
      codes.push(
        await login(DEMO_ADMIN.email, `stranger-${i}`, stranger).then(
          () => 'ok',
          (error: { code: string }) => error.code,
        ),
      );
    expect(codes).toEqual([
      ErrorCode.INVALID_CREDENTIALS,
      ErrorCode.INVALID_CREDENTIALS,
      ...Array<string>(8).fill(ErrorCode.ACCOUNT_LOCKED),
    ]);
    // The stranger's address stays locked out, even with the right password...
    await expect(login(DEMO_ADMIN.email, DEMO_ADMIN.password, stranger)).rejects.toMatchObject({
      code: ErrorCode.ACCOUNT_LOCKED,
    });
    // ...while the admin, elsewhere, signs in.
    await expect(login(DEMO_ADMIN.email, DEMO_ADMIN.password, freshAddress())).resolves.toMatchObject({
      role: 'admin',
    });
  });

  it('does not let concurrent guesses from one address slip past the failure limit', async () => {
    const address = freshAddress();
    const guesses = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => login(DEMO_ADMIN.email, `parallel-wrong-${i}`, address)),
    );
    const codes = guesses.map((g) => (g.status === 'rejected' ? (g.reason as { code: string }).code : 'ok'));
    expect(codes.filter((c) => c === ErrorCode.INVALID_CREDENTIALS)).toHaveLength(2);
    expect(codes.filter((c) => c === ErrorCode.ACCOUNT_LOCKED)).toHaveLength(6);
    await sleep(1100);
    await expect(login(DEMO_ADMIN.email, DEMO_ADMIN.password, address)).resolves.toBeDefined();
  });

  it('creates no second first admin when restarted with other settings', async () => {
    await auth.close();
    auth = await startTestService(authService, {
      database,
      env: { ...env, ADMIN_EMAIL: 'another@chitram.in', ADMIN_PASSWORD: 'another-long-password' },
    });
    const rows: Array<{ email: string }> = await auth.dataSource.query('SELECT "email" FROM "admin_account"');
    expect(rows.map((r) => r.email)).toEqual([DEMO_ADMIN.email]);
    await expect(login('another@chitram.in', 'another-long-password')).rejects.toMatchObject({
      code: ErrorCode.INVALID_CREDENTIALS,
    });
  });

  describe('npm run admin:create', () => {
    const cliEnv = () => ({ ...testInfrastructure(), ...env, DATABASE_NAME: database, LOG_LEVEL: 'silent' });

    it('creates an admin who can then sign in', async () => {
      const result = await createAdminCommand(
        ['--email', 'Editor@Chitram.in', '--password', 'a long enough password'],
        cliEnv(),
      );
      expect(result).toEqual({ exitCode: 0, output: 'Admin editor@chitram.in created (owner).' });
      await expect(login('editor@chitram.in', 'a long enough password')).resolves.toMatchObject({
        email: 'editor@chitram.in',
        adminRole: 'owner',
      });
    });

    it('creates an admin of a role when one is named, and refuses a role there is not', async () => {
      expect(
        await createAdminCommand(
          ['--email', 'books@chitram.in', '--password', 'a long enough password', '--role', 'finance'],
          cliEnv(),
        ),
      ).toEqual({ exitCode: 0, output: 'Admin books@chitram.in created (finance).' });
      await expect(login('books@chitram.in', 'a long enough password')).resolves.toMatchObject({
        adminRole: 'finance',
      });
      expect(
        await createAdminCommand(
          ['--email', 'boss@chitram.in', '--password', 'a long enough password', '--role', 'boss'],
          cliEnv(),
        ),
      ).toMatchObject({ exitCode: 2, output: expect.stringContaining('owner, content, finance, support') });
    });

    it('refuses an e-mail that is taken, a short password, a bad address and missing arguments', async () => {
      expect(
        await createAdminCommand(
          ['--email', 'editor@chitram.in', '--password', 'another long password'],
          cliEnv(),
        ),
      ).toEqual({ exitCode: 1, output: 'An admin with the e-mail editor@chitram.in exists already.' });
      expect(
        await createAdminCommand(['--email', 'x@chitram.in', '--password', 'short'], cliEnv()),
      ).toMatchObject({
        exitCode: 2,
        output: expect.stringContaining('at least 12 characters'),
      });
      expect(
        await createAdminCommand(
          ['--email', 'not-an-address', '--password', 'a long enough password'],
          cliEnv(),
        ),
      ).toMatchObject({ exitCode: 2, output: expect.stringContaining('e-mail address is not valid') });
      expect(await createAdminCommand(['--email', 'x@chitram.in'], cliEnv())).toMatchObject({
        exitCode: 2,
        output: expect.stringContaining('usage: npm run admin:create'),
      });
      expect(await createAdminCommand(['--bogus'], cliEnv())).toMatchObject({ exitCode: 2 });
    });
  });
});
