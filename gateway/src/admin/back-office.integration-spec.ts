import { randomInt, randomUUID } from 'node:crypto';
import {
  addDays,
  ErrorCode,
  indiaDayOf,
  maskPhoneNumber,
  Subjects,
  type AdminDashboardAnswer,
  type AdminViewerActivity,
  type AdminViewerDetails,
  type AdminViewerPage,
  type AuditPage,
  type DemoPlay,
} from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure, testSigningKeys, waitFor } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { NatsConnection } from 'nats';
import type request from 'supertest';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';
import {
  bearer,
  DEMO_ADMIN,
  demoAdminToken,
  payForPlan,
  signInViewer,
  startTestGateway,
} from '../testing/test-gateway';

/**
 * The back office over HTTP (SPEC §2.13, §7; DECISIONS D5, D13, D25): this gateway in-process, the built
 * auth, users, catalog and billing services as processes on throw-away databases, real infrastructure.
 * Billing runs apart so that the last test can stop it alone.
 */
describe('the back office: dashboard and viewers', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let services: RunningProcesses;
  let billing: RunningProcesses | undefined;
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let adminToken: string;

  const asAdmin = (req: request.Test) => req.set(bearer(adminToken));
  /** Seven digits shared by this run's numbers and no others. */
  const block = String(randomInt(1_000_000, 10_000_000));
  let nextSuffix = 10;
  const signIn = (phone = `9${block}${nextSuffix++}`) => signInViewer(http, phone);
  const buy = (token: string, planKey: string) => payForPlan(http, token, planKey);
  const dashboard = async () =>
    (await asAdmin(http.get('/api/admin/dashboard')).expect(200)).body as AdminDashboardAnswer;
  /** A whole number as the services store it: what no admin list may carry (issue 19). */
  const WHOLE_NUMBER = /\+91[6-9]\d{9}/;

  beforeAll(async () => {
    services = await startServiceProcesses(['auth', 'users', 'catalog'], isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, OTP_RESEND_SECONDS: '0' },
    });
    // The test sends no webhooks: verification alone activates plans.
    billing = await startServiceProcesses(['billing'], isolation.env, {
      billing: { SANDBOX_WEBHOOK_DELAY_MS: '600000' },
    });
    ({ app, http } = await startTestGateway(isolation.env, keys.publicPem));
    nats = await connectNats(testInfrastructure().NATS_URL, 'back-office-test');
    rpc = new RpcClient(nats, 5000);
    adminToken = await demoAdminToken(http);
  }, 180_000);

  afterAll(async () => {
    await nats?.close();
    await app?.close();
    await billing?.stop();
    await services?.stop();
    await isolation.cleanUp();
  });

  it('keeps every route to admins: 401 without a token, 403 for a viewer', async () => {
    const viewer = await signIn();
    for (const [method, path] of [
      ['get', '/api/admin/dashboard'],
      ['get', '/api/admin/users'],
      ['get', `/api/admin/users/${viewer._id}`],
      ['delete', `/api/admin/users/${viewer._id}`],
      ['post', `/api/admin/users/${viewer._id}/sign-out`],
      ['get', `/api/admin/users/${viewer._id}/activity`],
      ['post', `/api/admin/users/${viewer._id}/phone-number`],
    ] as const) {
      expect((await http[method](path)).status).toBe(401);
      expect((await http[method](path).set(bearer(viewer.token))).status).toBe(403);
    }
    // The viewer is still there.
    await asAdmin(http.get(`/api/admin/users/${viewer._id}`)).expect(200);
  });

  // Before any test here watches a title: the catalogue's plays are then the seeded ones alone.
  it('answers the plays and watch time of today and the last 30 days (India’s days) that the seeded plays make', async () => {
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    const plays: DemoPlay[] = [
      1,
      2,
      90,
      60 * 24 * 3,
      60 * 24 * 12,
      60 * 24 * 29 + 30,
      60 * 24 * 31,
      60 * 24 * 45,
    ].map((minutesAgo, i) => ({
      id: randomUUID(),
      viewerId: randomUUID(),
      kind: i % 2 ? 'episode' : 'movie',
      titleId: randomUUID(),
      at: ago(minutesAgo),
      watchSeconds: 300 + i * 61,
    }));
    await rpc.call(Subjects.catalog.analytics.demo, { plays });

    // The direct count: each seeded play on its Indian day, today's and the 30 days' ending today.
    const today = indiaDayOf(new Date());
    const from = addDays(today, -29);
    const countOf = (keep: (day: string) => boolean) => {
      const kept = plays.filter((p) => keep(indiaDayOf(new Date(p.at))));
      return { plays: kept.length, watchSeconds: kept.reduce((sum, p) => sum + p.watchSeconds, 0) };
    };
    const answer = await dashboard();
    if (!answer.data.catalog.available) throw new Error('catalog unavailable');
    const viewing = answer.data.catalog.viewing;
    expect(viewing.today).toEqual(countOf((day) => day === today));
    expect(viewing.last30Days).toEqual(countOf((day) => day >= from && day <= today));
    // Unless the test runs in the first minutes of India's day, the latest plays are today's.
    if (indiaDayOf(new Date(plays[1].at)) === today) expect(viewing.today.plays).toBeGreaterThanOrEqual(2);
    expect(viewing.last30Days.plays).toBeLessThan(plays.length);
    // The chart's days: the 30 of them, oldest first, summing to the period's totals.
    expect(viewing.days.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(from, i)));
    expect(viewing.days.reduce((sum, d) => sum + d.plays, 0)).toBe(viewing.last30Days.plays);
    expect(viewing.days.reduce((sum, d) => sum + d.watchSeconds, 0)).toBe(viewing.last30Days.watchSeconds);
  });

  it('lists viewers with masked numbers only, on the list, the dashboard and the viewer’s page', async () => {
    const viewer = await signIn();
    const whole = `+91${viewer.phone}`;
    const masked = `+91 ${viewer.phone.slice(0, 2)}•••••${viewer.phone.slice(-3)}`;
    expect(maskPhoneNumber(whole)).toBe(masked);

    const list = await asAdmin(http.get(`/api/admin/users?search=${viewer.phone.slice(3)}`)).expect(200);
    expect((list.body as AdminViewerPage).users.map((u) => u.maskedPhoneNumber)).toEqual([masked]);
    const everyone = await asAdmin(http.get('/api/admin/users')).expect(200);
    const dash = await asAdmin(http.get('/api/admin/dashboard')).expect(200);
    const page = await asAdmin(http.get(`/api/admin/users/${viewer._id}`)).expect(200);
    expect((page.body as AdminViewerDetails).viewer.maskedPhoneNumber).toBe(masked);
    for (const answer of [list, everyone, dash, page]) expect(answer.text).not.toMatch(WHOLE_NUMBER);
  });

  it('reveals a viewer’s whole number to an admin only, and the audit trail says who asked for whose, when', async () => {
    const viewer = await signIn();
    const whole = `+91${viewer.phone}`;
    const before = Date.now();
    const path = `/api/admin/users/${viewer._id}/phone-number`;

    const refused = await http.post(path).set(bearer(viewer.token)).expect(403);
    expect(refused.text).not.toContain(viewer.phone);
    expect((await http.post(path).expect(401)).text).not.toContain(viewer.phone);

    const revealed = await asAdmin(http.post(path)).expect(200);
    expect(revealed.body).toEqual({ phoneNumber: whole });
    expect(revealed.headers['cache-control']).toBe('no-store');

    const trail = (
      await asAdmin(http.get('/api/admin/audit?action=phone-revealed&entity=viewer')).expect(200)
    ).body as AuditPage;
    const entries = trail.entries.filter((e) => e.entity.id === viewer._id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'phone-revealed',
        admin: { id: expect.any(String), email: DEMO_ADMIN.email },
        entity: { type: 'viewer', id: viewer._id, label: maskPhoneNumber(whole) },
        changes: [],
      }),
    ]);
    expect(Date.parse(entries[0].at)).toBeGreaterThanOrEqual(before - 1000);
    // The trail names the viewer by the masked number: the whole one is in no entry.
    expect(JSON.stringify(trail)).not.toContain(viewer.phone);
    // The refused askings were not recorded as revealing anything.
    expect(entries).toHaveLength(1);

    const unknown = await asAdmin(http.post(`/api/admin/users/${randomUUID()}/phone-number`)).expect(404);
    expect(unknown.body.code).toBe(ErrorCode.NOT_FOUND);
    const bad = await asAdmin(http.post('/api/admin/users/not-an-id/phone-number')).expect(400);
    expect(bad.body.code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('finds a viewer by part of the number, with their plan, and opens their page', async () => {
    const viewer = await signIn();
    await buy(viewer.token, 'standard');
    const { movie } = await rpc.call(Subjects.catalog.movies.create, {
      title: `Kaveri Nights ${block}`,
      description: 'Two sisters and a river.',
      cast: ['Nithya Menen'],
      genre: ['Drama'],
      language: 'Tamil',
      rating: 'U',
      releaseYear: 2022,
      duration: '2hr 5min',
      thumbnailUrl: `images/${randomUUID()}.webp`,
      bannerUrl: `images/${randomUUID()}.webp`,
      titlePngUrl: `images/${randomUUID()}.webp`,
      movieUrl: 'https://cdn.example.com/movies/kaveri.m3u8',
      isFree: false,
    });
    await rpc.call(Subjects.catalog.watch.save, {
      viewerId: viewer._id,
      kind: 'movie',
      titleId: movie._id,
      positionSeconds: 600,
      durationSeconds: 7500,
      deviceClass: 'website',
    });

    const part = viewer.phone.slice(4);
    const list = (await asAdmin(http.get(`/api/admin/users?search=${part}&page=1`)).expect(200))
      .body as AdminViewerPage;
    expect(list).toMatchObject({ currentPage: 1, totalUsers: 1, totalPages: 1, plansAvailable: true });
    expect(list.users[0]).toEqual({
      _id: viewer._id,
      maskedPhoneNumber: maskPhoneNumber(`+91${viewer.phone}`),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      plan: {
        viewerId: viewer._id,
        planKey: 'standard',
        planName: 'Standard Plan',
        validTill: expect.any(String),
        active: true,
      },
    });
    const bad = await asAdmin(http.get('/api/admin/users?page=0')).expect(400);
    expect(bad.body.code).toBe(ErrorCode.VALIDATION_FAILED);

    const page = (await asAdmin(http.get(`/api/admin/users/${viewer._id}`)).expect(200))
      .body as AdminViewerDetails;
    expect(page.viewer.maskedPhoneNumber).toBe(maskPhoneNumber(`+91${viewer.phone}`));
    expect(page.billing).toMatchObject({
      available: true,
      plan: { planKey: 'standard', active: true },
      subscriptions: [{ change: 'activated', planName: 'Standard Plan', receiptNumber: expect.any(String) }],
      payments: [{ status: 'captured', amount: 29900, receipt: { number: expect.any(String) } }],
    });
    expect(page.watching).toEqual({
      available: true,
      history: [expect.objectContaining({ titleId: movie._id, title: movie.title, positionSeconds: 600 })],
    });
    await asAdmin(http.get(`/api/admin/users/${randomUUID()}`)).expect(404);
    await asAdmin(http.get('/api/admin/users/not-an-id')).expect(400);
  });

  it('signs a viewer out everywhere: every token they hold stops working at once', async () => {
    const viewer = await signIn();
    const otherDevice = await signIn(viewer.phone);
    await http.get('/api/user/me').set(bearer(viewer.token)).expect(200);
    const done = await asAdmin(http.post(`/api/admin/users/${viewer._id}/sign-out`)).expect(200);
    expect(done.body).toEqual({ success: true, message: 'Signed out on every device.' });
    for (const token of [viewer.token, otherDevice.token]) {
      const res = await http.get('/api/user/me').set(bearer(token)).expect(401);
      expect(res.body.code).toBe(ErrorCode.TOKEN_REVOKED);
    }
    // Signing in again works, as the same account.
    await new Promise((r) => setTimeout(r, 1100));
    const again = await signIn(viewer.phone);
    expect(again._id).toBe(viewer._id);
    await http.get('/api/user/me').set(bearer(again.token)).expect(200);
    // Only viewers: an admin's id is not a viewer's.
    await asAdmin(http.post(`/api/admin/users/${randomUUID()}/sign-out`)).expect(404);
  });

  it('shows a viewer’s signed-in sessions, none after Sign out everywhere, and streams unavailable while media is down', async () => {
    const before = Date.now();
    const viewer = await signIn();
    const otherDevice = await signIn(viewer.phone);
    const activity = async () =>
      (await asAdmin(http.get(`/api/admin/users/${viewer._id}/activity`)).expect(200))
        .body as AdminViewerActivity;
    const open = await activity();
    // No media service runs here: its part is marked unavailable, the sessions still show.
    expect(open.streams).toEqual({ available: false });
    expect(open.sessions.available).toBe(true);
    const sessions = open.sessions.available ? open.sessions.sessions : [];
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(Date.parse(session.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(session.lastUsedAt >= session.createdAt).toBe(true);
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now() + 86_400_000);
    }
    // A refresh keeps the session and moves its last use.
    await new Promise((r) => setTimeout(r, 50));
    await http.post('/api/auth/refresh').send({ refreshToken: otherDevice.refreshToken }).expect(200);
    const after = await activity();
    const used = after.sessions.available ? after.sessions.sessions : [];
    expect(used).toHaveLength(2);
    // Last used first: the refreshed one, used after it was created.
    expect(Date.parse(used[0].lastUsedAt)).toBeGreaterThan(Date.parse(used[0].createdAt));
    expect(used[1].lastUsedAt).toBe(used[1].createdAt);

    await asAdmin(http.post(`/api/admin/users/${viewer._id}/sign-out`)).expect(200);
    expect((await activity()).sessions).toEqual({ available: true, sessions: [] });
    await asAdmin(http.get(`/api/admin/users/${randomUUID()}/activity`)).expect(404);
  });

  it('deletes a viewer as self-deletion does: sessions end at once, payments stay anonymised (D25)', async () => {
    const viewer = await signIn();
    await buy(viewer.token, 'basic');
    await rpc.call(Subjects.catalog.watch.save, {
      viewerId: viewer._id,
      kind: 'movie',
      titleId: randomUUID(),
      positionSeconds: 60,
      durationSeconds: 5400,
      deviceClass: 'mobile',
    });
    const before = await dashboard();
    expect(before.data.billing).toMatchObject({ available: true });
    const revenueBefore = before.data.billing.available ? before.data.billing.revenue.allTime : -1;

    const done = await asAdmin(http.delete(`/api/admin/users/${viewer._id}`)).expect(200);
    expect(done.body).toEqual({ success: true, message: 'Viewer deleted.' });
    const refused = await http.get('/api/movie/subscription-status').set(bearer(viewer.token)).expect(401);
    expect(refused.body.code).toBe(ErrorCode.TOKEN_REVOKED);
    await asAdmin(http.get(`/api/admin/users/${viewer._id}`)).expect(404);
    await asAdmin(http.delete(`/api/admin/users/${viewer._id}`)).expect(404);
    expect(
      (await asAdmin(http.get(`/api/admin/users?search=${viewer.phone}`)).expect(200)).body.totalUsers,
    ).toBe(0);

    // Billing and the catalogue learn of it through user.deleted.
    const after = await waitFor(async () => {
      const answer = await dashboard();
      return (
        answer.data.billing.available &&
        answer.data.billing.latestPayments.every((p) => p.viewerId !== viewer._id) &&
        answer
      );
    }, 15_000);
    if (!after.data.billing.available) throw new Error('billing unavailable');
    expect(after.data.billing.revenue.allTime).toBe(revenueBefore);
    expect(after.data.billing.latestPayments[0]).toMatchObject({
      amount: 9900,
      viewerId: null,
      maskedPhoneNumber: null,
    });
    await waitFor(
      async () =>
        (await rpc.call(Subjects.catalog.reports.watchHistory, { viewerId: viewer._id })).length === 0,
      15_000,
    );
    // The same number may sign up again, as a new account with nothing of the old one.
    const again = await signIn(viewer.phone);
    expect(again._id).not.toBe(viewer._id);
  });

  it('shows the dashboard with every part, then without billing once billing stops: still a 200', async () => {
    const full = await dashboard();
    expect(full).toMatchObject({ success: true, message: 'Dashboard loaded.' });
    expect(full.data.users).toMatchObject({ available: true, latestSignUps: expect.any(Array) });
    expect(full.data.catalog).toMatchObject({ available: true, movies: 1, series: 0, episodes: 0 });
    expect(full.data.billing).toMatchObject({
      available: true,
      activeSubscribers: {
        total: 1,
        byPlan: expect.arrayContaining([expect.objectContaining({ planKey: 'standard', subscribers: 1 })]),
      },
      revenue: { today: 29900 + 9900, last30Days: 29900 + 9900, allTime: 29900 + 9900 },
    });
    if (!full.data.users.available) throw new Error('users unavailable');
    expect(full.data.users.total).toBe(full.data.users.newThisWeek);
    // Each account has its first profile (D37), and no one here added another.
    expect(full.data.users.profiles).toEqual({
      total: full.data.users.total,
      accountsByProfiles: [{ profiles: 1, accounts: full.data.users.total }],
      kids: 0,
    });
    expect(full.data.users.latestSignUps[0].maskedPhoneNumber).toMatch(/^\+91 9\d•••••\d{3}$/);

    await billing?.stop();
    billing = undefined;
    const started = Date.now();
    const partial = await dashboard();
    expect(Date.now() - started).toBeLessThan(4000);
    expect(partial.success).toBe(true);
    expect(partial.message).toBe('Some figures are unavailable just now: billing.');
    expect(partial.data.billing).toEqual({ available: false });
    expect(partial.data.users).toMatchObject({ available: true, total: full.data.users.total });
    expect(partial.data.catalog).toMatchObject({ available: true, movies: 1 });
    // The viewers' list still answers, saying it has no plans to show.
    const list = (await asAdmin(http.get('/api/admin/users')).expect(200)).body as AdminViewerPage;
    expect(list.plansAvailable).toBe(false);
    expect(list.users.every((u) => u.plan === null)).toBe(true);
  });
});
