import type { AdminArea } from '@chitram/contracts/web';

/**
 * SPEC §2.2 admin side menu, in order, then the Admins page and the admin's own account (issue 20);
 * paths are relative to /admin. Each names its area: an admin sees the items their role may use.
 */
export const ADMIN_MENU: ReadonlyArray<{ to: string; label: string; area: AdminArea }> = [
  { to: 'dashboard', label: 'Dashboard', area: 'dashboard' },
  { to: 'movies', label: 'Movies', area: 'catalogue' },
  { to: 'series', label: 'Series', area: 'catalogue' },
  { to: 'shows', label: 'Shows', area: 'catalogue' },
  { to: 'analytics', label: 'Analytics', area: 'finance' },
  { to: 'payments', label: 'Payments', area: 'finance' },
  { to: 'coupons', label: 'Coupons', area: 'finance' },
  { to: 'plans', label: 'Plans', area: 'finance' },
  { to: 'vendor', label: 'Vendor', area: 'partners' },
  { to: 'users', label: 'Users', area: 'viewers' },
  { to: 'audit', label: 'Audit', area: 'audit' },
  { to: 'admins', label: 'Admins', area: 'admins' },
  { to: 'account', label: 'My account', area: 'account' },
];
