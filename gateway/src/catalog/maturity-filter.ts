import {
  DomainError,
  ErrorCode,
  maturityAllows,
  StreamMessages,
  type MaturityLevel,
} from '@chitram/contracts';
import type { FastifyRequest } from 'fastify';

const BEARER = /^Bearer [A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+$/;

/**
 * Whether the request's bearer token names a chosen profile (claim `prf`, D37). Read without checking
 * the signature: it only keeps such a request away from the cache of whole answers, so the route (which
 * checks the token) answers it for its profile. A token without the claim is the first profile's, an
 * adult's, and takes the cached answers as everyone does.
 */
export function namesProfile(request: FastifyRequest): boolean {
  const payload = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!payload) return false;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && 'prf' in claims;
  } catch {
    return false;
  }
}

function rated(value: unknown): value is { rating: unknown } {
  return typeof value === 'object' && value !== null && 'rating' in value && '_id' in value;
}

/**
 * A public catalogue answer as a profile of this level may see it (D37): every rated title (film,
 * series, episode) above the level leaves the lists it is in, wherever they are in the answer. The one
 * answer with counts beside its list, the shows list, is made at the profile's level by the catalogue.
 */
export function withinMaturity(value: unknown, maturity: MaturityLevel): unknown {
  if (Array.isArray(value))
    return value
      .filter((item) => !rated(item) || maturityAllows(maturity, String(item.rating)))
      .map((item) => withinMaturity(item, maturity));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, withinMaturity(child, maturity)]),
    );
  return value;
}

/** One title's answer (`{ meta: Movie }`): refused with a stable code when above the profile's level. */
export function titleWithinMaturity(value: unknown, maturity: MaturityLevel): unknown {
  const meta = (value as { meta?: unknown } | null)?.meta;
  if (rated(meta) && !maturityAllows(maturity, String(meta.rating)))
    throw new DomainError(ErrorCode.PROFILE_MATURITY_BLOCKED, StreamMessages.maturityBlocked);
  return value;
}
