import type { PlanKey } from './plans';

// Coupons and the free trial as billing answers them (issue 26, DECISIONS D33). Types only, with no
// imports that need Node or decorators, so the front ends import this module by sub-path.

/** A coupon takes a share of the price off, or a fixed sum. */
export const COUPON_KINDS = ['percent', 'flat'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** A coupon's code: capitals, digits, `-` and `_`, 3 to 32 of them (stored and matched in capitals). */
export const COUPON_CODE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** A coupon code as matched: trimmed, in capitals, whatever the viewer typed (a class-transformer step). */
export function couponCodeOf({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? value.trim().toUpperCase() : value;
}

/** `GET /api/admin/coupons`: a coupon as finance sees it, with how often it was used. */
export interface CouponView {
  _id: string;
  code: string;
  kind: CouponKind;
  /** Percent off (1 to 100), for a `percent` coupon; null for a flat one. */
  percent: number | null;
  /** Paise off, for a `flat` coupon; null for a percent one. */
  amount: number | null;
  /** The plans it applies to; empty: every plan. */
  planKeys: PlanKey[];
  /** ISO: usable from then… */
  validFrom: string;
  /** …until then (ISO); null: no end. */
  validTill: string | null;
  /** Redemptions in all; null: no limit. */
  maxRedemptions: number | null;
  /** Redemptions by one account; null: no limit. */
  perAccountLimit: number | null;
  firstPurchaseOnly: boolean;
  /** Paid orders that used it. */
  redeemed: number;
  /** Open orders holding one of its redemptions until they are paid or given up. */
  reserved: number;
  disabled: boolean;
  createdAt: string;
}

/** `GET /api/checkout/trial`: the free trial this viewer may start now (D33). */
export interface TrialOffer {
  /** The plan a trial gives; null when no plan carries trial days. */
  planKey: PlanKey | null;
  planName: string | null;
  days: number;
  /** False once the number had its trial (ever), or while a plan runs. */
  eligible: boolean;
}
