import { createPrivateKey, randomInt, randomUUID } from 'node:crypto';
import {
  ErrorCode,
  Subjects,
  type AdminAnalyticsRebuildAnswer,
  type AuditEntry,
  type AuditPage,
  type PartnerSaved,
} from '@chitram/contracts';
import {
  AccessTokenSigner,
  connectNats,
  DEFAULT_JWT_AUDIENCE,
  DEFAULT_JWT_ISSUER,
  RpcClient,
} from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure, testSigningKeys, waitFor } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { NatsConnection } from 'nats';
import type request from 'supertest';
import { multipartBody } from '../testing/multipart';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';
import { DEMO_ADMIN, demoAdminToken, startTestGateway } from '../testing/test-gateway';

/**
 * The audit trail over HTTP (issue 9) and the admin sign-in limit (issue 10): this gateway in-process,
 * the built auth, users and catalog services as processes on throw-away databases. An admin's edit
 * travels from the catalog's outbox to the auth service's trail and shows on GET /api/admin/audit.
 */
describe('the audit trail through the gateway', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let services: RunningProcesses;
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let adminToken: string;

  const asAdmin = (req: request.Test) => req.set('authorization', `Bearer ${adminToken}`);
  const audit = async (query: string) =>
    (await asAdmin(http.get(`/api/admin/audit?${query}`)).expect(200)).body as AuditPage;
  /** The entries about one record, once the trail has filed as many as expected. */
  const entriesAbout = (entityId: string, query: string, count = 1) =>
    waitFor(async () => {
      const found = (await audit(query)).entries.filter((entry) => entry.entity.id === entityId);
      return found.length >= count && found;
    }, 10_000);

  beforeAll(async () => {
    services = await startServiceProcesses(['auth', 'users', 'catalog'], isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, ADMIN_LOGIN_ADDRESS_LIMIT: '3' },
    });
    ({ app, http } = await startTestGateway(isolation.env, keys.publicPem));
    nats = await connectNats(testInfrastructure().NATS_URL, 'audit-gateway-test');
    rpc = new RpcClient(nats, 5000);
    adminToken = await demoAdminToken(http);
  }, 180_000);

  afterAll(async () => {
    await nats?.close();
    await app?.close();
    await services?.stop();
    await isolation.cleanUp();
  });

  it('keeps the trail to admins: 401 without a token, 403 for a viewer', async () => {
    const viewerToken = await new AccessTokenSigner(createPrivateKey(keys.privatePem), {
      issuer: DEFAULT_JWT_ISSUER,
      audience: DEFAULT_JWT_AUDIENCE,
      ttlSeconds: 900,
    }).sign({ sub: randomUUID(), role: 'user', sid: randomUUID() });
    const none = await http.get('/api/admin/audit').expect(401);
    expect(none.body.code).toBe(ErrorCode.UNAUTHENTICATED);
    const viewer = await http
      .get('/api/admin/audit')
      .set('authorization', `Bearer ${viewerToken}`)
      .expect(403);
    expect(viewer.body.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('shows an admin’s edit of a movie with who, when and the before and after of what changed', async () => {
    const title = `Kaveri Nights ${randomInt(1e6)}`;
    const { movie } = await rpc.call(Subjects.catalog.movies.create, {
      title,
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
    });
    const form = multipartBody([
      { name: 'title', value: `${title} Returns` },
      { name: 'releaseYear', value: '2023' },
      { name: 'language', value: 'Tamil' },
    ]);
    const before = Date.now();
    await asAdmin(http.patch(`/api/admin/movies/update/${movie._id}`))
      .set('content-type', form.contentType)
      .send(form.body)
      .expect(200);

    const [entry] = await entriesAbout(movie._id, 'entity=movie');
    expect(entry).toEqual({
      _id: expect.any(String),
      at: expect.any(String),
      admin: { id: expect.any(String), email: DEMO_ADMIN.email },
      action: 'updated',
      entity: { type: 'movie', id: movie._id, label: `${title} Returns` },
      changes: [
        { field: 'title', before: title, after: `${title} Returns` },
        { field: 'releaseYear', before: 2022, after: 2023 },
      ],
      note: null,
      // This test's requests come from this machine, which names no client.
      address: null,
    } satisfies AuditEntry);
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
    // Filtered by another entity type, or another action, it is not there.
    expect((await audit('entity=viewer')).entries.some((e) => e.entity.id === movie._id)).toBe(false);
    expect((await audit('entity=movie&action=deleted')).entries.some((e) => e.entity.id === movie._id)).toBe(
      false,
    );
    // The seed's write (no admin) left no entry.
    expect((await audit('entity=movie&action=created')).entries.some((e) => e.entity.id === movie._id)).toBe(
      false,
    );
  });

  it('shows a viewer signed out everywhere and then deleted by an admin, the number masked', async () => {
    const phone = `+91${randomInt(6_000_000_000, 9_999_999_999)}`;
    const viewer = await rpc.call(Subjects.users.findOrCreateViewer, { phoneNumber: phone });
    const masked = `+91 ${phone.slice(3, 5)}•••••${phone.slice(-3)}`;
    await asAdmin(http.post(`/api/admin/users/${viewer._id}/sign-out`)).expect(200);
    await asAdmin(http.delete(`/api/admin/users/${viewer._id}`)).expect(200);

    const entries = await entriesAbout(viewer._id, 'entity=viewer', 2);
    expect(entries.map((e) => [e.action, e.entity.label, e.admin.email])).toEqual([
      ['deleted', masked, DEMO_ADMIN.email],
      ['signed-out-everywhere', masked, DEMO_ADMIN.email],
    ]);
    expect(entries[0].changes).toContainEqual({ field: 'phoneNumber', before: masked, after: null });
    expect(JSON.stringify(entries)).not.toContain(phone.slice(3));
  });

  it('shows a partner created, edited, given a title and deleted, with the before and after', async () => {
    const name = `Sun Pictures ${randomInt(1e6)}`;
    const created = await asAdmin(http.post('/api/admin/partners'))
      .send({
        name,
        contactPerson: 'Kalanithi Maran',
        email: 'partners@sun.example',
        phone: '+91 44 4467 6767',
        revenueSharePercent: 40,
      })
      .expect(201);
    const partnerId = (created.body as PartnerSaved).partner._id;
    await asAdmin(http.patch(`/api/admin/partners/${partnerId}`))
      .send({ revenueSharePercent: 42.5, contactPerson: 'Kavya Maran' })
      .expect(200);
    const { movie } = await rpc.call(Subjects.catalog.movies.create, {
      title: `Jailer ${randomInt(1e6)}`,
      description: 'A retired jailer.',
      cast: ['Rajinikanth'],
      genre: ['Action'],
      language: 'Tamil',
      rating: 'U/A',
      releaseYear: 2023,
      duration: '2hr 48min',
      thumbnailUrl: `images/${randomUUID()}.webp`,
      bannerUrl: `images/${randomUUID()}.webp`,
      titlePngUrl: `images/${randomUUID()}.webp`,
      movieUrl: 'https://cdn.example.com/movies/jailer.m3u8',
    });
    await asAdmin(http.put(`/api/admin/partners/titles/movie/${movie._id}`))
      .send({ partnerId })
      .expect(200);
    await asAdmin(http.delete(`/api/admin/partners/${partnerId}`)).expect(200);

    const entries = await entriesAbout(partnerId, 'entity=partner', 3);
    expect(entries.map((e) => [e.action, e.entity.label, e.admin.email])).toEqual([
      ['deleted', name, DEMO_ADMIN.email],
      ['updated', name, DEMO_ADMIN.email],
      ['created', name, DEMO_ADMIN.email],
    ]);
    expect(entries[1].changes).toEqual([
      { field: 'contactPerson', before: 'Kalanithi Maran', after: 'Kavya Maran' },
      { field: 'revenueSharePercent', before: 40, after: 42.5 },
    ]);
    expect(entries[2].changes).toContainEqual({ field: 'name', before: null, after: name });
    expect(entries[0].changes).toContainEqual({ field: 'revenueSharePercent', before: 42.5, after: null });
    const [assigned] = await entriesAbout(movie._id, 'action=assigned');
    expect(assigned).toMatchObject({
      admin: { email: DEMO_ADMIN.email },
      entity: { type: 'movie', id: movie._id, label: movie.title },
      changes: [{ field: 'partner', before: null, after: name }],
    });
  });

  it('shows an admin asking for a rebuild of the analytics, with the job each service started', async () => {
    const asked = (await asAdmin(http.post('/api/admin/analytics/rebuild')).expect(202))
      .body as AdminAnalyticsRebuildAnswer;
    const { users, catalog } = asked.data;
    if (!users.available || !users.job || !catalog.available || !catalog.job)
      throw new Error('users and catalog should have started their jobs');

    const [entry] = (await audit('entity=analytics&action=rebuild-requested')).entries;
    expect(entry).toMatchObject({
      admin: { email: DEMO_ADMIN.email },
      action: 'rebuild-requested',
      entity: { type: 'analytics', id: null, label: 'Per-day aggregates' },
      changes: [],
    });
    // Billing is not running in this suite: the trail says so rather than leaving it out.
    expect(entry.note).toBe(
      `users: job ${users.job.id}, ${users.job.state}; billing: did not answer; ` +
        `catalog: job ${catalog.job.id}, ${catalog.job.state}`,
    );
  });

  it('lists the admin’s own sign-in, and offers the admins to filter by', async () => {
    const page = await audit('action=signed-in');
    expect(page.entries[0]).toMatchObject({
      admin: { email: DEMO_ADMIN.email },
      entity: { type: 'admin', label: DEMO_ADMIN.email },
    });
    expect(page.admins.map((admin) => admin.email)).toEqual([DEMO_ADMIN.email]);
    const byAdmin = await audit(`admin=${page.admins[0].id}&action=signed-in`);
    expect(byAdmin.totalEntries).toBeGreaterThanOrEqual(1);
    expect(await audit(`admin=${randomUUID()}`)).toMatchObject({ entries: [], totalEntries: 0 });
  });

  it('answers filters it cannot read with 400 and the field, never a 5xx', async () => {
    for (const [query, field] of [
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['from=2026-13-01', 'from'],
      ['admin=someone', 'admin'],
      ['entity=planet', 'entity'],
      ['action=x&action=y', 'action'],
      ['page=0', 'page'],
      ['page=1.5', 'page'],
    ]) {
      const res = await asAdmin(http.get(`/api/admin/audit?${query}`)).expect(400);
      expect(res.body).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        fields: { [field]: expect.any(Array) },
      });
    }
    await asAdmin(http.get('/api/admin/audit?entity=&action=&admin=&from=&to=')).expect(200);
  });

  // Last: it closes admin sign-in from this test's address for the rest of the window.
  it('limits failed admin sign-ins per client address, with Retry-After, whatever the e-mails', async () => {
    for (const email of ['a@chitram.in', 'b@chitram.in', DEMO_ADMIN.email]) {
      const res = await http.post('/api/admin/admin-login').send({ email, password: 'not it' }).expect(401);
      expect(res.body.code).toBe(ErrorCode.INVALID_CREDENTIALS);
    }
    const limited = await http.post('/api/admin/admin-login').send(DEMO_ADMIN).expect(429);
    expect(limited.body).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
  });
});
