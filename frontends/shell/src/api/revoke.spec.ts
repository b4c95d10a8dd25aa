import { revokeOnServer } from './revoke';

function recorder(answers: Record<string, (auth: string | null) => Response>) {
  const calls: string[] = [];
  const fetchFn = async (url: string, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('Authorization');
    calls.push(`${init?.method} ${url} ${auth ?? '-'}`);
    const answer = answers[url];
    if (!answer) throw new TypeError('Failed to fetch');
    return answer(auth);
  };
  return { calls, fetchFn };
}

const ok = () => new Response('{}', { status: 200 });
const expired = () => new Response('{"code":"TOKEN_EXPIRED"}', { status: 401 });

describe('logout on the server (SPEC §2.4, DECISIONS D5)', () => {
  it('revokes every signed-in session with its own token', async () => {
    const server = recorder({ '/api/auth/logout': ok });
    await revokeOnServer([{ token: 'admin-t' }, null, { token: 'user-t' }], server.fetchFn);
    expect(server.calls.sort()).toEqual([
      'POST /api/auth/logout Bearer admin-t',
      'POST /api/auth/logout Bearer user-t',
    ]);
  });

  it('renews an expired access token first, so the refresh token is revoked too', async () => {
    const server = recorder({
      '/api/auth/logout': (auth) => (auth === 'Bearer fresh' ? ok() : expired()),
      '/api/auth/refresh': () => new Response('{"token":"fresh","refreshToken":"r2"}', { status: 200 }),
    });
    await revokeOnServer([{ token: 'stale', refreshToken: 'r1' }], server.fetchFn);
    expect(server.calls).toEqual([
      'POST /api/auth/logout Bearer stale',
      'POST /api/auth/refresh -',
      'POST /api/auth/logout Bearer fresh',
    ]);
  });

  it('never fails, offline or not', async () => {
    const server = recorder({});
    await expect(
      revokeOnServer([{ token: 't', refreshToken: 'r' }], server.fetchFn),
    ).resolves.toBeUndefined();
  });
});
