import type { AdminSession, UserSession } from '../contract';
import { formatExpiry, headerActions, isTopNavHidden, searchPath } from './header-rules';

const user: UserSession = {
  token: 'u',
  phoneNumber: '+919876543210',
  isSubscribed: false,
  activeSubscription: null,
};
const admin: AdminSession = { token: 'a', role: 'admin', email: 'admin@chitram.in' };

describe('search box (SPEC §2.4, §5)', () => {
  it('goes to /search with the trimmed term', () => {
    expect(searchPath('  Baahubali  ')).toBe('/search?q=Baahubali');
    expect(new URLSearchParams(searchPath(' RRR 2 ')!.split('?')[1]).get('q')).toBe('RRR 2');
  });

  it('ignores an empty or blank term', () => {
    expect(searchPath('')).toBeNull();
    expect(searchPath('   \t ')).toBeNull();
  });
});

describe('top navigation visibility (SPEC §2.3)', () => {
  it('hides on admin paths, checkout and delete-user only', () => {
    for (const hidden of ['/admin', '/admin/dashboard', '/checkout', '/delete-user'])
      expect(isTopNavHidden(hidden)).toBe(true);
    for (const shown of ['/', '/about', '/administrator', '/checkouts', '/search'])
      expect(isTopNavHidden(shown)).toBe(false);
  });
});

describe('header actions (SPEC §2.4)', () => {
  it('shows Login and Subscribe to a visitor', () => {
    expect(headerActions({ user: null, admin: null })).toEqual({
      dashboard: false,
      subscribe: true,
      login: true,
      profile: null,
    });
  });

  it('shows Subscribe and a Free profile to a viewer without a plan', () => {
    const actions = headerActions({ user, admin: null });
    expect(actions).toMatchObject({ dashboard: false, subscribe: true, login: false });
    expect(actions.profile).toEqual({
      identity: '+919876543210',
      planName: 'Free',
      showUpgrade: true,
      expiry: 'N/A',
    });
  });

  it('hides Subscribe from a subscriber and Upgrade from Gold', () => {
    const gold = {
      ...user,
      isSubscribed: true,
      activeSubscription: { planName: 'Gold Plan', validTill: '2026-03-31T18:30:00.000Z' },
    };
    const actions = headerActions({ user: gold, admin: null });
    expect(actions.subscribe).toBe(false);
    expect(actions.profile?.showUpgrade).toBe(false);
    expect(actions.profile?.expiry).toBe(formatExpiry('2026-03-31T18:30:00.000Z'));
    expect(actions.profile?.expiry).toMatch(/2026/);
  });

  it('shows the Dashboard button and the e-mail to an admin', () => {
    const actions = headerActions({ user: null, admin });
    expect(actions).toMatchObject({ dashboard: true, subscribe: false, login: false });
    expect(actions.profile?.identity).toBe('admin@chitram.in');
  });

  it('formats expiry in the Indian locale, or N/A', () => {
    expect(formatExpiry(null)).toBe('N/A');
    expect(formatExpiry('not a date')).toBe('N/A');
    expect(formatExpiry('2026-04-01T00:00:00+05:30')).toMatch(/1 Apr 2026/);
  });
});
