import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AdminActor } from '@chitram/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The admin who makes this write, for the audit trail: from the verified access token (never from the
 * body) and the client address the gateway counts (request.ip, which honours its trusted proxies).
 * Only on routes guarded with @Roles('admin').
 */
export const Actor = createParamDecorator((_: unknown, context: ExecutionContext): AdminActor => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const principal = request.principal;
  // Only reachable by a handler that asks for an actor on a route without @Roles(): a programming error.
  if (principal?.role !== 'admin')
    throw new Error('@Actor() on a route that is not guarded by @Roles(admin)');
  return { adminId: principal.subjectId, sessionId: principal.sessionId, address: request.ip };
});
