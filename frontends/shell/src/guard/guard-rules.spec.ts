import type { AdminSession, UserSession } from '@chitram/shell-contract';
import { decideGuard, guardRuleFor, type Sessions } from './guard-rules';

const user: UserSession = {
  token: 'u',
  phoneNumber: '+919876543210',
  isSubscribed: false,
  activeSubscription: null,
};
const admin: AdminSession = { token: 'a', role: 'admin', email: 'admin@chitram.in' };
const visitor: Sessions = { user: null, admin: null };

function redirectFor(path: string, sessions: Sessions): string | null {
  const rule = guardRuleFor(path);
  return rule ? decideGuard(rule, sessions) : null;
}

describe('route guard (SPEC §2.3, DECISIONS D7)', () => {
  it('sends visitors from every admin page to the admin login', () => {
    for (const path of ['/admin/dashboard', '/admin/movies', '/admin/movies/edit/42', '/admin/users/']) {
      expect(redirectFor(path, visitor)).toBe('/admin');
      expect(redirectFor(path, { user, admin: null })).toBe('/admin');
      expect(redirectFor(path, { user: null, admin })).toBeNull();
    }
  });

  it('lets an invited admin, who has no session yet, open the invitation page (D34)', () => {
    expect(redirectFor('/admin/invitation', visitor)).toBeNull();
    expect(redirectFor('/admin/invitations', visitor)).toBe('/admin');
  });

  it('sends a signed-in admin from the admin login to the dashboard', () => {
    expect(redirectFor('/admin', { user: null, admin })).toBe('/admin/dashboard');
    expect(redirectFor('/admin/', { user: null, admin })).toBe('/admin/dashboard');
    expect(redirectFor('/admin', visitor)).toBeNull();
  });

  it('closes the login page to signed-in viewers', () => {
    expect(redirectFor('/login', { user, admin: null })).toBe('/');
    expect(redirectFor('/login', visitor)).toBeNull();
    // DECISIONS D9: /verify-otp is the code step of the same login flow.
    expect(redirectFor('/verify-otp', { user, admin: null })).toBe('/');
    expect(redirectFor('/verify-otp', visitor)).toBeNull();
  });

  it('requires a viewer for the profile and account deletion', () => {
    expect(redirectFor('/profile', visitor)).toBe('/login');
    expect(redirectFor('/delete-user', visitor)).toBe('/login');
    expect(redirectFor('/delete-user', { user, admin: null })).toBeNull();
  });

  it('sends an admin session on /delete-user to the dashboard', () => {
    expect(redirectFor('/delete-user', { user: null, admin })).toBe('/admin/dashboard');
    expect(redirectFor('/delete-user', { user, admin })).toBe('/admin/dashboard');
  });

  it('does not count an admin entry without the admin role', () => {
    const notAdmin = { ...admin, role: 'user' } as unknown as AdminSession;
    expect(redirectFor('/admin/dashboard', { user: null, admin: notAdmin })).toBe('/admin');
  });

  it('leaves public pages open', () => {
    expect(guardRuleFor('/')).toBeNull();
    expect(guardRuleFor('/about')).toBeNull();
    expect(guardRuleFor('/administrator')).toBeNull();
  });
});
