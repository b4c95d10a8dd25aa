import type { Sessions } from '../guard/guard-rules';
import { holdsRole } from '../guard/guard-rules';

/** SPEC §2.4 header links, in order, each with its words' key in the shell's catalogue (`nav.…`). */
export const NAV_LINKS = [
  { to: '/', key: 'home' },
  { to: '/movies', key: 'movies' },
  { to: '/political', key: 'political' },
  { to: '/health', key: 'health' },
  { to: '/education', key: 'education' },
] as const;

export type NavLinkKey = (typeof NAV_LINKS)[number]['key'];

/**
 * How many header links fit in `available` px, in order (issue 11: nothing may overlap at any width).
 * All of them if they fit; otherwise as many as fit beside the More button that holds the rest.
 */
export function linksThatFit(
  available: number,
  linkWidths: readonly number[],
  moreWidth: number,
  gap: number,
): number {
  const widthOf = (count: number) =>
    linkWidths.slice(0, count).reduce((sum, width) => sum + width, 0) + gap * Math.max(0, count - 1);
  if (widthOf(linkWidths.length) <= available) return linkWidths.length;
  let count = linkWidths.length - 1;
  while (count > 0 && widthOf(count) + gap + moreWidth > available) count--;
  return count;
}

/** SPEC §2.4: the background turns solid once the page is scrolled more than 10 px. */
export const SOLID_HEADER_AFTER_PX = 10;

/** SPEC §2.3: no top navigation on admin paths, checkout and delete-user. */
export function isTopNavHidden(pathname: string): boolean {
  return (
    pathname === '/admin' ||
    pathname.startsWith('/admin/') ||
    pathname === '/checkout' ||
    pathname.startsWith('/checkout/') ||
    pathname === '/delete-user' ||
    pathname.startsWith('/delete-user/')
  );
}

/** The admin area has its own layout, so the site footer stays out of it. */
export function isFooterHidden(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** SPEC §2.4/§5: the trimmed term goes to /search; an empty one does nothing (null). */
export function searchPath(rawTerm: string): string | null {
  const term = rawTerm.trim();
  if (term === '') return null;
  return `/search?${new URLSearchParams({ q: term }).toString()}`;
}

/** The profile panel: an admin's account, or a viewer's number and plan (SPEC §2.4). */
export type ProfileSummary =
  | { kind: 'admin'; email: string }
  | {
      kind: 'viewer';
      phoneNumber: string;
      /** Null: no plan (the panel says Free). */
      planName: string | null;
      showUpgrade: boolean;
      validTill: string | null;
      /** The profile in use (D37); null before one is known. */
      profileName: string | null;
      /** A kids profile: no account, payment or profile-management entries. */
      isKids: boolean;
    };

export interface HeaderActions {
  dashboard: boolean;
  subscribe: boolean;
  login: boolean;
  profile: ProfileSummary | null;
}

/** SPEC §2.4: expiry as the viewer's locale writes it, in India's time; null when there is none. */
export function formatExpiry(validTill: string | null | undefined, locale = 'en-IN'): string | null {
  if (!validTill) return null;
  const date = new Date(validTill);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}

/** Gold is the top plan: no Upgrade link for it (SPEC §9). */
export function isTopPlan(planName: string): boolean {
  return /^gold\b/i.test(planName.trim());
}

/** The right side of the header for the current sessions (SPEC §2.4). */
export function headerActions(sessions: Sessions): HeaderActions {
  const isAdmin = holdsRole(sessions, 'admin');
  const isUser = holdsRole(sessions, 'user');
  const user = isUser ? sessions.user : null;
  const isKids = Boolean(user?.profile && user.profile.maturity !== 'adult');

  let profile: ProfileSummary | null = null;
  if (isAdmin) profile = { kind: 'admin', email: sessions.admin?.email ?? '' };
  else if (user) {
    const planName = user.activeSubscription?.planName || null;
    profile = {
      kind: 'viewer',
      phoneNumber: user.phoneNumber,
      planName,
      showUpgrade: !isKids && (!planName || !isTopPlan(planName)),
      validTill: user.activeSubscription?.validTill ?? null,
      profileName: user.profile?.name ?? null,
      isKids,
    };
  }

  return {
    dashboard: isAdmin,
    subscribe: !isAdmin && !isKids && (!user || !user.isSubscribed),
    login: !isAdmin && !user,
    profile,
  };
}
