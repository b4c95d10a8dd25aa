import type { ApiContext, SessionRole } from '@chitram/shell-contract';
import { createSessionHooks } from './session-hooks';
import {
  createTokenRenewal,
  type RefreshOutcome,
  type SessionTokens,
  type TokenStore,
} from './token-renewal';

const API = 'http://chitram.test/api';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A gateway in miniature: `valid` access tokens pass, others get 401 TOKEN_EXPIRED; the refresh endpoint
 * rotates `r<n>` → `a<n+1>`/`r<n+1>` and refuses anything else.
 */
function fakePlatform(sessions: Partial<Record<SessionRole, SessionTokens>>, { acceptRenewed = true } = {}) {
  const store = new Map(Object.entries(sessions) as Array<[SessionRole, SessionTokens]>);
  const ended: SessionRole[] = [];
  const tokens: TokenStore = {
    current: (role) => store.get(role) ?? null,
    latest: (role) => store.get(role) ?? null,
    replace: (role, pair) => void store.set(role, pair),
    end: (role) => {
      store.delete(role);
      ended.push(role);
    },
  };
  const valid = new Set<string>();
  const refreshCalls: string[] = [];
  const seenAuth: Array<string | null> = [];
  let generation = 1;
  const refresh = async (refreshToken: string): Promise<RefreshOutcome> => {
    refreshCalls.push(refreshToken);
    await new Promise((r) => setTimeout(r, 5));
    if (refreshToken !== `r${generation}`) return { kind: 'refused' };
    generation++;
    if (acceptRenewed) valid.add(`a${generation}`);
    return { kind: 'renewed', token: `a${generation}`, refreshToken: `r${generation}` };
  };
  const server = async (request: Request): Promise<Response> => {
    const auth = request.headers.get('Authorization');
    seenAuth.push(auth);
    if (request.url.endsWith('/admin/admin-login'))
      return json(401, { code: 'INVALID_CREDENTIALS', message: 'x' });
    if (!auth) return json(401, { code: 'UNAUTHENTICATED', message: 'Please log in to continue.' });
    if (!valid.has(auth.slice(7))) return json(401, { code: 'TOKEN_EXPIRED', message: 'expired' });
    return json(200, { ok: true, body: request.method === 'POST' ? await request.text() : null });
  };
  let resends = 0;
  const hooks = createSessionHooks({
    tokens,
    renewal: createTokenRenewal({ tokens, refresh }),
    resend: (request) => {
      resends++;
      return server(request);
    },
  });
  /** What ky does with the hooks around one call. */
  async function call(path: string, context: ApiContext = {}, init: RequestInit = {}): Promise<Response> {
    const request = new Request(`${API}/${path}`, init);
    const options = { context: context as Record<string, unknown> };
    hooks.beforeRequest(request, options);
    const response = await server(request.clone());
    return (await hooks.afterResponse(request, options, response)) ?? response;
  }
  return { call, store, ended, valid, refreshCalls, seenAuth, resends: () => resends };
}

describe('API client: which token goes out (SPEC §6)', () => {
  it("sends the admin token when an admin is signed in, else the viewer's, and none for sign-in calls", async () => {
    const both = fakePlatform({ user: { token: 'u1' }, admin: { token: 'x1' } });
    both.valid.add('u1').add('x1');
    await both.call('admin/dashboard');
    await both.call('user/me', { session: 'user' });
    await both.call('user/send-otp', { anonymous: true });
    expect(both.seenAuth).toEqual(['Bearer x1', 'Bearer u1', null]);

    const viewer = fakePlatform({ user: { token: 'u1' } });
    viewer.valid.add('u1');
    await viewer.call('user/me');
    expect(viewer.seenAuth).toEqual(['Bearer u1']);

    const visitor = fakePlatform({});
    await visitor.call('home/content');
    expect(visitor.seenAuth).toEqual([null]);
  });
});

describe('API client: silent renewal (DECISIONS D5)', () => {
  it('renews an expired token and retries the request once, body included', async () => {
    const p = fakePlatform({ user: { token: 'a1', refreshToken: 'r1' } });
    const res = await p.call('checkout/create-order', {}, { method: 'POST', body: '{"planKey":"gold"}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, body: '{"planKey":"gold"}' });
    expect(p.seenAuth).toEqual(['Bearer a1', 'Bearer a2']);
    expect(p.store.get('user')).toEqual({ token: 'a2', refreshToken: 'r2' });
  });

  it('renews once for requests refused together; every one of them succeeds', async () => {
    const p = fakePlatform({ user: { token: 'a1', refreshToken: 'r1' } });
    const results = await Promise.all(
      ['user/me', 'home/content', 'movie/1', 'movie/2'].map((path) => p.call(path)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(p.refreshCalls).toEqual(['r1']);
    expect(p.ended).toEqual([]);
  });

  it('retries only once: a retry refused again is the answer', async () => {
    const p = fakePlatform({ user: { token: 'a1', refreshToken: 'r1' } }, { acceptRenewed: false });
    const res = await p.call('user/me');
    expect(res.status).toBe(401);
    expect(p.resends()).toBe(1);
    expect(p.refreshCalls).toEqual(['r1']);
  });

  it('ends the session when renewal is refused, and the refusal reaches the caller', async () => {
    const p = fakePlatform({ user: { token: 'a1', refreshToken: 'revoked' } });
    const res = await p.call('user/me');
    expect(res.status).toBe(401);
    expect(p.ended).toEqual(['user']);
    expect(p.resends()).toBe(0);
  });

  it('renews the session whose token was refused: the admin one for an admin call', async () => {
    const p = fakePlatform({
      user: { token: 'u1', refreshToken: 'ur' },
      admin: { token: 'a1', refreshToken: 'r1' },
    });
    p.valid.add('u1');
    const res = await p.call('admin/users');
    expect(res.status).toBe(200);
    expect(p.store.get('admin')?.token).toBe('a2');
    expect(p.store.get('user')).toEqual({ token: 'u1', refreshToken: 'ur' });
  });

  it('does not renew for a wrong password, or for a token the caller chose', async () => {
    const p = fakePlatform({ user: { token: 'a1', refreshToken: 'r1' } });
    const login = await p.call('admin/admin-login', {}, { method: 'POST', body: '{}' });
    expect(login.status).toBe(401);
    const own = await p.call('user/me', {}, { headers: { Authorization: 'Bearer old-from-elsewhere' } });
    expect(own.status).toBe(401);
    expect(p.refreshCalls).toEqual([]);
    expect(p.ended).toEqual([]);
  });
});
