import { Inject, Injectable } from '@nestjs/common';
import { STREAM_PASS_COOKIE, STREAM_PASS_SECONDS, STREAM_PATH } from '@chitram/contracts';
import { LOGGER, RevocationList, type Logger } from '@chitram/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayConfig } from '../config';

/** A pass as media signs it: base64url JSON claims, a dot, an HMAC (stream-tokens.ts in media). */
const PASS = /^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{20,100}$/;

/** What the gateway reads of a pass, unverified (media checks its signature): whose, which session, when. */
export interface StreamPassHolder {
  sub: string;
  sid: string;
  iat: number;
}

/**
 * The Set-Cookie of a viewer's stream pass: HttpOnly (no script reads it), SameSite=Strict (no other
 * site's page sends it), only to the stream's path, and Secure wherever the site is served over TLS.
 */
export function streamPassCookie(pass: string, secure: boolean): string {
  const path = STREAM_PATH.replace(/\/$/, '');
  return `${STREAM_PASS_COOKIE}=${pass}; Path=${path}; Max-Age=${STREAM_PASS_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The pass in a request's Cookie header, if it holds one that looks like a pass. */
export function streamPassOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === STREAM_PASS_COOKIE) {
      const value = part.slice(at + 1).trim();
      return PASS.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** Whose a pass says it is (for the revocation check; media verifies the signature). */
export function streamPassHolder(pass: string): StreamPassHolder | undefined {
  try {
    const claims = JSON.parse(Buffer.from(pass.split('.')[0], 'base64url').toString('utf8')) as {
      u?: unknown;
      s?: unknown;
      i?: unknown;
    };
    if (typeof claims.u !== 'string' || typeof claims.s !== 'string' || typeof claims.i !== 'number')
      return undefined;
    return { sub: claims.u, sid: claims.s, iat: claims.i };
  } catch {
    return undefined;
  }
}

/**
 * The viewer's stream pass (media signs it) as a cookie: set on each grant and heartbeat of a signed-in
 * viewer, and read back from a stream request that carries no bearer token (Safari's own HLS).
 */
@Injectable()
export class StreamPasses {
  constructor(
    private readonly revocations: RevocationList,
    private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Leaves the pass in the viewer's browser (Secure wherever the site is served over TLS). */
  give(request: FastifyRequest, reply: FastifyReply, pass: string): void {
    const secure = this.config.isProduction || request.protocol === 'https';
    void reply.header('set-cookie', streamPassCookie(pass, secure));
  }

  /**
   * The request's pass, unless its session was ended since it was given (signed out, "sign out
   * everywhere", account deleted). Media checks its signature and expiry.
   */
  async live(request: FastifyRequest): Promise<string | undefined> {
    const pass = streamPassOf(request.headers.cookie);
    const holder = pass && streamPassHolder(pass);
    if (!holder) return undefined;
    try {
      return (await this.revocations.isRevoked(holder)) ? undefined : pass;
    } catch (error) {
      // Without the revocation list the pass might be a revoked session's: refuse rather than guess.
      this.logger.error({ err: error }, 'revocation list unreachable; stream pass not used');
      return undefined;
    }
  }
}
