import { DomainError, ErrorCode } from '@chitram/contracts';
import { internalToken, MEDIA_TOKEN_HEADER, tokenMatches } from '@chitram/nest-kit';
import type { IncomingMessage } from 'node:http';

/**
 * Only the gateway may call the internal HTTP server: every request carries the token both are
 * configured with (MEDIA_INTERNAL_TOKEN; in development and tests the shared development token).
 */
export class InternalTokenGuard {
  private readonly token: string;

  constructor(configured: string) {
    this.token = internalToken(configured);
  }

  /** Throws UNAUTHENTICATED unless the request presents the token. */
  check(req: IncomingMessage): void {
    if (!tokenMatches(req.headers[MEDIA_TOKEN_HEADER], this.token))
      throw new DomainError(ErrorCode.UNAUTHENTICATED, 'This server answers the gateway only.');
  }
}
