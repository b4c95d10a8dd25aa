import type { PlanKey, SubscriptionChange } from '@chitram/contracts';

/** India Standard Time: validity is counted in the viewer's calendar, not UTC's. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * `months` calendar months after `from`, as a viewer in India counts them: 31 January + 1 month is the
 * last day of February, at the same time of day.
 */
export function addMonthsIst(from: Date, months: number): Date {
  const local = new Date(from.getTime() + IST_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const moved = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(moved - IST_OFFSET_MS);
}

/** What buying a plan does (D38): start it, extend what is held, upgrade with credit, or queue it. */
export type OrderKind = 'new' | 'extend' | 'upgrade' | 'queue' | 'extend-queued';

export interface NextPeriod {
  change: SubscriptionChange;
  previousPlanKey: PlanKey | null;
  validFrom: Date;
  validTill: Date;
}

/** The viewer's plans as billing holds them: the plan now, and one queued behind it (D38). */
export interface CurrentPlan {
  planKey: PlanKey;
  validFrom: Date;
  validTill: Date;
  /** A free trial (D33): nothing was paid for it, so an upgrade from it earns no credit. */
  trial?: boolean;
  next: { planKey: PlanKey; validTill: Date } | null;
}

/**
 * The period a payment for `planKey` buys, by what buying it does now (`kind`, from the upgrade rules,
 * D17 revised by D38): plans are prepaid with no auto-renewal; a first plan (or one after the last ran
 * out) starts now; the plan held, or the one queued, is extended from its end; a higher plan starts now
 * (its price took the credit; credit it could not take adds `extraDays`); a lower plan is queued to
 * start when the plan held ends.
 */
export function nextPeriod(
  kind: OrderKind,
  current: CurrentPlan | null,
  validityMonths: number,
  extraDays: number,
  now: Date,
): NextPeriod {
  const running = current && current.validTill.getTime() > now.getTime() ? current : null;
  const days = (till: Date) => new Date(till.getTime() + extraDays * 86_400_000);
  if (running && kind === 'extend')
    return {
      change: 'extended',
      previousPlanKey: null,
      validFrom: running.validTill,
      validTill: addMonthsIst(running.validTill, validityMonths),
    };
  if (running && (kind === 'queue' || kind === 'extend-queued')) {
    const from = kind === 'extend-queued' && running.next ? running.next.validTill : running.validTill;
    return {
      change: 'queued',
      previousPlanKey: running.planKey,
      validFrom: from,
      validTill: addMonthsIst(from, validityMonths),
    };
  }
  return {
    change: running ? 'replaced' : 'activated',
    previousPlanKey: running ? running.planKey : null,
    validFrom: now,
    validTill: days(addMonthsIst(now, validityMonths)),
  };
}
