import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AdminRole, Role } from '@chitram/contracts';
import type { FastifyRequest } from 'fastify';

/** Who is calling, as the AccessGuard found it in a verified access token. */
export interface Principal {
  /** The viewer's or admin's id. */
  subjectId: string;
  role: Role;
  /** The session family, for logout. */
  sessionId: string;
  /** An admin's role (issue 20). */
  adminRole?: AdminRole;
  /**
   * A viewer's chosen profile (claim `prf`, issue 22, D37), the viewer's own id (the account's first
   * profile) when the token names none. Not yet checked against the account: CallerProfiles does that.
   */
  profileId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The caller of a route guarded with @Roles(...). */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
  // Only reachable by a handler that asks for a caller on a @Public() route: a programming error.
  if (!principal) throw new Error('@CurrentPrincipal() on a route that is not guarded by @Roles()');
  return principal;
});
