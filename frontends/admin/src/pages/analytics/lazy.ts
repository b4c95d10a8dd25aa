import { lazy } from 'react';

// Analytics and the Vendor pages, each loaded when first opened: analytics carries the charting library,
// which no other screen needs. AdminLayout shows "Loading..." while one loads.

export const AnalyticsPage = lazy(() =>
  import('./AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })),
);
export const PartnersPage = lazy(() =>
  import('../partners/PartnersPage').then((m) => ({ default: m.PartnersPage })),
);
export const PartnerPage = lazy(() =>
  import('../partners/PartnerPage').then((m) => ({ default: m.PartnerPage })),
);
export const PartnerFormPage = lazy(() =>
  import('../partners/PartnerFormPage').then((m) => ({ default: m.PartnerFormPage })),
);
