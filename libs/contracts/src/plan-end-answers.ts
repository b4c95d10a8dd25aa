import type { PlanKey } from './plans';
import { indiaDayOf } from './india-time';

/**
 * Reminders before a plan runs out (D40): plans never renew by themselves (D17), so the viewer is told
 * 3 days and 1 day before the end and on the day it ends, by SMS and by the header's banner.
 */

/** The reminders of one plan end, most distant first: each is sent at most once per end. */
export const PLAN_END_REMINDER_KINDS = ['3-days', '1-day', 'day-of'] as const;
export type PlanEndReminderKind = (typeof PLAN_END_REMINDER_KINDS)[number];

/** Calendar days in India before each reminder's day (D40): "3 days before" is three Indian days. */
export const PLAN_END_REMINDER_DAYS_BEFORE: Record<PlanEndReminderKind, number> = {
  '3-days': 3,
  '1-day': 1,
  'day-of': 0,
};

/** The banner shows from this many Indian calendar days before the end. */
export const PLAN_END_BANNER_DAYS = PLAN_END_REMINDER_DAYS_BEFORE['3-days'];

const DAY_MS = 86_400_000;

/**
 * Indian calendar days from `now` to `end`: 0 on the day it ends (whatever the hour), 1 the day before.
 * A plan ending at 00:30 IST on 30 November ends "in 1 day" all through 29 November.
 */
export function indiaDaysUntil(end: Date, now: Date): number {
  return Math.round((Date.parse(indiaDayOf(end)) - Date.parse(indiaDayOf(now))) / DAY_MS);
}

/**
 * `GET /api/user/plan-ending`: the end of the time the viewer holds (a queued plan's end when one
 * follows, D38), when it falls within the banner's days; null otherwise.
 */
export interface PlanEnding {
  planKey: PlanKey;
  planName: string;
  /** ISO. */
  endsAt: string;
  /** Indian calendar days left (indiaDaysUntil): 0 on the last day. */
  daysLeft: number;
}

export interface PlanEndingAnswer {
  planEnding: PlanEnding | null;
}

/** `GET /api/user/reminders`: whether plan-end reminders come by SMS (D40); on until turned off. */
export interface ReminderSettings {
  smsReminders: boolean;
}

/** Events.planEndReminderDue: billing claimed one reminder of one plan end; users sends it (D40). */
export interface PlanEndReminderDue {
  viewerId: string;
  planKey: PlanKey;
  planName: string;
  kind: PlanEndReminderKind;
  /** ISO: the end of the time held. */
  endsAt: string;
  /** Indian calendar days left when it was claimed. */
  daysLeft: number;
}
