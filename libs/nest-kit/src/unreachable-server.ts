import { DomainError, ErrorCode } from '@chitram/contracts';

/** Socket errors of a server that is not there (stopped, restarting, unreachable). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTCONN',
]);
/**
 * PostgreSQL's SQLSTATEs for a server going away: class 08 (connection exception), and 57P01–57P03
 * (shut down by an administrator, crashed, not accepting connections yet: starting or recovering).
 */
const POSTGRES_GONE = /^(08[0-9A-Z]{3}|57P0[123])$/;
/** What pg and ioredis say when the connection dropped or could not be had in time. */
const GONE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Connection is closed\.?$/,
  /Reached the max retries per request limit/,
  /Stream isn't writeable/,
];

/**
 * Whether an error means that a server the app needs (Postgres, Redis) cannot be reached just now: the
 * request may well succeed in a moment, so it is SERVICE_UNAVAILABLE (503), not INTERNAL (500). Follows
 * the wrappers (TypeORM's driverError, `cause`, AggregateError's errors).
 */
export function isUnreachableServer(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || POSTGRES_GONE.test(e.code))) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  if (typeof e.message === 'string' && GONE_MESSAGES.some((m) => m.test(e.message as string))) return true;
  const inner = [e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((i) => isUnreachableServer(i, depth + 1));
}

/** The answer for a request that failed because a server the app needs cannot be reached. */
export function unreachableServerError(): DomainError {
  return new DomainError(
    ErrorCode.SERVICE_UNAVAILABLE,
    'A server Chitram needs is not reachable just now. Please try again shortly.',
  );
}
