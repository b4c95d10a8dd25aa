import { ErrorCode, type CouponKind, type PlanKey } from '@chitram/contracts';
import { MIN_CHARGE_PAISE } from '../subscriptions/upgrade-rules';

/** A coupon's terms, as pricing reads them (D33). Amounts in paise. */
export interface CouponTerms {
  kind: CouponKind;
  percent: number | null;
  amount: number | null;
  /** Empty: every plan. */
  planKeys: PlanKey[];
  validFrom: Date;
  validTill: Date | null;
  maxRedemptions: number | null;
  perAccountLimit: number | null;
  firstPurchaseOnly: boolean;
  disabled: boolean;
}

/** What the coupon's limits and the viewer's history stand at when it is asked for. */
export interface CouponUse {
  planKey: PlanKey;
  now: Date;
  /** Redemptions held (open orders) or made (paid orders), by anyone. */
  usedInAll: number;
  /** The same, by this account. */
  usedByViewer: number;
  /** The account has paid for a plan before. */
  hasPurchased: boolean;
}

/**
 * Why the coupon cannot be used for this purchase, or null when it can. Terms first (a disabled coupon
 * is as good as unknown), then the dates, the plan, first purchase, and the limits last: the code a
 * viewer is shown names the first thing they could not change.
 */
export function couponRefusal(coupon: CouponTerms, use: CouponUse): ErrorCode | null {
  if (coupon.disabled) return ErrorCode.COUPON_UNKNOWN;
  const at = use.now.getTime();
  if (at < coupon.validFrom.getTime() || (coupon.validTill && at >= coupon.validTill.getTime()))
    return ErrorCode.COUPON_EXPIRED;
  if (coupon.planKeys.length && !coupon.planKeys.includes(use.planKey)) return ErrorCode.COUPON_NOT_FOR_PLAN;
  if (coupon.firstPurchaseOnly && use.hasPurchased) return ErrorCode.COUPON_FIRST_PURCHASE_ONLY;
  if (coupon.maxRedemptions !== null && use.usedInAll >= coupon.maxRedemptions)
    return ErrorCode.COUPON_USED_UP;
  if (coupon.perAccountLimit !== null && use.usedByViewer >= coupon.perAccountLimit)
    return ErrorCode.COUPON_USED_UP;
  return null;
}

/**
 * Paise a coupon takes off `price` (what is left to pay after an upgrade's credit): a percent of it,
 * rounded down to the paisa, or a flat sum; never so much that less than ₹1 is left to pay (Razorpay
 * takes no smaller order), so a 100% coupon leaves ₹1. GST is then computed on what is left (D32).
 */
export function couponDiscount(
  coupon: Pick<CouponTerms, 'kind' | 'percent' | 'amount'>,
  price: number,
): number {
  const wanted =
    coupon.kind === 'percent' ? Math.floor((price * (coupon.percent ?? 0)) / 100) : (coupon.amount ?? 0);
  return Math.max(0, Math.min(wanted, price - MIN_CHARGE_PAISE));
}
