import ky, { type KyInstance } from 'ky';
import { rememberAnswer } from './problem';
import type { FetchLike } from './server';
import { createSessionHooks } from './session-hooks';
import { createTokenRenewal, type CrossTabLock, refreshTokens, type TokenStore } from './token-renewal';

export interface ApiClientDeps {
  /** `/api` in the browser. */
  prefixUrl: string;
  tokens: TokenStore;
  lock?: CrossTabLock;
  timeoutMs?: number;
}

/**
 * The API client every screen uses (SPEC §6, §7; DECISIONS D5): `prefixUrl` in front of every path, the
 * session's bearer token on every call, and one silent renewal and retry when the token is refused.
 * Calls choose a session or none through ky's `context` (`ApiContext`).
 */
export function createApiClient(deps: ApiClientDeps): KyInstance {
  const fetchFn: FetchLike = (url, init) => fetch(url, init);
  const timeout = deps.timeoutMs ?? 15_000;
  const renewal = createTokenRenewal({
    tokens: deps.tokens,
    refresh: refreshTokens(fetchFn, deps.prefixUrl),
    lock: deps.lock,
  });
  const resend = ky.create({ timeout, retry: 0, throwHttpErrors: false });
  const hooks = createSessionHooks({ tokens: deps.tokens, renewal, resend: (request) => resend(request) });

  return ky.create({
    prefixUrl: deps.prefixUrl,
    timeout,
    // Reads may be tried once more when a service is briefly away; writes never repeat by themselves.
    retry: { limit: 1, methods: ['get'], statusCodes: [502, 503, 504] },
    hooks: {
      beforeRequest: [(request, options) => hooks.beforeRequest(request, options)],
      afterResponse: [(request, options, response) => hooks.afterResponse(request, options, response)],
      beforeError: [rememberAnswer],
    },
  });
}
