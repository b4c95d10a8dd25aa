import type { DeviceClass, PlanKey } from './plans';

// A plan's terms as the business sets them (issue 26, DECISIONS D43). Types, lists and pure functions
// only, so the front ends import this module by sub-path.

/** The resolutions a plan may be capped at (D21). */
export const PLAN_RESOLUTIONS = [360, 480, 720, 1080, 1440, 2160] as const;
export type PlanResolution = (typeof PLAN_RESOLUTIONS)[number];

/** Screens at once a plan may allow (D24). */
export const MAX_PLAN_STREAMS = 10;
/** The longest validity a plan may have, in months (D17). */
export const MAX_PLAN_VALIDITY_MONTHS = 36;

/** A price in rupees as finance types it, above nothing: whole rupees or up to two decimals (`99`, `149.50`). */
export const RUPEE_PRICE = /^(?!0*(\.0*)?$)\d{1,6}(\.\d{1,2})?$/;

/** `'149.50'` → 14950 paise; null when it is not a price in rupees. */
export function paiseOfRupees(price: string): number | null {
  const text = price.trim();
  if (!RUPEE_PRICE.test(text)) return null;
  const [rupees, decimals = ''] = text.split('.');
  return Number(rupees) * 100 + Number(decimals.padEnd(2, '0'));
}

/** What a plan gives and costs, as it was sold or as it is sold from a moment on. Amount in paise. */
export interface PlanTerms {
  amount: number;
  validityMonths: number;
  devices: DeviceClass[];
  maxResolution: number;
  maxStreams: number;
}

/** Terms that take effect at a moment (ISO). */
export interface ScheduledPlanTerms extends PlanTerms {
  effectiveFrom: string;
}

/** One version of a plan's terms, as finance sees it. */
export interface PlanTermsVersion extends ScheduledPlanTerms {
  _id: string;
  /** The admin who set it; null for the first version (the plan table of the first start). */
  createdBy: string | null;
  createdAt: string;
}

/** `GET /api/admin/plans`: a plan, its terms now, and the changes scheduled for it (soonest first). */
export interface AdminPlanView {
  planKey: PlanKey;
  plan: string;
  current: PlanTermsVersion;
  scheduled: PlanTermsVersion[];
}

/** Announced on Subjects.billing.planTermsChanged to every billing instance: read the plan's terms again. */
export interface PlanTermsChanged {
  planKey: PlanKey;
}
