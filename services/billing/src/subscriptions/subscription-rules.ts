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

/** The viewer's plan as billing holds it; `validTill` in the past means it has run out. */
export interface CurrentPlan {
  planKey: PlanKey;
  validFrom: Date;
  validTill: Date;
}

export interface NextPeriod {
  change: SubscriptionChange;
  previousPlanKey: PlanKey | null;
  validFrom: Date;
  validTill: Date;
}

/**
 * What a payment for `planKey` buys (DECISIONS D17): plans are prepaid with no auto-renewal; buying the
 * plan you hold extends it from its expiry; buying another replaces it from now; with no plan running,
 * it starts now.
 */
export function nextPeriod(
  current: CurrentPlan | null,
  planKey: PlanKey,
  validityMonths: number,
  now: Date,
): NextPeriod {
  const running = current && current.validTill.getTime() > now.getTime() ? current : null;
  if (running && running.planKey === planKey) {
    return {
      change: 'extended',
      previousPlanKey: null,
      validFrom: running.validTill,
      validTill: addMonthsIst(running.validTill, validityMonths),
    };
  }
  return {
    change: running ? 'replaced' : 'activated',
    previousPlanKey: running ? running.planKey : null,
    validFrom: now,
    validTill: addMonthsIst(now, validityMonths),
  };
}
