/** SPEC §2.2 admin side menu, in order; paths are relative to /admin. */
export const ADMIN_MENU = [
  { to: 'dashboard', label: 'Dashboard' },
  { to: 'movies', label: 'Movies' },
  { to: 'series', label: 'Series' },
  { to: 'shows', label: 'Shows' },
  { to: 'analytics', label: 'Analytics' },
  { to: 'vendor', label: 'Vendor' },
  { to: 'users', label: 'Users' },
  { to: 'audit', label: 'Audit' },
] as const;
