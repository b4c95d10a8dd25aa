// Every back-office path of the dashboard and viewers (SPEC §7, DECISIONS D13, D25), relative to the
// client's `/api` prefix, in one place.

const id = (value: string) => encodeURIComponent(value);

export const endpoints = {
  dashboard: 'admin/dashboard',
  viewers: 'admin/users',
  viewer: (viewerId: string) => `admin/users/${id(viewerId)}`,
  viewerActivity: (viewerId: string) => `admin/users/${id(viewerId)}/activity`,
  deleteViewer: (viewerId: string) => `admin/users/${id(viewerId)}`,
  signOutViewer: (viewerId: string) => `admin/users/${id(viewerId)}/sign-out`,
  revealPhoneNumber: (viewerId: string) => `admin/users/${id(viewerId)}/phone-number`,
} as const;

/** Where a viewer's page lives in the back office. */
export const viewerPagePath = (viewerId: string) => `/admin/users/${id(viewerId)}`;
