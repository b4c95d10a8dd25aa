import { DomainError, ErrorCode } from '@chitram/contracts';

/** Razorpay refunds no less than ₹1 at a time. */
export const MIN_REFUND_PAISE = 100;

/** A payment as a refund needs it: what it was and what its refunds already hold (processed or under way). */
export interface RefundablePayment {
  amount: number;
  status: 'captured' | 'failed';
  /** Paise held by refunds processed or pending. */
  held: number;
}

/** Paise still refundable: never negative. */
export function refundableOf(payment: RefundablePayment): number {
  return payment.status === 'captured' ? Math.max(0, payment.amount - payment.held) : 0;
}

/** Refuses a refund that is not whole paise, below Razorpay's minimum, or more than what is left (D39). */
export function checkRefundAmount(payment: RefundablePayment, amount: number): void {
  if (payment.status !== 'captured')
    throw new DomainError(ErrorCode.PAYMENT_NOT_REFUNDABLE, 'Only a captured payment can be refunded.');
  const left = refundableOf(payment);
  if (!Number.isInteger(amount) || amount < Math.min(MIN_REFUND_PAISE, left) || amount <= 0)
    throw new DomainError(
      ErrorCode.VALIDATION_FAILED,
      `amount must be whole paise, at least ${MIN_REFUND_PAISE} (₹1) or all that is left`,
    );
  if (amount > left)
    throw new DomainError(
      ErrorCode.REFUND_EXCEEDS_PAYMENT,
      `Only ${left} paise of this payment can be refunded (${payment.amount} paid, ${payment.held} refunded or being refunded).`,
    );
}

/**
 * The plan time a refund takes back (D39), in whole seconds: the same share of the time the payment
 * bought as the refund is of the payment. The refund that brings the payment's refunds to its whole
 * amount takes back all that is left of that time, so a full refund, in one part or several, takes back
 * exactly the time bought.
 */
export function secondsToTakeBack(parts: {
  periodSeconds: number;
  paymentAmount: number;
  refundAmount: number;
  /** Paise refunded by earlier processed refunds of the payment. */
  refundedBefore: number;
  /** Seconds the earlier refunds took back. */
  takenBefore: number;
}): number {
  const { periodSeconds, paymentAmount, refundAmount, refundedBefore, takenBefore } = parts;
  if (refundedBefore + refundAmount >= paymentAmount) return Math.max(0, periodSeconds - takenBefore);
  return Math.floor((periodSeconds * refundAmount) / paymentAmount);
}

/** The viewer's plan as a refund changes it: the plan held, and the one queued behind it (D38). */
export interface PlanTimes {
  validTill: Date;
  nextValidTill: Date | null;
}

/**
 * Where the time comes off (D39): a refund of the queued plan's payment shortens the queued plan (gone
 * when nothing is left of it); any other shortens the plan held, never before now (time watched is not
 * taken back), and a queued plan behind it moves up with it, keeping its length. Answers the new times
 * and the seconds actually taken.
 */
export function shortenPlan(
  plan: PlanTimes,
  seconds: number,
  fromQueued: boolean,
  now: Date,
): PlanTimes & { takenSeconds: number } {
  const ms = seconds * 1000;
  if (fromQueued && plan.nextValidTill) {
    const nextValidTill = new Date(plan.nextValidTill.getTime() - ms);
    if (nextValidTill <= plan.validTill)
      return {
        validTill: plan.validTill,
        nextValidTill: null,
        takenSeconds: Math.round((plan.nextValidTill.getTime() - plan.validTill.getTime()) / 1000),
      };
    return { validTill: plan.validTill, nextValidTill, takenSeconds: seconds };
  }
  const floor = Math.min(now.getTime(), plan.validTill.getTime());
  const validTill = new Date(Math.max(plan.validTill.getTime() - ms, floor));
  const taken = plan.validTill.getTime() - validTill.getTime();
  return {
    validTill,
    nextValidTill: plan.nextValidTill ? new Date(plan.nextValidTill.getTime() - taken) : null,
    takenSeconds: Math.round(taken / 1000),
  };
}
