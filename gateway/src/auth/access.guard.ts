import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { adminMayUse, DomainError, ErrorCode, SignInMessages } from '@chitram/contracts';
import { AccessTokenVerifier, LOGGER, type Logger, RevocationList } from '@chitram/nest-kit';
import type { FastifyRequest } from 'fastify';
import { accessOf, type RouteAccess } from './access';

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/**
 * The one gate of every route (DECISIONS D5–D7): a route must declare @Public() or @Roles(...), and a
 * route that declares nothing is closed (fail closed). For @Roles routes the bearer token must be a valid
 * access token, not revoked (logout, deletion, reuse detected), with one of the roles; an admin route's
 * area must admit the admin's role (issue 20).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly verifier: AccessTokenVerifier,
    private readonly revocations: RevocationList,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Each route's declaration, read once: the metadata does not change after start-up. */
  private readonly declared = new WeakMap<object, WeakMap<object, RouteAccess | null>>();

  /**
   * A public route asked without a token (the plans, the catalogue) is let through at once, with no
   * promise made for it; a token is checked asynchronously.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const access = this.accessFor(context.getHandler(), context.getClass());
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (access?.kind === 'public' && (!access.identify || !token)) return true;
    return this.admit(request, access, token);
  }

  private accessFor(handler: object, controller: object): RouteAccess | undefined {
    let byHandler = this.declared.get(controller);
    if (!byHandler) this.declared.set(controller, (byHandler = new WeakMap()));
    let access = byHandler.get(handler);
    if (access === undefined) byHandler.set(handler, (access = accessOf(handler, controller) ?? null));
    return access ?? undefined;
  }

  private async admit(
    request: FastifyRequest,
    access: RouteAccess | undefined,
    token: string | undefined,
  ): Promise<boolean> {
    if (!access) {
      this.logger.error(
        { route: `${request.method} ${request.routeOptions.url}` },
        'route declares no access (@Public() or @Roles()); refused',
      );
      throw new DomainError(ErrorCode.FORBIDDEN, 'This route is closed.');
    }
    if (!token) throw new DomainError(ErrorCode.UNAUTHENTICATED, SignInMessages.loginRequired);
    const claims = await this.verifier.verify(token);
    let revoked: boolean;
    try {
      revoked = await this.revocations.isRevoked(claims);
    } catch (error) {
      // Without the revocation list a token might be one that was revoked: refuse rather than guess.
      this.logger.error({ err: error }, 'revocation list unreachable');
      throw new DomainError(
        ErrorCode.SERVICE_UNAVAILABLE,
        'Sign-in is unavailable just now. Please try again shortly.',
      );
    }
    if (revoked) throw new DomainError(ErrorCode.TOKEN_REVOKED, SignInMessages.sessionEnded);
    if (access.kind === 'roles' && !access.roles.includes(claims.role))
      throw new DomainError(ErrorCode.FORBIDDEN, 'You do not have access to this.');
    if (access.kind === 'roles' && access.area && !adminMayUse(claims.adminRole, access.area))
      throw new DomainError(ErrorCode.ADMIN_ROLE_FORBIDDEN, 'Your admin role does not give access to this.');
    request.principal = {
      subjectId: claims.sub,
      role: claims.role,
      sessionId: claims.sid,
      ...(claims.adminRole ? { adminRole: claims.adminRole } : {}),
      ...(claims.role === 'user' ? { profileId: claims.profileId ?? claims.sub } : {}),
    };
    return true;
  }
}
