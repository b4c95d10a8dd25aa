import { ErrorCode, type AdminSession, type AuditPage } from '@chitram/contracts';
import { loadConfig } from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure, testSigningKeys } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { generate } from 'otplib';
import request from 'supertest';
import { createGatewayApp } from '../app';
import { GatewayConfig } from '../config';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';

const PASSWORD = 'a long enough password';
/** The authenticator app: the code of the step after the one just used (a code is never taken twice). */
const codeOf = (secret: string, stepsAhead: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

/**
 * The owner's Admins page and the admins' second factor over HTTP (issue 20, D34): this gateway
 * in-process, the built auth service as a process with a second factor required, real Postgres, Redis
 * and NATS.
 */
describe('admins and their second factor through the gateway', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let services: RunningProcesses;
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let owner: AdminSession;

  const bearer = (session: { token: string }) => ({ authorization: `Bearer ${session.token}` });

  /** Password, then enrolling an authenticator: the first sign-in where a second factor is required. */
  const firstSignIn = async (email: string, password: string) => {
    const step = await http.post('/api/admin/admin-login').send({ email, password }).expect(200);
    expect(step.body).toEqual({ secondFactor: 'enrol', challenge: expect.any(String), email });
    const { challenge } = step.body as { challenge: string };
    const enrolment = await http.post('/api/admin/admin-login/enrol').send({ challenge }).expect(200);
    const { secret } = enrolment.body as { secret: string };
    const wrong = await http
      .post('/api/admin/admin-login/second-factor')
      .send({ challenge, code: '000000' })
      .expect(401);
    expect(wrong.body.code).toBe(ErrorCode.SECOND_FACTOR_INVALID);
    const session = await http
      .post('/api/admin/admin-login/second-factor')
      .send({ challenge, code: await codeOf(secret, 0) })
      .expect(200);
    return session.body as AdminSession;
  };

  beforeAll(async () => {
    services = await startServiceProcesses(['auth'], isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, ADMIN_TOTP_REQUIRED: 'on' },
    });
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      LOG_LEVEL: 'silent',
      RPC_TIMEOUT_MS: '5000',
      JWT_PUBLIC_KEY: keys.publicPem,
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
    });
    app = await createGatewayApp(config);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    http = request(app.getHttpServer());
    owner = await firstSignIn('admin@chitram.in', 'chitram-admin');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await services?.stop();
    await isolation.cleanUp();
  });

  it('signs the owner in with a code after the password, and shows ten recovery codes once', () => {
    expect(owner).toMatchObject({ adminRole: 'owner', secondFactor: true });
    expect(owner.recoveryCodes).toHaveLength(10);
  });

  it('invites a support admin whose link works once; the invitee may not manage admins; disabling ends their session at once', async () => {
    const invited = await http
      .post('/api/admin/admins')
      .set(bearer(owner))
      .send({ email: 'helpdesk@chitram.in', role: 'support' })
      .expect(201);
    const { invitationToken, admin } = invited.body as { invitationToken: string; admin: { _id: string } };
    await http.post('/api/admin/invitation').send({ token: invitationToken, password: PASSWORD }).expect(200);
    const again = await http
      .post('/api/admin/invitation')
      .send({ token: invitationToken, password: 'another long password' })
      .expect(410);
    expect(again.body.code).toBe(ErrorCode.INVITATION_INVALID);

    const support = await firstSignIn('helpdesk@chitram.in', PASSWORD);
    expect(support.adminRole).toBe('support');
    for (const path of ['/api/admin/admins', '/api/admin/audit']) {
      const refused = await http.get(path).set(bearer(support)).expect(403);
      expect(refused.body.code).toBe(ErrorCode.ADMIN_ROLE_FORBIDDEN);
    }
    // Their own account works: a second authenticator is refused, as one is enrolled.
    await http.post('/api/admin/me/second-factor').set(bearer(support)).expect(409);

    await http.post(`/api/admin/admins/${admin._id}/disable`).set(bearer(owner)).expect(200);
    const ended = await http.post('/api/admin/me/second-factor').set(bearer(support)).expect(401);
    expect(ended.body.code).toBe(ErrorCode.TOKEN_REVOKED);
    const refused = await http
      .post('/api/admin/admin-login')
      .send({ email: 'helpdesk@chitram.in', password: PASSWORD })
      .expect(403);
    expect(refused.body.code).toBe(ErrorCode.ACCOUNT_DISABLED);

    const trail = await http.get('/api/admin/audit?entity=admin').set(bearer(owner)).expect(200);
    const actions = (trail.body as AuditPage).entries
      .filter((entry) => entry.entity.id === admin._id)
      .map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['invited', 'invitation-accepted', 'disabled']));
  });

  it('refuses bad input on the admins’ routes with a stable code, never a 500', async () => {
    const bad = await http
      .post('/api/admin/admins')
      .set(bearer(owner))
      .send({ email: 'someone@chitram.in', role: 'boss' })
      .expect(400);
    expect(bad.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    await http.post('/api/admin/admins/not-an-id/disable').set(bearer(owner)).expect(400);
    await http.post('/api/admin/invitation').send({ token: 'short', password: PASSWORD }).expect(400);
    await http
      .post('/api/admin/admin-login/second-factor')
      .send({ challenge: 'x'.repeat(43), code: '123456' })
      .expect(401);
  });
});
