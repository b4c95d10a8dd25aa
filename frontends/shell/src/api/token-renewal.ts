import type { SessionRole } from '@chitram/shell-contract';
import { type FetchLike, postJson } from './server';

/** The tokens of one stored session. */
export interface SessionTokens {
  token: string;
  refreshToken?: string;
}

/** What renewal needs from the session store; the browser's store in the app, a map in tests. */
export interface TokenStore {
  /** The session as this tab knows it now. */
  current(role: SessionRole): SessionTokens | null;
  /** The session as last saved by any tab (called under the lock, where another tab may just have renewed). */
  latest(role: SessionRole): SessionTokens | null;
  replace(role: SessionRole, pair: { token: string; refreshToken: string }): void;
  /** The refresh token was refused: the session is over (clear it, go to the login page). */
  end(role: SessionRole): void;
}

/** What `POST /api/auth/refresh` said: a new pair, a refusal, or no answer to go by. */
export type RefreshOutcome =
  { kind: 'renewed'; token: string; refreshToken: string } | { kind: 'refused' } | { kind: 'unavailable' };

/** Runs `task` while holding a lock shared by every tab of the site (Web Locks), or just runs it. */
export type CrossTabLock = <T>(task: () => Promise<T>) => Promise<T>;

export interface TokenRenewalDeps {
  tokens: TokenStore;
  refresh(refreshToken: string): Promise<RefreshOutcome>;
  lock?: CrossTabLock;
}

export interface TokenRenewal {
  /**
   * A token to retry with after `rejected` was refused, or null when there is none (signed out, renewal
   * refused, or the server could not be asked). Concurrent calls for a role share one refresh.
   */
  renew(role: SessionRole, rejected: string): Promise<string | null>;
}

const runDirectly: CrossTabLock = (task) => task();

/**
 * DECISIONS D5 silent renewal. Refresh tokens rotate and a reused one revokes its whole family, so two
 * refreshes with the same token (two requests failing together, or two tabs) would sign the person
 * out: one refresh per role runs at a time, and a token someone else already renewed is simply used.
 */
export function createTokenRenewal({ tokens, refresh, lock = runDirectly }: TokenRenewalDeps): TokenRenewal {
  const inFlight = new Map<SessionRole, Promise<string | null>>();

  async function renewNow(role: SessionRole, rejected: string): Promise<string | null> {
    const session = tokens.latest(role);
    if (!session) return null;
    if (session.token !== rejected) return session.token;
    if (!session.refreshToken) {
      tokens.end(role);
      return null;
    }
    const outcome = await refresh(session.refreshToken);
    switch (outcome.kind) {
      case 'renewed':
        tokens.replace(role, { token: outcome.token, refreshToken: outcome.refreshToken });
        return outcome.token;
      case 'refused':
        tokens.end(role);
        return null;
      case 'unavailable':
        // The refresh token may still be good: keep the session, fail only this request.
        return null;
    }
  }

  return {
    renew(role, rejected) {
      // A request refused with an older token than the one we hold now just retries with the new one.
      const current = tokens.current(role);
      if (current && current.token !== rejected) return Promise.resolve(current.token);

      const running = inFlight.get(role);
      if (running) return running;
      const attempt = lock(() => renewNow(role, rejected)).finally(() => inFlight.delete(role));
      inFlight.set(role, attempt);
      return attempt;
    },
  };
}

/** `POST {prefix}/auth/refresh` (DECISIONS D5, D29), its answer sorted into what renewal does next. */
export function refreshTokens(fetchFn: FetchLike, prefixUrl: string) {
  return async (refreshToken: string): Promise<RefreshOutcome> => {
    let response: Response;
    try {
      response = await postJson(fetchFn, `${prefixUrl}/auth/refresh`, { refreshToken });
    } catch {
      return { kind: 'unavailable' };
    }
    if (response.ok) {
      const pair: unknown = await response.json().catch(() => null);
      const { token, refreshToken: next } = (pair ?? {}) as { token?: unknown; refreshToken?: unknown };
      return typeof token === 'string' && typeof next === 'string'
        ? { kind: 'renewed', token, refreshToken: next }
        : { kind: 'unavailable' };
    }
    // A refused refresh token (spent, revoked, expired, malformed) ends the session; a busy or absent
    // server does not, so the person is not signed out by a blip.
    return response.status >= 400 && response.status < 500 && response.status !== 429
      ? { kind: 'refused' }
      : { kind: 'unavailable' };
  };
}
