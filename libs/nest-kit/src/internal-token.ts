import { randomBytes, timingSafeEqual } from 'node:crypto';
import { fileMadeOnce } from './file-made-once';

/**
 * Where development and tests keep the token the gateway presents to media's internal HTTP server:
 * made by whichever app reads it first, so both find the same one without being told.
 */
export const DEV_MEDIA_TOKEN_FILE = '.data/dev-media-internal-token';
/** The header in which the gateway presents it (a client's header of that name never reaches media). */
export const MEDIA_TOKEN_HEADER = 'x-chitram-media-token';
/** Shortest internal token production accepts (`openssl rand -hex 32` gives 64 characters). */
export const MIN_INTERNAL_TOKEN_LENGTH = 32;

/** The configured token, else (development and tests only) the development token of `devFile`. */
export function internalToken(configured: string, devFile = DEV_MEDIA_TOKEN_FILE): string {
  return (
    configured ||
    fileMadeOnce(devFile, () => randomBytes(32).toString('hex'))
      .toString('utf8')
      .trim()
  );
}

/** Production refuses a missing or short token; elsewhere an empty one means the development token. */
export function internalTokenProblems(name: string, value: string, isProduction: boolean): string[] {
  if (!isProduction || value.length >= MIN_INTERNAL_TOKEN_LENGTH) return [];
  return [`${name}: production needs a token of its own, at least ${MIN_INTERNAL_TOKEN_LENGTH} characters`];
}

/** Whether a presented token is the expected one, compared in constant time. */
export function tokenMatches(presented: string | string[] | undefined, expected: string): boolean {
  if (typeof presented !== 'string' || !expected) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
