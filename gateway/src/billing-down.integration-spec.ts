import { ErrorCode } from '@chitram/contracts';
import { isolatedEnv, testSigningKeys } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type request from 'supertest';
import { startServiceProcesses, type RunningProcesses } from './testing/service-processes';
import { bearer, payForPlan, signInViewer, startTestGateway } from './testing/test-gateway';

let nextPhone = 8_300_000_000 + Math.floor(Math.random() * 600_000_000);

/**
 * Billing down is not "unsubscribed": with the built auth, users and billing services as processes,
 * billing is stopped, and every answer about a viewer's plan says it cannot tell (503 for the plan
 * itself; the last plan seen, marked stale, or an unknown plan, in session answers), never that a
 * paying viewer has no plan.
 */
describe('a viewer’s plan while billing cannot answer', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let identity: RunningProcesses;
  let billing: RunningProcesses;
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let paying: Awaited<ReturnType<typeof signInViewer>>;
  let neverPaid: Awaited<ReturnType<typeof signInViewer>>;

  beforeAll(async () => {
    identity = await startServiceProcesses(['auth', 'users'], isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, OTP_RESEND_SECONDS: '0' },
    });
    billing = await startServiceProcesses(['billing'], isolation.env);
    ({ app, http } = await startTestGateway(isolation.env, keys.publicPem));

    paying = await signInViewer(http, String(nextPhone++));
    await payForPlan(http, paying.token, 'premium');
    const status = await http.get('/api/movie/subscription-status').set(bearer(paying.token)).expect(200);
    expect(status.body).toMatchObject({ isSubscribed: true, activeSubscription: { planKey: 'premium' } });
    neverPaid = await signInViewer(http, String(nextPhone++));
    expect(neverPaid).toMatchObject({ isSubscribed: false, planStatus: 'current' });

    await billing.stop();
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await billing?.stop();
    await identity?.stop();
    await isolation.cleanUp();
  });

  it('answers the plan route with 503 SERVICE_UNAVAILABLE, not "not subscribed"', async () => {
    const res = await http.get('/api/movie/subscription-status').set(bearer(paying.token)).expect(503);
    expect(res.body).toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
  });

  it('gives a paying viewer’s profile the last plan the gateway saw, marked stale', async () => {
    const me = await http.get('/api/user/me').set(bearer(paying.token)).expect(200);
    expect(me.body).toMatchObject({
      isSubscribed: true,
      activeSubscription: { planKey: 'premium', planName: 'Premium Plan' },
      planStatus: 'stale',
      planSeenAt: expect.any(String),
    });
  });

  it('signs the paying viewer in with that stale plan', async () => {
    const again = await signInViewer(http, paying.phone);
    expect(again).toMatchObject({
      isSubscribed: true,
      activeSubscription: { planKey: 'premium' },
      planStatus: 'stale',
    });
  });

  it('says the plan is unknown, never false, for a viewer whose plan it cannot repeat', async () => {
    const me = await http.get('/api/user/me').set(bearer(neverPaid.token)).expect(200);
    expect(me.body).toMatchObject({ isSubscribed: null, activeSubscription: null, planStatus: 'unknown' });
  });
});
