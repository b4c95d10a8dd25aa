import type { AdminSession, UserSession } from '@chitram/shell-contract';
import { formatExpiry, headerActions, isTopNavHidden, linksThatFit, searchPath } from './header-rules';

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

describe('header links that fit (issue 11)', () => {
  const links = [60, 80, 120, 140, 150];
  it('shows every link when all fit, with no More button', () => {
    expect(linksThatFit(566, links, 70, 4)).toBe(5);
    expect(linksThatFit(10_000, links, 70, 4)).toBe(5);
  });

  it('keeps the first links that fit beside More, in order', () => {
    expect(linksThatFit(565, links, 70, 4)).toBe(4);
    expect(linksThatFit(60 + 4 + 80 + 4 + 70, links, 70, 4)).toBe(2);
    expect(linksThatFit(60 + 4 + 80 + 4 + 70 - 1, links, 70, 4)).toBe(1);
    expect(linksThatFit(100, links, 70, 4)).toBe(0);
    expect(linksThatFit(0, links, 70, 4)).toBe(0);
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
      kind: 'viewer',
      phoneNumber: '+919876543210',
      planName: null,
      showUpgrade: true,
      validTill: null,
      profileName: null,
      isKids: false,
    });
  });

  it('shows a kids profile no Subscribe and no Upgrade, and names the profile (D37)', () => {
    const kid = {
      ...user,
      profile: { _id: 'p', name: 'Chinnu', avatar: 'tiger', maturity: 'kids' as const },
    };
    const actions = headerActions({ user: kid, admin: null });
    expect(actions.subscribe).toBe(false);
    expect(actions.profile).toMatchObject({ isKids: true, showUpgrade: false, profileName: 'Chinnu' });
  });

  it('hides Subscribe from a subscriber and Upgrade from Gold', () => {
    const gold = {
      ...user,
      isSubscribed: true,
      activeSubscription: { planName: 'Gold Plan', validTill: '2026-03-31T18:30:00.000Z' },
    };
    const actions = headerActions({ user: gold, admin: null });
    expect(actions.subscribe).toBe(false);
    expect(actions.profile).toMatchObject({ showUpgrade: false, validTill: '2026-03-31T18:30:00.000Z' });
  });

  it("shows an admin the Dashboard button and the admin's account, never a viewer's plan", () => {
    const actions = headerActions({ user, admin });
    expect(actions).toMatchObject({ dashboard: true, subscribe: false, login: false });
    expect(actions.profile).toEqual({ kind: 'admin', email: 'admin@chitram.in' });
  });

  it("formats expiry in India's time for the interface's locale, or gives none", () => {
    expect(formatExpiry(null)).toBeNull();
    expect(formatExpiry('not a date')).toBeNull();
    expect(formatExpiry('2026-04-01T00:00:00+05:30')).toMatch(/1 Apr 2026/);
    expect(formatExpiry('2026-04-01T00:00:00+05:30', 'hi-IN')).toMatch(/1 अप्रैल 2026/);
  });
});
