import { ADMIN_INVITATION_PATH } from '@chitram/contracts/web';
import type { AdminSession, UserSession } from '@chitram/shell-contract';

export type Role = 'user' | 'admin';

export interface GuardRule {
  /** `private`: the role is required. `publicOnly`: holders of the role are sent away (login pages). */
  kind: 'private' | 'publicOnly';
  role: Role;
  /** Where the visitor goes when the rule turns them away. */
  redirectTo: string;
  /** Where a signed-in admin goes instead, whatever the rule says (SPEC §2.3, /delete-user). */
  adminRedirectTo?: string;
}

export interface Sessions {
  user: UserSession | null;
  admin: AdminSession | null;
}

/** SPEC §6: a viewer is signed in with a stored token; an admin needs a token and the role admin. */
export function holdsRole({ user, admin }: Sessions, role: Role): boolean {
  return role === 'user' ? Boolean(user?.token) : Boolean(admin?.token) && admin?.role === 'admin';
}

/** The path to redirect to, or null when the route may render. */
export function decideGuard(rule: GuardRule, sessions: Sessions): string | null {
  if (rule.adminRedirectTo && holdsRole(sessions, 'admin')) return rule.adminRedirectTo;
  const holds = holdsRole(sessions, rule.role);
  if (rule.kind === 'private') return holds ? null : rule.redirectTo;
  return holds ? rule.redirectTo : null;
}

/** Route table of SPEC §2.2/§2.3 with DECISIONS D7 (every admin route guarded, but D34's invitation page) and D9 (/verify-otp is the login's code step). */
export function guardRuleFor(pathname: string): GuardRule | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/admin') return { kind: 'publicOnly', role: 'admin', redirectTo: '/admin/dashboard' };
  // An invited admin sets their password here before they have any session (DECISIONS D34).
  if (path === ADMIN_INVITATION_PATH) return null;
  if (path.startsWith('/admin/')) return { kind: 'private', role: 'admin', redirectTo: '/admin' };
  if (path.startsWith('/profile/')) return { kind: 'private', role: 'user', redirectTo: '/login' };
  switch (path) {
    case '/login':
    case '/verify-otp':
      return { kind: 'publicOnly', role: 'user', redirectTo: '/' };
    case '/profile':
      return { kind: 'private', role: 'user', redirectTo: '/login' };
    case '/delete-user':
      return { kind: 'private', role: 'user', redirectTo: '/login', adminRedirectTo: '/admin/dashboard' };
    default:
      return null;
  }
}
