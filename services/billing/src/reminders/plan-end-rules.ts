import {
  indiaDayOf,
  indiaDaysUntil,
  PLAN_END_REMINDER_DAYS_BEFORE,
  PLAN_END_REMINDER_KINDS,
  startOfIndiaDay,
  type PlanEndReminderKind,
} from '@chitram/contracts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Reminders go out from 09:00 in India on their day: nobody is woken by one (D40). */
export const REMINDER_HOUR_IST = 9;
/** A plan ending before 09:00 on its last day is told this long before its end instead. */
const DAY_OF_LEAD_MS = 3 * HOUR_MS;

export interface DueReminder {
  kind: PlanEndReminderKind;
  /** Indian calendar days left now (0: it ends today). */
  daysLeft: number;
}

/**
 * The moment a reminder of the plan ending at `end` becomes due: 09:00 IST on its Indian calendar day
 * (3 days before the day of the end, 1 day before, the day itself). On the last day it is 09:00 or
 * 3 hours before the end, whichever is sooner, but not before that day began.
 */
export function reminderDueAt(kind: PlanEndReminderKind, end: Date): Date {
  const endDay = startOfIndiaDay(indiaDayOf(end)).getTime();
  const dayStart = endDay - PLAN_END_REMINDER_DAYS_BEFORE[kind] * DAY_MS;
  const morning = dayStart + REMINDER_HOUR_IST * HOUR_MS;
  if (kind !== 'day-of') return new Date(morning);
  return new Date(Math.max(dayStart, Math.min(morning, end.getTime() - DAY_OF_LEAD_MS)));
}

/**
 * The reminder due now for a plan ending at `end`, or null. Each is sent on its own Indian calendar
 * day only (3 days left, 1 day left, the last day), from its due moment; a day the sweeps missed is not
 * made up with a wrong count, the next reminder comes on its day. A plan already ended gets none.
 */
export function dueReminder(end: Date, now: Date): DueReminder | null {
  if (end.getTime() <= now.getTime()) return null;
  const daysLeft = indiaDaysUntil(end, now);
  const kind = PLAN_END_REMINDER_KINDS.find(
    (candidate) => PLAN_END_REMINDER_DAYS_BEFORE[candidate] === daysLeft,
  );
  return kind && now >= reminderDueAt(kind, end) ? { kind, daysLeft } : null;
}
