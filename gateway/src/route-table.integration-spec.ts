import { randomBytes } from 'node:crypto';
import { ADMIN_AREAS, ADMIN_ROLES, ErrorCode, type AdminRole } from '@chitram/contracts';
import { loadConfig, RevocationList, type Redis } from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createGatewayApp } from './app';
import { GatewayConfig } from './config';
import { testTokens } from './testing/access-tokens';
import { concretePath, declaredRoutes, type RouteEntry } from './testing/route-table';

/**
 * Routes under /api/admin/ that are not admin-only, each with its reason. Anything else under
 * /api/admin/ must be @AdminRoute(area), which names the admin roles that may call it: a new admin route
 * is covered without touching this file.
 */
const ADMIN_PATH_EXCEPTIONS: Record<string, string> = {
  'POST /api/admin/admin-login': 'public: it is how an admin signs in',
  'POST /api/admin/admin-login/enrol':
    'public: the first sign-in enrols a second factor (a challenge proves the password)',
  'POST /api/admin/admin-login/second-factor':
    'public: the sign-in’s second step (a challenge proves the password)',
  'POST /api/admin/invitation':
    'public: an invited admin sets their password (the link’s secret proves the invitation)',
  'DELETE /api/admin/delete-user': "viewer: SPEC §7's path for deleting the caller's own account (D25)",
};

/** Routes that are not Nest handlers, so no guard runs: each is public by nature. */
const SERVED_OUTSIDE_NEST: Record<string, string> = {
  'OPTIONS *': 'CORS preflight answers',
  'GET /api/docs/*': 'the OpenAPI page and its assets',
  'GET /api/docs/docs/*': 'the OpenAPI page and its assets',
};

const key = (route: Pick<RouteEntry, 'method' | 'path'>) => `${route.method} ${route.path}`;
const describeAccess = (route: RouteEntry) =>
  !route.access
    ? 'NONE'
    : route.access.kind === 'public'
      ? 'public'
      : route.access.roles.join('|') + (route.access.area ? `:${route.access.area}` : '');

describe('the route table: every route says who may call it, and the guard holds to it', () => {
  const isolation = isolatedEnv();
  const tokens = testTokens();
  const served = new Set<string>();
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let table: RouteEntry[];
  let redis: Redis;

  const call = (route: Pick<RouteEntry, 'method' | 'path'>, token?: string) => {
    const url = concretePath(route.path);
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const req = http[method](url);
    return token ? req.set('authorization', `Bearer ${token}`) : req;
  };
  const me = { method: 'GET', path: '/api/user/me' };

  beforeAll(async () => {
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      LOG_LEVEL: 'silent',
      RPC_TIMEOUT_MS: '1000',
      JWT_PUBLIC_KEY: tokens.publicPem,
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
    });
    app = await createGatewayApp(config);
    const fastify = app.getHttpAdapter().getInstance();
    // Routes are registered at init: watch Fastify take each one, so the table can be checked against it.
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') served.add(`${method} ${route.url}`);
    });
    await app.init();
    await fastify.ready();
    http = request(app.getHttpServer());
    table = declaredRoutes(app, '/api');
    redis = isolation.redis();
  });

  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
    await isolation.cleanUp();
  });

  it('reads every route the server actually serves from Nest, and knows the few served outside it', () => {
    expect(served.size).toBeGreaterThan(5);
    const fromNest = new Set(table.map(key));
    expect([...fromNest].filter((route) => !served.has(route))).toEqual([]);
    const outsideNest = [...served].filter((route) => !fromNest.has(route)).sort();
    expect(outsideNest).toEqual(Object.keys(SERVED_OUTSIDE_NEST).sort());
  });

  it('finds an access declaration (@Public() or @Roles(...)) on every route', () => {
    const undeclared = table.filter((r) => !r.access).map((r) => `${key(r)} (${r.handler})`);
    expect(undeclared).toEqual([]);
  });

  it('keeps everything under /api/admin/ for admins of the roles its area names, but the listed exceptions', () => {
    const adminPaths = table.filter((r) => r.path.startsWith('/api/admin/'));
    const notAdminOnly = adminPaths
      .filter(
        (r) =>
          !(
            r.access?.kind === 'roles' &&
            r.access.roles.length === 1 &&
            r.access.roles[0] === 'admin' &&
            r.access.area
          ),
      )
      .map((r) => `${key(r)}: ${describeAccess(r)}`);
    expect(notAdminOnly.sort()).toEqual(
      Object.keys(ADMIN_PATH_EXCEPTIONS)
        .map((k) => `${k}: ${k.endsWith('delete-user') ? 'user' : 'public'}`)
        .sort(),
    );
  });

  it('names the admin roles of every admin route: an area of the back office (issue 20)', () => {
    const areaOf = new Map(
      table.flatMap((r) => (r.access?.kind === 'roles' && r.access.area ? [[key(r), r.access.area]] : [])),
    );
    // Every admin-only route names an area, wherever its path is (catalogue writes live under /api/series/ too).
    const adminWithoutArea = table.filter(
      (r) => r.access?.kind === 'roles' && !r.access.roles.includes('user') && !r.access.area,
    );
    expect(adminWithoutArea.map(key)).toEqual([]);
    expect({
      movieEdit: areaOf.get('PATCH /api/admin/movies/update/:id'),
      episodeUpload: areaOf.get('POST /api/series/upload-episode'),
      videos: areaOf.get('POST /api/admin/videos'),
      partners: areaOf.get('PUT /api/admin/partners/titles/:kind/:titleId'),
      analytics: areaOf.get('GET /api/admin/analytics'),
      viewerSignOut: areaOf.get('POST /api/admin/users/:id/sign-out'),
      viewerDelete: areaOf.get('DELETE /api/admin/users/:id'),
      audit: areaOf.get('GET /api/admin/audit'),
      invite: areaOf.get('POST /api/admin/admins'),
      dashboard: areaOf.get('GET /api/admin/dashboard'),
      ownSecondFactor: areaOf.get('POST /api/admin/me/second-factor'),
      coupons: areaOf.get('POST /api/admin/coupons'),
      planChanges: areaOf.get('POST /api/admin/plans/:planKey/changes'),
    }).toEqual({
      movieEdit: 'catalogue',
      episodeUpload: 'catalogue',
      videos: 'catalogue',
      partners: 'partners',
      analytics: 'finance',
      viewerSignOut: 'viewers',
      viewerDelete: 'viewers',
      audit: 'audit',
      invite: 'admins',
      dashboard: 'dashboard',
      ownSecondFactor: 'account',
      coupons: 'finance',
      planChanges: 'finance',
    });
  });

  it('answers 403 ADMIN_ROLE_FORBIDDEN to every admin whose role the route’s area does not name', async () => {
    const tokenOf = Object.fromEntries(
      await Promise.all(
        ADMIN_ROLES.map(
          async (role) => [role, (await tokens.as('admin', { adminRole: role })).token] as const,
        ),
      ),
    ) as Record<AdminRole, string>;
    const wrong: string[] = [];
    let refused = 0;
    for (const route of table)
      if (route.access?.kind === 'roles' && route.access.area)
        for (const role of ADMIN_ROLES) {
          if ((ADMIN_AREAS[route.access.area] as readonly AdminRole[]).includes(role)) continue;
          refused++;
          const res = await call(route, tokenOf[role]);
          if (res.status !== 403 || res.body.code !== ErrorCode.ADMIN_ROLE_FORBIDDEN)
            wrong.push(`${role} ${key(route)} → ${res.status} ${res.body.code}`);
        }
    expect(refused).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  it('lets each role past the guard on its own routes: content edits titles, finance reads analytics, support signs a viewer out', async () => {
    const passes = async (role: AdminRole, route: Pick<RouteEntry, 'method' | 'path'>) => {
      const res = await call(route, (await tokens.as('admin', { adminRole: role })).token);
      // No service runs here: past the guard shows as a refusal of the body or a 503 of the request it makes.
      return res.status !== 401 && res.status !== 403;
    };
    const movieEdit = { method: 'PATCH', path: '/api/admin/movies/update/:id' };
    const refunds = { method: 'GET', path: '/api/admin/analytics' };
    const signOut = { method: 'POST', path: '/api/admin/users/:id/sign-out' };
    expect({
      contentEditsTitles: await passes('content', movieEdit),
      contentReadsMoney: await passes('content', refunds),
      financeReadsMoney: await passes('finance', refunds),
      financeEditsTitles: await passes('finance', movieEdit),
      supportSignsOut: await passes('support', signOut),
      supportEditsTitles: await passes('support', movieEdit),
      ownerDoesAll: (await passes('owner', movieEdit)) && (await passes('owner', signOut)),
    }).toEqual({
      contentEditsTitles: true,
      contentReadsMoney: false,
      financeReadsMoney: true,
      financeEditsTitles: false,
      supportSignsOut: true,
      supportEditsTitles: false,
      ownerDoesAll: true,
    });
  });

  it('refuses an admin token that names no admin role (issued before roles) on every admin area', async () => {
    const { token } = await tokens.as('admin', { adminRole: null });
    const res = await call({ method: 'GET', path: '/api/admin/dashboard' }, token).expect(403);
    expect(res.body.code).toBe(ErrorCode.ADMIN_ROLE_FORBIDDEN);
  });

  it('serves the sign-in routes of the contract, public where they must be', () => {
    const access = new Map(table.map((r) => [key(r), describeAccess(r)]));
    expect(
      Object.fromEntries(
        [...access].filter(([k]) =>
          /\/(user\/(send-otp|verify-otp|me)|auth\/|dev\/otp)|admin-login|delete-user/.test(k),
        ),
      ),
    ).toEqual({
      'DELETE /api/admin/delete-user': 'user',
      'POST /api/admin/admin-login': 'public',
      'POST /api/admin/admin-login/enrol': 'public',
      'POST /api/admin/admin-login/second-factor': 'public',
      'POST /api/auth/logout': 'user|admin',
      'POST /api/auth/refresh': 'public',
      'GET /api/dev/otp-outbox': 'public',
      'DELETE /api/user/me': 'user',
      'GET /api/user/me': 'user',
      'PATCH /api/user/me': 'user',
      'POST /api/user/send-otp': 'public',
      'POST /api/user/verify-otp': 'public',
    });
  });

  it('serves the plan-end banner and the SMS reminder switch to viewers only (D40)', () => {
    const access = new Map(table.map((r) => [key(r), describeAccess(r)]));
    expect(
      Object.fromEntries([...access].filter(([k]) => /\/api\/user\/(reminders|plan-ending)\b/.test(k))),
    ).toEqual({
      'GET /api/user/plan-ending': 'user',
      'GET /api/user/reminders': 'user',
      'PUT /api/user/reminders': 'user',
    });
  });

  it('serves My List to viewers only (issue 22)', () => {
    const access = new Map(table.map((r) => [key(r), describeAccess(r)]));
    expect(Object.fromEntries([...access].filter(([k]) => /\/api\/user\/list\b/.test(k)))).toEqual({
      'DELETE /api/user/list/:titleId': 'user',
      'GET /api/user/list': 'user',
      'PUT /api/user/list/:titleId': 'user',
    });
  });

  it('serves profiles to viewers only (issue 22, D37)', () => {
    const access = new Map(table.map((r) => [key(r), describeAccess(r)]));
    expect(Object.fromEntries([...access].filter(([k]) => /\/api\/user\/profiles\b/.test(k)))).toEqual({
      'GET /api/user/profiles': 'user',
      'POST /api/user/profiles': 'user',
      'PATCH /api/user/profiles/:id': 'user',
      'DELETE /api/user/profiles/:id': 'user',
      'POST /api/user/profiles/:id/select': 'user',
    });
  });

  it('serves the plans and payment routes: checkout for viewers, the webhook signed instead of signed in', () => {
    const access = new Map(table.map((r) => [key(r), describeAccess(r)]));
    expect(
      Object.fromEntries(
        [...access].filter(([k]) =>
          /\/(plans|checkout|webhooks|payments|receipts|credit-notes|gst-summary|invoice-register|payments-sandbox|subscription-status|billing-account)\b/.test(
            k,
          ),
        ),
      ),
    ).toEqual({
      'GET /api/plans': 'public',
      'GET /api/checkout/quotes': 'user',
      'GET /api/checkout/quote': 'user',
      'GET /api/checkout/trial': 'user',
      'POST /api/checkout/trial': 'user',
      'POST /api/checkout/create-order': 'user',
      'POST /api/checkout/verify-payment': 'user',
      'GET /api/movie/subscription-status': 'user',
      'POST /api/webhooks/razorpay': 'public',
      'GET /api/user/payments': 'user',
      'GET /api/user/billing-account': 'user',
      'PUT /api/user/billing-account': 'user',
      'GET /api/user/receipts/:receiptId': 'user',
      'GET /api/user/receipts/:receiptId/pdf': 'user',
      'GET /api/user/credit-notes/:creditNoteId': 'user',
      'GET /api/user/credit-notes/:creditNoteId/pdf': 'user',
      'GET /api/admin/payments': 'admin:finance',
      'POST /api/admin/payments/:paymentId/refunds': 'admin:finance',
      'GET /api/admin/reports/gst-summary': 'admin:finance',
      'GET /api/admin/reports/invoice-register': 'admin:finance',
      'GET /api/admin/plans': 'admin:finance',
      'POST /api/admin/plans/:planKey/changes': 'admin:finance',
      'DELETE /api/admin/plans/:planKey/changes/:changeId': 'admin:finance',
      'POST /api/dev/payments-sandbox/pay': 'user',
      'POST /api/dev/payments-sandbox/fail': 'user',
    });
  });

  it('serves playback to anyone (a caller with a token is identified by it), and screens to viewers', () => {
    const access = new Map(table.map((r) => [key(r), r.access]));
    for (const route of [
      'GET /api/movie/:id/stream',
      'GET /api/series/episodes/:id/stream',
      'GET /api/stream/:token/*',
    ])
      expect(access.get(route)).toEqual({ kind: 'public', identify: true });
    for (const route of ['POST /api/playback/heartbeat', 'POST /api/playback/stop'])
      expect(access.get(route)).toEqual({ kind: 'roles', roles: ['user'] });
  });

  it('refuses a bad token even on a route that anyone may call, when one is sent', async () => {
    const res = await http
      .get('/api/movie/some-film/stream')
      .set('authorization', 'Bearer not.a.jwt')
      .expect(401);
    expect(res.body.code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('answers 401 without a token on every route that needs a role', async () => {
    const guarded = table.filter((r) => r.access?.kind === 'roles');
    expect(guarded.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of guarded) {
      const res = await call(route);
      if (res.status !== 401 || res.body.code !== ErrorCode.UNAUTHENTICATED)
        wrong.push(`${key(route)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a viewer on every admin route', async () => {
    const { token } = await tokens.as('user');
    const adminOnly = table.filter((r) => r.access?.kind === 'roles' && !r.access.roles.includes('user'));
    const wrong: string[] = [];
    for (const route of adminOnly) {
      const res = await call(route, token);
      if (res.status !== 403 || res.body.code !== ErrorCode.FORBIDDEN)
        wrong.push(`${key(route)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to an admin on every viewer-only route', async () => {
    const { token } = await tokens.as('admin');
    const viewerOnly = table.filter((r) => r.access?.kind === 'roles' && !r.access.roles.includes('admin'));
    expect(viewerOnly.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of viewerOnly) {
      const res = await call(route, token);
      if (res.status !== 403) wrong.push(`${key(route)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a valid token of the right role past the guard', async () => {
    const { token } = await tokens.as('user');
    // No users service runs here: reaching the handler shows as 503 from the request it makes.
    const res = await call(me, token);
    expect(res.status).not.toBe(401);
    expect(res.status).not.toBe(403);
  });

  describe('tokens the guard refuses', () => {
    const refused = async (token: string, code: ErrorCode) => {
      const res = await call(me, token).expect(401);
      expect(res.body).toEqual({ code, message: expect.any(String) });
    };

    it('refuses a token with alg "none"', async () =>
      refused(tokens.unsigned('user'), ErrorCode.TOKEN_INVALID));
    it('refuses a token signed with another key', async () =>
      refused(await tokens.otherKey('user'), ErrorCode.TOKEN_INVALID));
    it('refuses HS256 "signed" with the public key (algorithm confusion)', async () =>
      refused(tokens.publicKeyAsSecret('user'), ErrorCode.TOKEN_INVALID));
    it('refuses a token for another audience', async () =>
      refused(await tokens.otherAudience('user'), ErrorCode.TOKEN_INVALID));
    it('refuses garbage', async () => refused('not.a.jwt', ErrorCode.TOKEN_INVALID));
    it('tells an expired token apart, so the client renews it', async () =>
      refused(await tokens.expired('user'), ErrorCode.TOKEN_EXPIRED));

    it('refuses a token of a revoked session at once, and only that session', async () => {
      const revokedOne = await tokens.as('user');
      const other = await tokens.as('user', { sub: revokedOne.sub });
      await new RevocationList(redis).revokeSession(revokedOne.sid, 60);
      await refused(revokedOne.token, ErrorCode.TOKEN_REVOKED);
      expect((await call(me, other.token)).status).not.toBe(401);
    });

    it('refuses every token a subject held when its access was revoked (account deleted)', async () => {
      const viewer = await tokens.as('user');
      const secondDevice = await tokens.as('user', { sub: viewer.sub });
      await new RevocationList(redis).revokeSubjectBefore(viewer.sub, new Date(Date.now() + 1000), 60);
      await refused(viewer.token, ErrorCode.TOKEN_REVOKED);
      await refused(secondDevice.token, ErrorCode.TOKEN_REVOKED);
    });

    it('needs the Bearer scheme', async () => {
      const { token } = await tokens.as('user');
      const res = await http.get('/api/user/me').set('authorization', `Basic ${token}`).expect(401);
      expect(res.body.code).toBe(ErrorCode.UNAUTHENTICATED);
    });
  });
});

describe('the gateway in production mode', () => {
  const tokens = testTokens();
  let app: NestFastifyApplication;

  afterAll(async () => {
    await app?.close();
  });

  it('does not serve the development OTP outbox', async () => {
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      JWT_PUBLIC_KEY: tokens.publicPem,
      MEDIA_INTERNAL_TOKEN: randomBytes(24).toString('hex'),
    });
    app = await createGatewayApp(config);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    expect(declaredRoutes(app, '/api').some((r) => r.path.startsWith('/api/dev/'))).toBe(false);
    const res = await request(app.getHttpServer()).get('/api/dev/otp-outbox?phone=9876543210').expect(404);
    expect(res.body.code).toBe(ErrorCode.ROUTE_NOT_FOUND);
  });

  it('refuses to start without a configured public key', () => {
    expect(() => loadConfig(GatewayConfig, { NODE_ENV: 'production' })).toThrow(/JWT_PUBLIC_KEY/);
  });
});
