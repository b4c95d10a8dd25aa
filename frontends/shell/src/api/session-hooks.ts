import type { ApiContext, SessionRole } from '@chitram/shell-contract';
import type { TokenRenewal, TokenStore } from './token-renewal';

/** Error codes with which the gateway refuses a token; a renewal may cure them (libs/contracts errors.ts). */
const SESSION_CODES = new Set(['TOKEN_EXPIRED', 'TOKEN_INVALID', 'TOKEN_REVOKED', 'UNAUTHENTICATED']);

/** Most tokens the hooks remember having sent; tokens rotate every few minutes, so a few suffice. */
const REMEMBERED_TOKENS = 16;

export interface SessionHooksDeps {
  tokens: TokenStore;
  renewal: TokenRenewal;
  /** Sends the request again as it is, without these hooks, so a retry can never renew again. */
  resend(request: Request): Promise<Response>;
}

export interface SessionHooks {
  beforeRequest(request: Request, options: { context?: Record<string, unknown> }): void;
  afterResponse(request: Request, options: unknown, response: Response): Promise<Response | undefined>;
}

export function contextOf(options: { context?: Record<string, unknown> }): ApiContext {
  const { session, anonymous } = options.context ?? {};
  return {
    session: session === 'user' || session === 'admin' ? session : undefined,
    anonymous: anonymous === true,
  };
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

async function isSessionRefusal(response: Response): Promise<boolean> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code !== 'string' || SESSION_CODES.has(code);
}

/**
 * The API client's session behaviour (SPEC §6, DECISIONS D5) as two ky hooks: the bearer token of the
 * chosen session on the way out; on a refused token, one renewal and one retry.
 */
export function createSessionHooks({ tokens, renewal, resend }: SessionHooksDeps): SessionHooks {
  // Which session each token sent belongs to, so a refusal renews the right one. A token the caller
  // set by hand is not in it and is never renewed.
  const sent = new Map<string, SessionRole>();
  const remember = (token: string, role: SessionRole) => {
    sent.delete(token);
    sent.set(token, role);
    if (sent.size > REMEMBERED_TOKENS) sent.delete(sent.keys().next().value as string);
  };

  return {
    beforeRequest(request, options) {
      const context = contextOf(options);
      if (context.anonymous || request.headers.has('Authorization')) return;
      // SPEC §6: the admin token if an admin is signed in, else the viewer's.
      const role = context.session ?? (tokens.current('admin') ? 'admin' : 'user');
      const session = tokens.current(role);
      if (!session) return;
      remember(session.token, role);
      request.headers.set('Authorization', `Bearer ${session.token}`);
    },

    async afterResponse(request, _options, response) {
      if (response.status !== 401) return undefined;
      const token = bearerOf(request);
      const role = token ? sent.get(token) : undefined;
      if (!token || !role || !(await isSessionRefusal(response))) return undefined;
      const fresh = await renewal.renew(role, token);
      if (!fresh) return undefined;
      remember(fresh, role);
      request.headers.set('Authorization', `Bearer ${fresh}`);
      return resend(request);
    },
  };
}
