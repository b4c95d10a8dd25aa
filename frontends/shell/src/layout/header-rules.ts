import type { Sessions } from '../guard/guard-rules';
import { holdsRole } from '../guard/guard-rules';

/** SPEC §2.4 header links, in order. */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/movies', label: 'Movies' },
  { to: '/political', label: 'Political Series' },
  { to: '/health', label: 'Health and Fitness' },
  { to: '/education', label: 'Educational Series' },
] as const;

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

export interface ProfileSummary {
  /** Phone number for a viewer, e-mail for an admin. */
  identity: string;
  planName: string;
  showUpgrade: boolean;
  expiry: string;
}

export interface HeaderActions {
  dashboard: boolean;
  subscribe: boolean;
  login: boolean;
  profile: ProfileSummary | null;
}

const EXPIRY_FORMAT = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** SPEC §2.4: expiry in the Indian locale, or N/A. */
export function formatExpiry(validTill: string | null | undefined): string {
  if (!validTill) return 'N/A';
  const date = new Date(validTill);
  return Number.isNaN(date.getTime()) ? 'N/A' : EXPIRY_FORMAT.format(date);
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

  let profile: ProfileSummary | null = null;
  if (isAdmin || user) {
    const planName = user?.activeSubscription?.planName || 'Free';
    profile = {
      identity: isAdmin ? (sessions.admin?.email ?? '') : (user?.phoneNumber ?? ''),
      planName,
      showUpgrade: !isTopPlan(planName),
      expiry: formatExpiry(user?.activeSubscription?.validTill),
    };
  }

  return {
    dashboard: isAdmin,
    subscribe: !isAdmin && (!user || !user.isSubscribed),
    login: !isAdmin && !user,
    profile,
  };
}
