// The analytics and content partner paths (DECISIONS D12), relative to the client's `/api` prefix.

const id = (value: string) => encodeURIComponent(value);

export const endpoints = {
  analytics: (query: string) => `admin/analytics?${query}`,
  partners: 'admin/partners',
  partnerNames: 'admin/partners/names',
  partner: (partnerId: string) => `admin/partners/${id(partnerId)}`,
  partnerTitles: 'admin/partners/titles',
  /** A movie's or show's partner, or that of every episode of a series. */
  titlePartner: (kind: 'movie' | 'episode' | 'series', titleId: string) =>
    kind === 'series'
      ? `admin/partners/series/${id(titleId)}`
      : `admin/partners/titles/${kind}/${id(titleId)}`,
} as const;

/** Where the partner pages live in the back office (the spec's Vendor page). */
export const partnerPaths = {
  list: '/admin/vendor',
  create: '/admin/vendor/new',
  page: (partnerId: string) => `/admin/vendor/${id(partnerId)}`,
  edit: (partnerId: string) => `/admin/vendor/${id(partnerId)}/edit`,
} as const;
