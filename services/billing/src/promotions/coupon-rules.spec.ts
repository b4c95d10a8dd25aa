import { ErrorCode } from '@chitram/contracts';
import { invoiceFigures } from '../receipts/receipt-rules';
import { couponDiscount, couponRefusal, type CouponTerms, type CouponUse } from './coupon-rules';

const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  kind: 'percent',
  percent: 20,
  amount: null,
  planKeys: [],
  validFrom: new Date('2026-11-01T00:00:00Z'),
  validTill: new Date('2026-12-01T00:00:00Z'),
  maxRedemptions: null,
  perAccountLimit: null,
  firstPurchaseOnly: false,
  disabled: false,
  ...over,
});
const use = (over: Partial<CouponUse> = {}): CouponUse => ({
  planKey: 'standard',
  now: new Date('2026-11-15T00:00:00Z'),
  usedInAll: 0,
  usedByViewer: 0,
  hasPurchased: false,
  ...over,
});

describe('coupon pricing (D33)', () => {
  it('takes a percent off, rounded down to the paisa, and GST is split on what is left', () => {
    expect(couponDiscount(terms({ percent: 20 }), 29_900)).toBe(5_980);
    // 15% of ₹99 is ₹14.85; of ₹99.99, 1499.85 paise → 1499.
    expect(couponDiscount(terms({ percent: 15 }), 9_900)).toBe(1_485);
    expect(couponDiscount(terms({ percent: 15 }), 9_999)).toBe(1_499);
    const paid = 29_900 - couponDiscount(terms({ percent: 20 }), 29_900);
    expect(paid).toBe(23_920);
    // Within the supplier's state: 23920 = 20272 taxable + 1824 CGST + 1824 SGST, to the paisa.
    expect(invoiceFigures(paid, true)).toEqual({ taxable: 20_272, cgst: 1_824, sgst: 1_824, igst: 0 });
    expect(invoiceFigures(paid, false)).toEqual({ taxable: 20_271, cgst: 0, sgst: 0, igst: 3_649 });
  });

  it('takes a flat sum off, and never leaves less than ₹1 to pay', () => {
    expect(couponDiscount(terms({ kind: 'flat', percent: null, amount: 5_000 }), 29_900)).toBe(5_000);
    expect(couponDiscount(terms({ kind: 'flat', percent: null, amount: 50_000 }), 29_900)).toBe(29_800);
    expect(couponDiscount(terms({ percent: 100 }), 9_900)).toBe(9_800);
    expect(couponDiscount(terms({ percent: 50 }), 100)).toBe(0);
  });

  it('refuses outside its dates: before the first moment and from the last one on', () => {
    expect(couponRefusal(terms(), use({ now: new Date('2026-10-31T23:59:59Z') }))).toBe(
      ErrorCode.COUPON_EXPIRED,
    );
    expect(couponRefusal(terms(), use({ now: new Date('2026-11-01T00:00:00Z') }))).toBeNull();
    expect(couponRefusal(terms(), use({ now: new Date('2026-12-01T00:00:00Z') }))).toBe(
      ErrorCode.COUPON_EXPIRED,
    );
    expect(
      couponRefusal(terms({ validTill: null }), use({ now: new Date('2030-01-01T00:00:00Z') })),
    ).toBeNull();
  });

  it('refuses another plan, a second purchase when first-purchase-only, and a disabled coupon', () => {
    expect(couponRefusal(terms({ planKeys: ['gold'] }), use())).toBe(ErrorCode.COUPON_NOT_FOR_PLAN);
    expect(couponRefusal(terms({ planKeys: ['gold', 'standard'] }), use())).toBeNull();
    expect(couponRefusal(terms({ firstPurchaseOnly: true }), use({ hasPurchased: true }))).toBe(
      ErrorCode.COUPON_FIRST_PURCHASE_ONLY,
    );
    expect(couponRefusal(terms({ firstPurchaseOnly: true }), use())).toBeNull();
    expect(couponRefusal(terms({ disabled: true }), use())).toBe(ErrorCode.COUPON_UNKNOWN);
  });

  it('refuses at its total limit and at the account’s own, not before', () => {
    expect(couponRefusal(terms({ maxRedemptions: 3 }), use({ usedInAll: 2 }))).toBeNull();
    expect(couponRefusal(terms({ maxRedemptions: 3 }), use({ usedInAll: 3 }))).toBe(ErrorCode.COUPON_USED_UP);
    expect(couponRefusal(terms({ perAccountLimit: 1 }), use({ usedInAll: 9, usedByViewer: 0 }))).toBeNull();
    expect(couponRefusal(terms({ perAccountLimit: 1 }), use({ usedByViewer: 1 }))).toBe(
      ErrorCode.COUPON_USED_UP,
    );
  });
});
