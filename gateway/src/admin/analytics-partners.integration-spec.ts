import { randomInt, randomUUID } from 'node:crypto';
import {
  addDays,
  ErrorCode,
  indiaDayOf,
  Subjects,
  type AdminAnalyticsAnswer,
  type AdminAnalyticsRebuildAnswer,
  type PartnerDetails,
  type PartnerPage,
  type Language,
  type PartnerSaved,
} from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure, testSigningKeys, waitFor } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { NatsConnection } from 'nats';
import type request from 'supertest';
import { testEpisode, testFilm } from '../testing/catalogue-fixtures';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';
import { bearer, demoAdminToken, payForPlan, signInViewer, startTestGateway } from '../testing/test-gateway';

/**
 * Analytics and content partners over HTTP (SPEC §2.13; DECISIONS D12): this gateway in-process, the built
 * auth, users, catalog and billing services as processes on throw-away databases, real infrastructure.
 * Billing runs apart so that the last test can stop it alone.
 */
describe('the back office: analytics and content partners', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let services: RunningProcesses;
  let billing: RunningProcesses | undefined;
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let adminToken: string;

  const today = indiaDayOf(new Date());
  const asAdmin = (req: request.Test) => req.set(bearer(adminToken));
  const block = String(randomInt(1_000_000, 10_000_000));
  let nextSuffix = 10;
  const signIn = (phone = `9${block}${nextSuffix++}`) => signInViewer(http, phone);
  const buy = (token: string, planKey: string) => payForPlan(http, token, planKey);
  /** Plays a title: the first report starts a play, the second (a second later) adds watch time. */
  const watch = async (viewerId: string, kind: 'movie' | 'episode', titleId: string) => {
    const report = { viewerId, kind, titleId, durationSeconds: 3600, deviceClass: 'website' as const };
    await rpc.call(Subjects.catalog.watch.save, { ...report, positionSeconds: 100 });
    await new Promise((r) => setTimeout(r, 1100));
    await rpc.call(Subjects.catalog.watch.save, { ...report, positionSeconds: 101 });
  };
  const analytics = async (query = 'range=7') =>
    (await asAdmin(http.get(`/api/admin/analytics?${query}`)).expect(200)).body as AdminAnalyticsAnswer;
  const partnerBody = {
    name: `Sun Pictures ${block}`,
    contactPerson: 'Kalanithi Maran',
    email: 'Partners@SunPictures.example',
    phone: '+91 44 4467 6767',
    revenueSharePercent: 40,
  };

  const titles = { tamil: '', hindi: '', show: '' };
  let partnerId = '';

  beforeAll(async () => {
    services = await startServiceProcesses(['auth', 'users', 'catalog'], isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, OTP_RESEND_SECONDS: '0' },
    });
    billing = await startServiceProcesses(['billing'], isolation.env, {
      billing: { SANDBOX_WEBHOOK_DELAY_MS: '600000' },
    });
    ({ app, http } = await startTestGateway(isolation.env, keys.publicPem));
    nats = await connectNats(testInfrastructure().NATS_URL, 'analytics-partners-test');
    rpc = new RpcClient(nats, 5000);
    adminToken = await demoAdminToken(http);
    const movie = async (title: string, language: Language) =>
      (await rpc.call(Subjects.catalog.movies.create, testFilm(title, language))).movie._id;
    titles.tamil = await movie(`Kaveri ${block}`, 'Tamil');
    titles.hindi = await movie(`Ganga ${block}`, 'Hindi');
    titles.show = (
      await rpc.call(Subjects.catalog.episodes.create, testEpisode(`Budget Talk ${block}`))
    ).episode._id;
  }, 180_000);

  afterAll(async () => {
    await nats?.close();
    await app?.close();
    await billing?.stop();
    await services?.stop();
    await isolation.cleanUp();
  });

  it('keeps every analytics and partner route to admins: 401 without a token, 403 for a viewer', async () => {
    const viewer = await signIn();
    const id = randomUUID();
    for (const [method, path] of [
      ['get', '/api/admin/analytics'],
      ['post', '/api/admin/analytics/rebuild'],
      ['get', '/api/admin/analytics/rebuild'],
      ['get', '/api/admin/partners'],
      ['post', '/api/admin/partners'],
      ['get', '/api/admin/partners/names'],
      ['get', '/api/admin/partners/titles?search=a'],
      ['get', `/api/admin/partners/titles/movie/${id}`],
      ['put', `/api/admin/partners/titles/movie/${id}`],
      ['get', `/api/admin/partners/series/${id}`],
      ['put', `/api/admin/partners/series/${id}`],
      ['get', `/api/admin/partners/${id}`],
      ['patch', `/api/admin/partners/${id}`],
      ['delete', `/api/admin/partners/${id}`],
    ] as const) {
      expect((await http[method](path)).status).toBe(401);
      expect((await http[method](path).set(bearer(viewer.token))).status).toBe(403);
    }
  });

  it('creates a partner, refusing bad fields and a second of the same name with stable codes', async () => {
    const bad = await asAdmin(http.post('/api/admin/partners'))
      .send({ ...partnerBody, email: 'not-an-email', revenueSharePercent: 120 })
      .expect(400);
    expect(bad.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['email', 'revenueSharePercent']);
    const created = (await asAdmin(http.post('/api/admin/partners')).send(partnerBody).expect(201))
      .body as PartnerSaved;
    expect(created).toMatchObject({
      message: 'Partner created.',
      partner: {
        name: partnerBody.name,
        email: 'partners@sunpictures.example',
        revenueSharePercent: 40,
        titleCount: 0,
      },
    });
    partnerId = created.partner._id;
    const twice = await asAdmin(http.post('/api/admin/partners'))
      .send({ ...partnerBody, name: partnerBody.name.toUpperCase() })
      .expect(409);
    expect(twice.body).toMatchObject({ code: ErrorCode.CONFLICT, fields: { name: expect.any(Array) } });
    const edited = await asAdmin(http.patch(`/api/admin/partners/${partnerId}`))
      .send({ revenueSharePercent: 45.5 })
      .expect(200);
    expect(edited.body.partner).toMatchObject({ revenueSharePercent: 45.5, name: partnerBody.name });
    await asAdmin(http.patch(`/api/admin/partners/${randomUUID()}`))
      .send({ phone: '12345678' })
      .expect(404);
    await asAdmin(http.get('/api/admin/partners/not-an-id')).expect(400);
  });

  it('assigns two titles to the partner, from the title side, and finds titles by name with their partner', async () => {
    for (const [kind, titleId] of [
      ['movie', titles.tamil],
      ['episode', titles.show],
    ]) {
      const res = await asAdmin(http.put(`/api/admin/partners/titles/${kind}/${titleId}`))
        .send({ partnerId })
        .expect(200);
      expect(res.body).toEqual({
        partner: { _id: partnerId, name: partnerBody.name },
        message: 'Title assigned.',
      });
    }
    await asAdmin(http.put(`/api/admin/partners/titles/movie/${randomUUID()}`))
      .send({ partnerId })
      .expect(404);
    await asAdmin(http.put(`/api/admin/partners/titles/movie/${titles.hindi}`))
      .send({ partnerId: 'x' })
      .expect(400);
    const found = await asAdmin(http.get(`/api/admin/partners/titles?search=${block}`)).expect(200);
    expect(found.body).toHaveLength(3);
    expect(found.body.find((t: { titleId: string }) => t.titleId === titles.hindi).partner).toBeNull();
    expect(
      (await asAdmin(http.get(`/api/admin/partners/titles/episode/${titles.show}`)).expect(200)).body,
    ).toEqual({ partner: { _id: partnerId, name: partnerBody.name } });
  });

  it("shows the partner's plays and watch time, and revenue shares that add up to the period's pool", async () => {
    const [gold, free] = [await signIn(), await signIn()];
    await buy(gold.token, 'gold');
    await watch(gold._id, 'movie', titles.tamil);
    await watch(gold._id, 'episode', titles.show);
    await watch(free._id, 'movie', titles.hindi);
    await waitFor(async () => {
      const answer = await analytics();
      const day = answer.data.viewing.available && answer.data.viewing.days.at(-1);
      const paid = answer.data.billing.available && answer.data.billing.days.at(-1);
      return day && paid && day.plays === 3 && day.watchSeconds === 3 && paid.revenue === 120000;
    }, 20_000);

    const details = (await asAdmin(http.get(`/api/admin/partners/${partnerId}?range=7`)).expect(200))
      .body as PartnerDetails;
    expect(details.standing).toMatchObject({ plays: 2, watchSeconds: 2 });
    expect(details.titles.map((t) => [t.titleId, t.plays])).toEqual(
      expect.arrayContaining([
        [titles.tamil, 1],
        [titles.show, 1],
      ]),
    );
    const page = (await asAdmin(http.get('/api/admin/partners?range=7')).expect(200)).body as PartnerPage;
    expect(page).toMatchObject({ currentPage: 1, totalPartners: 1, totalPages: 1 });
    const { pool, unpartnered } = page.totals;
    expect(pool).toBe(120000);
    const row = page.partners[0];
    expect(row.standing.watchShare).toBeCloseTo(2 / 3);
    expect(row.standing.attributableRevenue! + unpartnered.attributableRevenue!).toBe(pool);
    expect(row.standing.attributableRevenue).toBe(80000);
    expect(row.standing.payout).toBe(Math.round(80000 * 0.455));

    const answer = await analytics();
    expect(answer).toMatchObject({ success: true, message: 'Analytics loaded.' });
    expect(answer.data.period).toEqual({ from: addDays(today, -6), to: today });
    if (!answer.data.viewing.available || !answer.data.billing.available || !answer.data.signUps.available)
      throw new Error('a part is missing');
    expect(answer.data.viewing.days).toHaveLength(7);
    expect(answer.data.billing.days.at(-1)).toMatchObject({
      revenue: 120000,
      activeSubscriptions: { gold: 1 },
    });
    expect(answer.data.signUps.days.at(-1)?.newViewers).toBeGreaterThanOrEqual(3);
    expect(answer.data.viewing.byPlan).toEqual(
      expect.arrayContaining([expect.objectContaining({ planKey: 'gold', plays: 2 })]),
    );
    const tamil = await analytics('range=30&language=Tamil');
    if (!tamil.data.viewing.available) throw new Error('catalog unavailable');
    expect(tamil.data.viewing.topTitles.byPlays.map((t) => t.titleId)).toEqual([titles.tamil]);
    expect(tamil.data.filters).toEqual({ language: 'Tamil', plan: null });
  });

  it('refuses a bad range with the field named', async () => {
    for (const query of [
      'range=8',
      'from=2026-01-05&to=2026-01-01',
      'from=2025-01-01&to=2026-06-01',
      'language=Klingon',
    ]) {
      const res = await asAdmin(http.get(`/api/admin/analytics?${query}`)).expect(400);
      expect(res.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    }
  });

  it('gives every episode of a series to the partner, and reads the series back as theirs', async () => {
    const { series } = await rpc.call(Subjects.catalog.series.create, {
      title: `Yoga Every Morning ${block}`,
      cast: ['Shilpa Shetty'],
      language: 'Hindi',
      rating: 'U',
      tags: ['yoga'],
      titlePngUrl: `images/${randomUUID()}.webp`,
      genre: ['Kids'],
      category: 'health',
      episodes: ['Breathing Right', 'Sun Salutation'].map((title) => ({
        title,
        videoUrl: 'https://cdn.example.com/shows/yoga.m3u8',
        description: 'Yoga for beginners.',
        releaseDate: '2024-03-01',
        duration: '18min',
        bannerUrl: `images/${randomUUID()}.webp`,
      })),
    });
    const path = `/api/admin/partners/series/${series._id}`;
    expect((await asAdmin(http.get(path)).expect(200)).body).toEqual({ partner: null });
    await asAdmin(http.put(path)).send({ partnerId }).expect(200);
    expect((await asAdmin(http.get(path)).expect(200)).body).toEqual({
      partner: { _id: partnerId, name: partnerBody.name },
    });
    const page = (await asAdmin(http.get(`/api/admin/partners/${partnerId}`)).expect(200))
      .body as PartnerDetails;
    expect(page.partner.titleCount).toBe(4);
    await asAdmin(http.put(`/api/admin/partners/series/${randomUUID()}`))
      .send({ partnerId })
      .expect(404);
  });

  it('deletes the partner: their titles stay, without a partner', async () => {
    const done = await asAdmin(http.delete(`/api/admin/partners/${partnerId}`)).expect(200);
    expect(done.body).toEqual({ success: true, message: 'Partner deleted.' });
    await asAdmin(http.delete(`/api/admin/partners/${partnerId}`)).expect(404);
    expect(
      (await asAdmin(http.get(`/api/admin/partners/titles/movie/${titles.tamil}`)).expect(200)).body,
    ).toEqual({ partner: null });
  });

  it('rebuilds the aggregates as jobs an admin starts and follows, to the same analytics', async () => {
    const { viewing, signUps, billing: money } = (await analytics('range=30')).data;
    const rebuildStatus = async () =>
      (await asAdmin(http.get('/api/admin/analytics/rebuild')).expect(200))
        .body as AdminAnalyticsRebuildAnswer;
    const asked = (await asAdmin(http.post('/api/admin/analytics/rebuild')).expect(202))
      .body as AdminAnalyticsRebuildAnswer;
    expect(asked.message).toBe('Rebuilding the aggregates from the stored facts.');
    const finished = await waitFor(async () => {
      const status = await rebuildStatus();
      const parts = Object.values(status.data);
      return parts.every((part) => part.available && part.job?.state === 'done') && status;
    }, 30_000);
    for (const service of ['users', 'billing', 'catalog'] as const) {
      const [ask, done] = [asked.data[service], finished.data[service]];
      if (!ask.available || !done.available) throw new Error(`${service} did not answer`);
      expect(done.job).toMatchObject({
        id: ask.job?.id,
        state: 'done',
        stepsDone: done.job?.stepsTotal,
        result: { facts: expect.any(Number), rows: expect.any(Number) },
        error: null,
      });
    }
    const after = (await analytics('range=30')).data;
    expect([after.viewing, after.signUps, after.billing]).toEqual([viewing, signUps, money]);
  });

  it('answers analytics without billing when billing stops, its series marked unavailable', async () => {
    await billing?.stop();
    billing = undefined;
    const started = Date.now();
    const answer = await analytics();
    expect(Date.now() - started).toBeLessThan(4000);
    expect(answer.message).toBe('Some figures are unavailable just now: billing.');
    expect(answer.data.billing).toEqual({ available: false });
    expect(answer.data.viewing.available).toBe(true);
    const page = (await asAdmin(http.get('/api/admin/partners')).expect(200)).body as PartnerPage;
    expect(page.totals.pool).toBeNull();
  });
});
