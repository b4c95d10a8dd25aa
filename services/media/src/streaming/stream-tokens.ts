import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The claims of a stream URL (DECISIONS D23): bound to the video, the viewer (none for a visitor on a
 * free title), the highest rendition allowed, and an expiry; for a paid title also the screen it was
 * granted to. A master token opens the master playlist for a few minutes; a rendition token (`h`) opens
 * one rendition's playlist and segments for as long as the video lasts and a margin, while the screen
 * holds its slot.
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
  /**
   * A paid stream's screen (the viewer's session) and the screens its plan allows: each playlist and
   * segment is served only while that screen holds one of them (issue 20). Absent for a free title.
   */
  s?: string;
  m?: number;
  /** Opens the video's trickplay folder (D42): its WebVTT index and sprite sheets, nothing else. */
  t?: 1;
  /** Opens the keys of the video's encrypted segments (D35), `key/NNNN`, nothing else. */
  k?: 1;
  /** Opens one subtitle track of the video (D44): its playlist and WebVTT segments, nothing else. */
  x?: string;
  /** Opens one audio rendition of the video (D44): its playlist and segments (and, paid, its keys' token). */
  a?: string;
  /** Expiry, seconds since the epoch. */
  e: number;
}

/**
 * The claims of a viewer's stream pass: the cookie the gateway keeps in the viewer's browser so that a
 * player that cannot send the bearer token with each request (Safari's own HLS) still shows whose it is.
 * Bound to the viewer and the session (screen) it was given to; short-lived, renewed by heartbeats.
 */
export interface StreamPassClaims {
  /** What it is: never a stream token. */
  p: 'pass';
  /** Viewer id. */
  u: string;
  /** The session (screen) it was given to. */
  s: string;
  /** Issued at, seconds since the epoch (a session's "sign out everywhere" ends passes issued before). */
  i: number;
  /** Expiry, seconds since the epoch. */
  e: number;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function sign(secret: Buffer, claims: object): string {
  const body = b64(JSON.stringify(claims));
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The claims of a token signed with `secret`, if `valid` takes them and they have not expired. */
function verify<T extends { e: number }>(
  secret: Buffer,
  token: string,
  valid: (claims: Record<string, unknown>) => boolean,
  nowSeconds: number,
): T | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (!valid(claims) || typeof claims.e !== 'number') return null;
    return claims.e > nowSeconds ? (claims as unknown as T) : null;
  } catch {
    return null;
  }
}

export function signStreamToken(secret: Buffer, claims: StreamClaims): string {
  return sign(secret, claims);
}

/** The claims of a token signed with `secret` and not yet expired; null for anything else. */
export function verifyStreamToken(
  secret: Buffer,
  token: string,
  nowSeconds = Date.now() / 1000,
): StreamClaims | null {
  return verify<StreamClaims>(
    secret,
    token,
    (c) => typeof c.v === 'string' && typeof c.r === 'number',
    nowSeconds,
  );
}

export function signStreamPass(secret: Buffer, claims: Omit<StreamPassClaims, 'p'>): string {
  return sign(secret, { p: 'pass', ...claims });
}

/** The claims of a stream pass signed with `secret` and not yet expired; null for anything else. */
export function verifyStreamPass(
  secret: Buffer,
  pass: string,
  nowSeconds = Date.now() / 1000,
): StreamPassClaims | null {
  return verify<StreamPassClaims>(
    secret,
    pass,
    (c) => c.p === 'pass' && typeof c.u === 'string' && typeof c.s === 'string',
    nowSeconds,
  );
}
