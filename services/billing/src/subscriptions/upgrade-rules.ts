import { PLAN_KEYS, type PlanKey } from '@chitram/contracts';
import { addMonthsIst, type CurrentPlan, type OrderKind } from './subscription-rules';

export type { OrderKind };

export const DAY_MS = 86_400_000;

/** Razorpay takes no order below ₹1: an upgrade always charges at least this, in paise. */
export const MIN_CHARGE_PAISE = 100;

export interface PlanPrice {
  planKey: PlanKey;
  /** Paise, GST included. */
  amount: number;
  validityMonths: number;
}

/** The price of buying a plan now, as the server sets it when the order is made (D16, D38). */
export interface Quote {
  kind: OrderKind;
  /** The plan's own price. */
  listPrice: number;
  /** The credit for the unused days of the plan held, taken off the price (upgrades only). */
  credit: number;
  creditPlanKey: PlanKey | null;
  /** Credit the price could not take (it would leave less than ₹1 to pay), as days of the new plan. */
  extraDays: number;
  /** What the viewer pays: listPrice − credit. */
  amount: number;
  /** Refused: a plan is queued already and this is another, higher than the plan held. */
  blocked: boolean;
}

const rank = (planKey: PlanKey) => PLAN_KEYS.indexOf(planKey);

/** Whole days from `from` to `till`, a part of a day counting as a day. */
export function daysLeft(till: Date, now: Date): number {
  return Math.max(0, Math.ceil((till.getTime() - now.getTime()) / DAY_MS));
}

/** The days a plan of `months` lasts from `from` (90 to 92 for three months). */
export function planDays(from: Date, months: number): number {
  return Math.round((addMonthsIst(from, months).getTime() - from.getTime()) / DAY_MS);
}

/**
 * What buying `plan` at `now` does and costs (D38):
 * - nothing running: it starts now at its price;
 * - the plan held (or the one queued): it extends from the end, at its price;
 * - a higher plan than the one held, nothing queued: it starts now, and the unused part of the held
 *   plan (its price × days left ÷ its days, in paise, rounded down) is taken off its price; credit that
 *   would leave less than ₹1 to pay becomes extra days of the new plan;
 * - a lower plan: it is queued, at its price, to start when the held one ends;
 * - anything else while a plan is queued is refused (one queued plan at a time).
 */
export function quote(
  timeline: CurrentPlan | null,
  plan: PlanPrice,
  held: PlanPrice | null,
  now: Date,
): Quote {
  const full = (kind: OrderKind, blocked = false): Quote => ({
    kind,
    listPrice: plan.amount,
    credit: 0,
    creditPlanKey: null,
    extraDays: 0,
    amount: plan.amount,
    blocked,
  });
  const running = timeline && timeline.validTill.getTime() > now.getTime() ? timeline : null;
  if (!running || !held) return full('new');
  if (running.next) {
    if (running.next.planKey === plan.planKey) return full('extend-queued');
    return full('queue', true);
  }
  if (plan.planKey === running.planKey) return full('extend');
  if (rank(plan.planKey) < rank(running.planKey)) return full('queue');

  // A free trial (D33) was not paid for: it earns no credit.
  const earned = running.trial
    ? 0
    : Math.floor(
        (held.amount * daysLeft(running.validTill, now)) / planDays(running.validFrom, held.validityMonths),
      );
  const credit = Math.min(earned, Math.max(0, plan.amount - MIN_CHARGE_PAISE));
  const leftover = earned - credit;
  const extraDays =
    leftover > 0 ? Math.floor((leftover * planDays(now, plan.validityMonths)) / plan.amount) : 0;
  return {
    kind: 'upgrade',
    listPrice: plan.amount,
    credit,
    creditPlanKey: running.planKey,
    extraDays,
    amount: plan.amount - credit,
    blocked: false,
  };
}
