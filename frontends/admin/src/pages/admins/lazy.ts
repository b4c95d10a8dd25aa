import { lazy } from 'react';

// The admins' screens (issue 20), each loaded when first opened: the QR code's encoder comes with them.

export const AdminsPage = lazy(() => import('./AdminsPage').then((m) => ({ default: m.AdminsPage })));
export const AccountPage = lazy(() => import('./AccountPage').then((m) => ({ default: m.AccountPage })));
export const InvitationPage = lazy(() =>
  import('./InvitationPage').then((m) => ({ default: m.InvitationPage })),
);
