import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The claims of a stream URL (DECISIONS D23): bound to the video, the viewer (none for a visitor on a
 * free title), the highest rendition allowed, and an expiry. A master token opens the master playlist
 * for a few minutes; a rendition token (`h`) opens one rendition's playlist and segments for as long as
 * the video lasts and a margin.
 */
export interface StreamClaims {
  /** Video id. */
  v: string;
  /** Viewer id, or null for a visitor. */
  u: string | null;
  /** Highest rendition height allowed. */
  r: number;
  /** The one rendition this token opens; absent on a master token. */
  h?: number;
  /** Expiry, seconds since the epoch. */
  e: number;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function signStreamToken(secret: Buffer, claims: StreamClaims): string {
  const body = b64(JSON.stringify(claims));
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The claims of a token signed with `secret` and not yet expired; null for anything else. */
export function verifyStreamToken(
  secret: Buffer,
  token: string,
  nowSeconds = Date.now() / 1000,
): StreamClaims | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StreamClaims;
    if (typeof claims.v !== 'string' || typeof claims.r !== 'number' || typeof claims.e !== 'number')
      return null;
    return claims.e > nowSeconds ? claims : null;
  } catch {
    return null;
  }
}
