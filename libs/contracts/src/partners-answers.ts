import type { AnalyticsPeriodView } from './analytics-answers';
import type { Language } from './catalog-lists';

// Content partners (the spec's Vendor page; DECISIONS D12): who supplies which titles, and what each
// earns of a period's revenue. Types, limits, texts and the pure share rule only, so the front ends
// import this module by sub-path.

export const PARTNER_NAME_MAX = 100;
export const PARTNER_EMAIL_MAX = 254;
/** A phone number as people write one: digits, spaces, `+`, `-` and brackets. */
export const PARTNER_PHONE = /^\+?[0-9][0-9 ()-]{6,19}$/;
/** Partners a page of the list holds. */
export const PARTNER_PAGE_SIZE = 10;
/** Names the movie and show forms offer in their partner picker. */
export const PARTNER_NAMES_LIMIT = 500;
/** Titles a title search on the partner's page answers. */
export const PARTNER_TITLE_SEARCH_LIMIT = 20;

export type PartnerTitleKind = 'movie' | 'episode';

export interface Partner {
  _id: string;
  name: string;
  contactPerson: string;
  email: string;
  phone: string;
  /** 0–100, up to two decimals. */
  revenueSharePercent: number;
  titleCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface PartnerName {
  _id: string;
  name: string;
}

/** A partner's standing over a period. Money is null when billing did not answer. */
export interface PartnerStanding {
  plays: number;
  watchSeconds: number;
  /** The partner's titles' part of all watch time of the period, 0–1. */
  watchShare: number;
  /** The revenue pool's part in proportion to `watchShare`, paise. */
  attributableRevenue: number | null;
  /** `attributableRevenue` × the partner's revenue share %, paise. */
  payout: number | null;
}

export interface PartnerRow extends Partner {
  standing: PartnerStanding;
}

/** The period's totals beside a list of partners: the pool, and what no partner's titles took. */
export interface PartnerPeriodTotals {
  period: AnalyticsPeriodView;
  /** Revenue of the period (paise); null when billing did not answer. */
  pool: number | null;
  plays: number;
  watchSeconds: number;
  /** Titles with no partner: their watch time, and the part of the pool it stands for. */
  unpartnered: { plays: number; watchSeconds: number; attributableRevenue: number | null };
}

/** `GET /api/admin/partners?page=&search=&range=`: partners by name, 10 a page, with their standing. */
export interface PartnerPage {
  partners: PartnerRow[];
  currentPage: number;
  totalPartners: number;
  totalPages: number;
  totals: PartnerPeriodTotals;
}

export interface PartnerTitleFigures {
  kind: PartnerTitleKind;
  titleId: string;
  /** Null when the title has been deleted since. */
  title: string | null;
  language: Language | null;
  plays: number;
  watchSeconds: number;
}

/** `GET /api/admin/partners/{id}?range=`: the partner, their titles and their standing over the period. */
export interface PartnerDetails {
  partner: Partner;
  standing: PartnerStanding;
  totals: PartnerPeriodTotals;
  /** Every title of the partner, most watched in the period first. */
  titles: PartnerTitleFigures[];
}

/** A title as the assignment picker finds it, with the partner it has now. */
export interface PartnerTitleOption {
  kind: PartnerTitleKind;
  titleId: string;
  title: string;
  language: Language | null;
  partner: PartnerName | null;
}

/** `GET /api/admin/partners/titles/{kind}/{titleId}`: a title's partner, if it has one. */
export interface TitlePartner {
  partner: PartnerName | null;
}

/** `PUT /api/admin/partners/titles/{kind}/{titleId}`: the title's partner now, and a line for the toast. */
export interface TitleAssigned extends TitlePartner {
  message: string;
}

export interface PartnerSaved {
  partner: Partner;
  message: string;
}

export interface PartnerActionDone {
  success: true;
  message: string;
}

/** One partner's watch time, for sharing the pool. */
export interface PartnerWatch {
  partnerId: string;
  watchSeconds: number;
  revenueSharePercent: number;
}

/**
 * The method, stated on the page: the pool is every payment captured and kept in the period; each
 * partner's titles earn the pool in proportion to their watch time, and the partner is paid their share %.
 */
export const PARTNER_SHARE_METHOD =
  "Revenue share = the period's revenue pool (every payment captured and kept in the period) × the partner's titles' fraction of all watch time in the period × the partner's revenue share %.";

/**
 * Shares `pool` paise among partners in proportion to their watch time, the rest to titles without a
 * partner, in whole paise that add up to the pool exactly (largest remainders get the odd paise).
 */
export function sharePool(
  pool: number,
  partners: PartnerWatch[],
  totalWatchSeconds: number,
): { byPartner: Map<string, { attributableRevenue: number; payout: number }>; unpartnered: number } {
  const byPartner = new Map<string, { attributableRevenue: number; payout: number }>();
  if (totalWatchSeconds <= 0 || pool <= 0) {
    for (const p of partners) byPartner.set(p.partnerId, { attributableRevenue: 0, payout: 0 });
    return { byPartner, unpartnered: Math.max(0, pool) };
  }
  const partnered = partners.reduce((sum, p) => sum + p.watchSeconds, 0);
  const buckets = [
    ...partners.map((p) => ({ id: p.partnerId, exact: (pool * p.watchSeconds) / totalWatchSeconds })),
    { id: null, exact: (pool * Math.max(0, totalWatchSeconds - partnered)) / totalWatchSeconds },
  ].map((b) => ({ ...b, whole: Math.floor(b.exact) }));
  let left = pool - buckets.reduce((sum, b) => sum + b.whole, 0);
  for (const bucket of [...buckets].sort((a, b) => b.exact - b.whole - (a.exact - a.whole))) {
    if (left <= 0) break;
    bucket.whole++;
    left--;
  }
  let unpartnered = 0;
  for (const bucket of buckets) {
    if (bucket.id === null) {
      unpartnered = bucket.whole;
      continue;
    }
    const percent = partners.find((p) => p.partnerId === bucket.id)?.revenueSharePercent ?? 0;
    byPartner.set(bucket.id, {
      attributableRevenue: bucket.whole,
      payout: Math.round((bucket.whole * percent) / 100),
    });
  }
  return { byPartner, unpartnered };
}

export const PartnerMessages = {
  created: 'Partner created.',
  updated: 'Partner updated.',
  deleted: 'Partner deleted.',
  titleAssigned: 'Title assigned.',
  titleUnassigned: 'Title no longer assigned.',
  notFound: 'This partner does not exist.',
  titleNotFound: 'This title does not exist.',
  seriesNotFound: 'This series does not exist.',
  nameTaken: 'A partner of that name exists already.',
  confirmDelete:
    'Do you really want to delete this partner? Their titles stay in the catalogue, without a partner.',
} as const;
