import type { SessionRole } from '@chitram/shell-contract';
import { createTokenRenewal, type RefreshOutcome, refreshTokens, type SessionTokens } from './token-renewal';

/** A session store shared by "tabs": `latest` is local storage, `current` what this tab last saw. */
function memoryTokens(initial: Partial<Record<SessionRole, SessionTokens>>) {
  const saved = new Map<SessionRole, SessionTokens>(
    Object.entries(initial) as Array<[SessionRole, SessionTokens]>,
  );
  const seen = new Map(saved);
  const ended: SessionRole[] = [];
  return {
    saved,
    seen,
    ended,
    current: (role: SessionRole) => seen.get(role) ?? null,
    latest: (role: SessionRole) => {
      const s = saved.get(role) ?? null;
      if (s) seen.set(role, s);
      else seen.delete(role);
      return s;
    },
    replace: (role: SessionRole, pair: { token: string; refreshToken: string }) => {
      saved.set(role, pair);
      seen.set(role, pair);
    },
    end: (role: SessionRole) => {
      saved.delete(role);
      seen.delete(role);
      ended.push(role);
    },
  };
}

/** A refresh endpoint that rotates: r1 → (a2, r2) → (a3, r3)…; a spent token is refused. */
function rotatingServer(delayMs = 5) {
  let generation = 1;
  const calls: string[] = [];
  const refresh = async (refreshToken: string): Promise<RefreshOutcome> => {
    calls.push(refreshToken);
    await new Promise((r) => setTimeout(r, delayMs));
    if (refreshToken !== `r${generation}`) return { kind: 'refused' };
    generation++;
    return { kind: 'renewed', token: `a${generation}`, refreshToken: `r${generation}` };
  };
  return { refresh, calls };
}

describe('silent token renewal (DECISIONS D5)', () => {
  it('renews once for many requests refused together, and all of them get the new token', async () => {
    const tokens = memoryTokens({ user: { token: 'a1', refreshToken: 'r1' } });
    const server = rotatingServer();
    const renewal = createTokenRenewal({ tokens, refresh: server.refresh });

    const results = await Promise.all([1, 2, 3, 4, 5].map(() => renewal.renew('user', 'a1')));

    expect(results).toEqual(['a2', 'a2', 'a2', 'a2', 'a2']);
    expect(server.calls).toEqual(['r1']);
    expect(tokens.saved.get('user')).toEqual({ token: 'a2', refreshToken: 'r2' });
    expect(tokens.ended).toEqual([]);
  });

  it('retries a late refusal of an old token with the current one, without spending the refresh token', async () => {
    const tokens = memoryTokens({ user: { token: 'a1', refreshToken: 'r1' } });
    const server = rotatingServer();
    const renewal = createTokenRenewal({ tokens, refresh: server.refresh });
    await renewal.renew('user', 'a1');

    expect(await renewal.renew('user', 'a1')).toBe('a2');
    expect(server.calls).toEqual(['r1']);
  });

  it('renews again when the renewed token is refused in its turn', async () => {
    const tokens = memoryTokens({ user: { token: 'a1', refreshToken: 'r1' } });
    const server = rotatingServer();
    const renewal = createTokenRenewal({ tokens, refresh: server.refresh });
    await renewal.renew('user', 'a1');

    expect(await renewal.renew('user', 'a2')).toBe('a3');
    expect(server.calls).toEqual(['r1', 'r2']);
  });

  it('uses a token another tab renewed meanwhile instead of reusing the spent refresh token', async () => {
    const tokens = memoryTokens({ user: { token: 'a1', refreshToken: 'r1' } });
    const server = rotatingServer();
    const renewal = createTokenRenewal({ tokens, refresh: server.refresh });
    // The other tab renewed and saved; this tab has not heard of it yet.
    tokens.saved.set('user', { token: 'a2', refreshToken: 'r2' });

    expect(await renewal.renew('user', 'a1')).toBe('a2');
    expect(server.calls).toEqual([]);
    expect(tokens.ended).toEqual([]);
  });

  it('holds the cross-tab lock while it renews', async () => {
    const tokens = memoryTokens({ admin: { token: 'a1', refreshToken: 'r1' } });
    const server = rotatingServer();
    const events: string[] = [];
    const renewal = createTokenRenewal({
      tokens,
      refresh: async (t) => {
        events.push('refresh');
        return server.refresh(t);
      },
      lock: async (task) => {
        events.push('lock');
        try {
          return await task();
        } finally {
          events.push('unlock');
        }
      },
    });
    await renewal.renew('admin', 'a1');
    expect(events).toEqual(['lock', 'refresh', 'unlock']);
  });

  it('ends the session when the refresh token is refused, and only that session', async () => {
    const tokens = memoryTokens({
      user: { token: 'a1', refreshToken: 'stolen-and-revoked' },
      admin: { token: 'x1', refreshToken: 'y1' },
    });
    const renewal = createTokenRenewal({ tokens, refresh: rotatingServer().refresh });

    expect(await renewal.renew('user', 'a1')).toBeNull();
    expect(tokens.ended).toEqual(['user']);
    expect(tokens.saved.get('admin')).toEqual({ token: 'x1', refreshToken: 'y1' });
  });

  it('ends a session that has no refresh token to renew with', async () => {
    const tokens = memoryTokens({ user: { token: 'a1' } });
    const server = rotatingServer();
    const renewal = createTokenRenewal({ tokens, refresh: server.refresh });
    expect(await renewal.renew('user', 'a1')).toBeNull();
    expect(tokens.ended).toEqual(['user']);
    expect(server.calls).toEqual([]);
  });

  it('keeps the session when the server cannot be asked', async () => {
    const tokens = memoryTokens({ user: { token: 'a1', refreshToken: 'r1' } });
    const renewal = createTokenRenewal({ tokens, refresh: async () => ({ kind: 'unavailable' }) });
    expect(await renewal.renew('user', 'a1')).toBeNull();
    expect(tokens.ended).toEqual([]);
    expect(tokens.saved.get('user')).toEqual({ token: 'a1', refreshToken: 'r1' });
  });

  it('gives nothing to retry with once signed out', async () => {
    const tokens = memoryTokens({});
    const renewal = createTokenRenewal({ tokens, refresh: rotatingServer().refresh });
    expect(await renewal.renew('user', 'a1')).toBeNull();
    expect(tokens.ended).toEqual([]);
  });
});

describe('POST /api/auth/refresh', () => {
  const answer = (status: number, body: unknown) => async () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('sends the refresh token and reads the new pair', async () => {
    const seen: Array<{ url: string; body: unknown; auth: string | null }> = [];
    const refresh = refreshTokens(async (url, init) => {
      seen.push({
        url,
        body: JSON.parse(String(init?.body)),
        auth: new Headers(init?.headers).get('Authorization'),
      });
      return new Response(JSON.stringify({ token: 'a2', refreshToken: 'r2' }), { status: 200 });
    }, '/api');
    expect(await refresh('r1')).toEqual({ kind: 'renewed', token: 'a2', refreshToken: 'r2' });
    expect(seen).toEqual([{ url: '/api/auth/refresh', body: { refreshToken: 'r1' }, auth: null }]);
  });

  it('treats a refusal as the end of the session, but not a busy or absent server', async () => {
    expect(await refreshTokens(answer(401, { code: 'TOKEN_REVOKED' }), '/api')('r')).toEqual({
      kind: 'refused',
    });
    expect(await refreshTokens(answer(400, { code: 'VALIDATION_FAILED' }), '/api')('r')).toEqual({
      kind: 'refused',
    });
    expect(await refreshTokens(answer(429, { code: 'RATE_LIMITED' }), '/api')('r')).toEqual({
      kind: 'unavailable',
    });
    expect(await refreshTokens(answer(503, { code: 'SERVICE_UNAVAILABLE' }), '/api')('r')).toEqual({
      kind: 'unavailable',
    });
    const offline = refreshTokens(() => Promise.reject(new TypeError('Failed to fetch')), '/api');
    expect(await offline('r')).toEqual({ kind: 'unavailable' });
    expect(await refreshTokens(answer(200, { token: 'only-half' }), '/api')('r')).toEqual({
      kind: 'unavailable',
    });
  });
});
