import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { AdminArea, Role } from '@chitram/contracts';

/**
 * Who may call a route. Every route declares one; the AccessGuard refuses a route that does not. An
 * admin route names its area of the back office, and so the admin roles that may call it (ADMIN_AREAS).
 */
export type RouteAccess =
  { kind: 'public'; identify?: true } | { kind: 'roles'; roles: readonly Role[]; area?: AdminArea };

export const ROUTE_ACCESS = 'chitram:route-access';

/** Anyone, signed in or not. */
export const Public = () => SetMetadata(ROUTE_ACCESS, { kind: 'public' } satisfies RouteAccess);

/**
 * Anyone, signed in or not; a caller who sends a token is identified by it (it must then be valid), so
 * the route can answer a viewer and a visitor differently (a free title for all, a paid one for plans).
 */
export const PublicIdentified = () =>
  applyDecorators(
    SetMetadata(ROUTE_ACCESS, { kind: 'public', identify: true } satisfies RouteAccess),
    ApiBearerAuth(),
  );

/** A valid, unrevoked access token whose role is one of these. */
export const Roles = (...roles: [Role, ...Role[]]) =>
  applyDecorators(SetMetadata(ROUTE_ACCESS, { kind: 'roles', roles } satisfies RouteAccess), ApiBearerAuth());

/**
 * Admins whose role may use this area of the back office (issue 20: ADMIN_AREAS names the roles; the
 * owner is in every area). Another admin gets 403 ADMIN_ROLE_FORBIDDEN, a viewer 403 FORBIDDEN.
 */
export const AdminRoute = (area: AdminArea) =>
  applyDecorators(
    SetMetadata(ROUTE_ACCESS, { kind: 'roles', roles: ['admin'], area } satisfies RouteAccess),
    ApiBearerAuth(),
  );

/** The declaration of a handler, or of its controller when the handler has none. */
export function accessOf(
  handler: object,
  controller: object,
  read: (key: string, target: object) => unknown = (key, target) => Reflect.getMetadata(key, target),
): RouteAccess | undefined {
  return (read(ROUTE_ACCESS, handler) ?? read(ROUTE_ACCESS, controller)) as RouteAccess | undefined;
}
