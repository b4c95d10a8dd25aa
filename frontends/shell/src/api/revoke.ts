import { type FetchLike, postJson } from './server';

interface RevocableSession {
  token: string;
  refreshToken?: string;
}

/**
 * SPEC §2.4 / DECISIONS D5 Logout: ends each session on the server (`POST /api/auth/logout` with its own
 * token). An access token that has already expired is renewed once first, so the logout still reaches
 * the server and the refresh token dies with it. Failures are swallowed: the person is signed out here
 * whatever the network does, and an unrevoked session still expires on its own.
 */
export async function revokeOnServer(
  sessions: Array<RevocableSession | null>,
  fetchFn: FetchLike = (url, init) => fetch(url, init),
  prefixUrl = '/api',
): Promise<void> {
  const live = sessions.filter((s): s is RevocableSession => Boolean(s?.token));
  await Promise.all(live.map((session) => revokeOne(fetchFn, prefixUrl, session)));
}

async function revokeOne(fetchFn: FetchLike, prefixUrl: string, session: RevocableSession): Promise<void> {
  const logout = (token: string) => postJson(fetchFn, `${prefixUrl}/auth/logout`, undefined, token);
  try {
    const first = await logout(session.token);
    if (first.status !== 401 || !session.refreshToken) return;
    const renewed = await postJson(fetchFn, `${prefixUrl}/auth/refresh`, {
      refreshToken: session.refreshToken,
    });
    if (!renewed.ok) return;
    const { token } = (await renewed.json()) as { token?: unknown };
    if (typeof token === 'string') await logout(token);
  } catch {
    // Offline or the server away: nothing more to do from here.
  }
}
