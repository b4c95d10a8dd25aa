import { ErrorCode } from '@chitram/contracts';
import { checkRefundAmount, refundableOf, secondsToTakeBack, shortenPlan } from './refund-rules';

const DAY = 86_400;
const at = (iso: string) => new Date(iso);

describe('refund rules (D39)', () => {
  const payment = { amount: 29900, status: 'captured' as const, held: 10000 };

  it('refunds at most what is left of a captured payment, and at least ₹1 unless less is left', () => {
    expect(refundableOf(payment)).toBe(19900);
    expect(() => checkRefundAmount(payment, 19900)).not.toThrow();
    expect(() => checkRefundAmount(payment, 19901)).toThrow(
      expect.objectContaining({ code: ErrorCode.REFUND_EXCEEDS_PAYMENT }),
    );
    expect(() => checkRefundAmount(payment, 99)).toThrow(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
    expect(() => checkRefundAmount(payment, 100.5)).toThrow(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
    expect(() => checkRefundAmount({ ...payment, held: 29850 }, 50)).not.toThrow();
    expect(() => checkRefundAmount({ ...payment, status: 'failed' }, 100)).toThrow(
      expect.objectContaining({ code: ErrorCode.PAYMENT_NOT_REFUNDABLE }),
    );
    expect(refundableOf({ ...payment, status: 'failed' })).toBe(0);
  });

  it('takes back the same share of the time bought as of the money, and all of it with the last part', () => {
    const base = { periodSeconds: 92 * DAY, paymentAmount: 29900, refundedBefore: 0, takenBefore: 0 };
    expect(secondsToTakeBack({ ...base, refundAmount: 29900 })).toBe(92 * DAY);
    expect(secondsToTakeBack({ ...base, refundAmount: 14950 })).toBe(46 * DAY);
    expect(secondsToTakeBack({ ...base, refundAmount: 10000 })).toBe(Math.floor((92 * DAY * 10000) / 29900));
    // Three parts that round down each still take back the whole period together.
    const first = secondsToTakeBack({ ...base, refundAmount: 9967 });
    const second = secondsToTakeBack({
      ...base,
      refundAmount: 9967,
      refundedBefore: 9967,
      takenBefore: first,
    });
    const last = secondsToTakeBack({
      ...base,
      refundAmount: 9966,
      refundedBefore: 19934,
      takenBefore: first + second,
    });
    expect(first + second + last).toBe(92 * DAY);
  });

  it('shortens the plan held, never before now, and moves a queued plan up with it', () => {
    const now = at('2026-12-01T00:00:00Z');
    const plan = { validTill: at('2027-02-01T00:00:00Z'), nextValidTill: at('2027-05-01T00:00:00Z') };
    const ten = shortenPlan(plan, 10 * DAY, false, now);
    expect(ten).toEqual({
      validTill: at('2027-01-22T00:00:00Z'),
      nextValidTill: at('2027-04-21T00:00:00Z'),
      takenSeconds: 10 * DAY,
    });
    // More than is left: the plan ends now; time already watched is not taken back.
    const all = shortenPlan({ ...plan, nextValidTill: null }, 365 * DAY, false, now);
    expect(all).toEqual({ validTill: now, nextValidTill: null, takenSeconds: 62 * DAY });
    // A plan already run out loses nothing.
    expect(
      shortenPlan({ validTill: at('2026-11-01T00:00:00Z'), nextValidTill: null }, DAY, false, now)
        .takenSeconds,
    ).toBe(0);
  });

  it('a refund of the queued plan shortens it, and removes it when nothing is left', () => {
    const now = at('2026-12-01T00:00:00Z');
    const plan = { validTill: at('2027-02-01T00:00:00Z'), nextValidTill: at('2027-05-01T00:00:00Z') };
    expect(shortenPlan(plan, 30 * DAY, true, now)).toEqual({
      validTill: plan.validTill,
      nextValidTill: at('2027-04-01T00:00:00Z'),
      takenSeconds: 30 * DAY,
    });
    expect(shortenPlan(plan, 89 * DAY, true, now)).toEqual({
      validTill: plan.validTill,
      nextValidTill: null,
      takenSeconds: 89 * DAY,
    });
  });
});
