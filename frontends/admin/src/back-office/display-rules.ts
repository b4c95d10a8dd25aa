import type { SubscriptionChangeKind, ViewerPlan, WatchHistoryEntry } from './types';

// How the back office words its figures: dates in India, numbers in the Indian grouping, plans and
// their validity, how far a title was watched.

const DATE = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
const COUNT = new Intl.NumberFormat('en-IN');

function valid(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '22 Nov 2026', in India. */
export function formatDate(iso: string | null | undefined): string {
  const date = valid(iso);
  return date ? DATE.format(date) : 'N/A';
}

/** '22 Nov 2026, 7:45 pm', in India. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = valid(iso);
  return date ? DATE_TIME.format(date) : 'N/A';
}

/** 123456 → '1,23,456'. */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** '1 viewer', '2 viewers'. */
export function counted(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}

export interface PlanSummary {
  name: string;
  validity: string;
  tone: 'active' | 'expired' | 'free' | 'unknown';
}

/** A viewer's plan in a table cell: running till a date, run out on one, none (Free), or not known now. */
export function planSummary(plan: ViewerPlan | null, known = true): PlanSummary {
  if (!known) return { name: 'Unavailable', validity: '—', tone: 'unknown' };
  if (!plan) return { name: 'Free', validity: 'N/A', tone: 'free' };
  return plan.active
    ? { name: plan.planName, validity: `Till ${formatDate(plan.validTill)}`, tone: 'active' }
    : { name: plan.planName, validity: `Expired ${formatDate(plan.validTill)}`, tone: 'expired' };
}

export const CHANGE_LABELS: Record<SubscriptionChangeKind, string> = {
  activated: 'Started',
  extended: 'Extended',
  replaced: 'Replaced the earlier plan',
  queued: 'Queued after the plan held',
};

/** How much of a title was watched, 0–100; a finished one is 100. */
export function watchedPercent(
  entry: Pick<WatchHistoryEntry, 'positionSeconds' | 'durationSeconds' | 'finished'>,
): number {
  if (entry.finished) return 100;
  if (entry.durationSeconds <= 0) return 0;
  return Math.min(100, Math.round((entry.positionSeconds / entry.durationSeconds) * 100));
}

/** 3725 → '1:02:05', 65 → '1:05'. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Watch time on the dashboard: '0 min', '42 min', '3 h 20 min'; from 100 hours, whole hours ('1,234 h'). */
export function formatWatchTime(totalSeconds: number): string {
  const minutes = Math.round(Math.max(0, totalSeconds) / 60);
  const hours = Math.floor(minutes / 60);
  if (hours >= 100) return `${formatCount(Math.round(minutes / 60))} h`;
  if (hours === 0) return `${minutes} min`;
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/**
 * Where a viewer is in a title, in the watch history: '25% · 0:16 of 1:05', or only '0:16 in' while the
 * title's length is not known (never 'of 0:00').
 */
export function watchedText(
  entry: Pick<WatchHistoryEntry, 'positionSeconds' | 'durationSeconds' | 'finished'>,
): string {
  if (entry.finished) return 'Finished';
  if (entry.durationSeconds <= 0) return `${formatClock(entry.positionSeconds)} in`;
  return `${watchedPercent(entry)}% · ${formatClock(entry.positionSeconds)} of ${formatClock(entry.durationSeconds)}`;
}
