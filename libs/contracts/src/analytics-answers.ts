import type { ServicePart } from './admin-answers';
import type { Language } from './catalog-lists';
import type { PlanKey } from './plans';

// Analytics (SPEC §2.13, DECISIONS D12): what each service answers from its per-day aggregates and what
// the gateway answers admins. Types, constants and pure day arithmetic only, so the front ends import
// this module by sub-path.

/** The ranges the page offers, in days ending today (India's day). */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRangeDays = (typeof ANALYTICS_RANGES)[number];
/** The range asked when none is named. */
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRangeDays = 30;
/** The longest custom range, in days. */
export const MAX_ANALYTICS_DAYS = 366;
/** Titles in each top list. */
export const TOP_TITLES_LIMIT = 10;
/** Plays and watch time of a viewer without a running plan (or a visitor) are counted under this key. */
export const NO_PLAN = 'none';
export type PlanOrNone = PlanKey | typeof NO_PLAN;
/** A day in India, `YYYY-MM-DD`. */
export const INDIA_DAY = /^\d{4}-\d{2}-\d{2}$/;

const DAY_MS = 86_400_000;
export { indiaDayOf } from './india-time';

/** `day` moved by `days` (negative for earlier). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether `day` is a real calendar day written as `YYYY-MM-DD`. */
export function isIndiaDay(day: string): boolean {
  if (!INDIA_DAY.test(day)) return false;
  const parsed = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(day);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A period of whole days in India, both ends included. */
export interface AnalyticsPeriodView {
  from: string;
  to: string;
}

// ---- The catalogue's part: plays and watch time (from playback's events) ----

export interface DailyViewing {
  day: string;
  plays: number;
  watchSeconds: number;
}

export interface PlanViewing {
  planKey: PlanOrNone;
  plays: number;
  watchSeconds: number;
}

export interface LanguageViewing {
  /** Null for a show (episode) outside any series, which has no language of its own. */
  language: Language | null;
  plays: number;
  watchSeconds: number;
}

export interface TitleViewing {
  kind: 'movie' | 'episode';
  titleId: string;
  /** Null when the title has been deleted since. */
  title: string | null;
  language: Language | null;
  plays: number;
  watchSeconds: number;
}

export interface ViewingAnalytics {
  /** Every day of the period, oldest first, zeros included. */
  days: DailyViewing[];
  byPlan: PlanViewing[];
  byLanguage: LanguageViewing[];
  /** The top titles of the period, narrowed by the language and plan asked (if any). */
  topTitles: { byPlays: TitleViewing[]; byWatchTime: TitleViewing[] };
}

// ---- The users service's part: sign-ups (from users' events) ----

export interface DailySignUps {
  day: string;
  newViewers: number;
}

export interface SignUpAnalytics {
  days: DailySignUps[];
}

// ---- Billing's part: revenue and subscriptions (from billing's events) ----

export interface DailyBilling {
  day: string;
  /** Paise captured and kept that day (a payment owed back is not revenue). */
  revenue: number;
  payments: number;
  /** Plans paid for and running at the end of the day, per plan (every plan listed). */
  activeSubscriptions: Record<PlanKey, number>;
}

export interface BillingAnalytics {
  days: DailyBilling[];
  /** The plans in the plan table's order, for legends. */
  plans: Array<{ planKey: PlanKey; planName: string }>;
}

/** Billing's revenue of a period: the pool that content partners' shares come from. */
export interface PeriodRevenue {
  revenue: number;
  payments: number;
}

// ---- What the gateway answers ----

export interface AdminAnalytics {
  period: AnalyticsPeriodView;
  /** The filters the top titles were narrowed by. */
  filters: { language: Language | null; plan: PlanOrNone | null };
  viewing: ServicePart<ViewingAnalytics>;
  signUps: ServicePart<SignUpAnalytics>;
  billing: ServicePart<BillingAnalytics>;
  /** When the figures were gathered. */
  at: string;
}

/** `GET /api/admin/analytics?range=|from=&to=&language=&plan=`: the dashboard's envelope. */
export interface AdminAnalyticsAnswer {
  data: AdminAnalytics;
  success: true;
  message: string;
}

/** What a rebuild of one service's aggregates did. */
export interface AnalyticsRebuilt {
  /** Facts read. */
  facts: number;
  /** Aggregate rows written. */
  rows: number;
  tookMs: number;
}

/** Where a rebuild job is: waiting for a worker, at work, finished, or given up. */
export const ANALYTICS_REBUILD_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type AnalyticsRebuildState = (typeof ANALYTICS_REBUILD_STATES)[number];

/**
 * A rebuild of one service's aggregates from its stored facts, run as a job (ARCHITECTURE rule 10): one
 * at a time per service, however many instances it runs, its progress readable from any of them.
 */
export interface AnalyticsRebuildJob {
  id: string;
  state: AnalyticsRebuildState;
  /** The admin who asked for it; null when an operator's tool did. */
  requestedBy: string | null;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The step at work (or the last one reached), e.g. 'viewing_title_day'. */
  step: string | null;
  stepsDone: number;
  stepsTotal: number;
  /** What the rebuild did, once done. */
  result: AnalyticsRebuilt | null;
  /** Why it failed, once failed. */
  error: string | null;
}

/** A service's answer about its rebuild: the job asked about, or its latest; null when there is none. */
export interface AnalyticsRebuildStatus {
  job: AnalyticsRebuildJob | null;
}

/** `POST|GET /api/admin/analytics/rebuild`: each service's rebuild job. */
export interface AdminAnalyticsRebuildAnswer {
  data: {
    users: ServicePart<AnalyticsRebuildStatus>;
    billing: ServicePart<AnalyticsRebuildStatus>;
    catalog: ServicePart<AnalyticsRebuildStatus>;
  };
  success: true;
  message: string;
}

export const AnalyticsMessages = {
  loaded: 'Analytics loaded.',
  someUnavailable: (parts: string[]) => `Some figures are unavailable just now: ${parts.join(', ')}.`,
  badRange: 'Choose a range of 7, 30 or 90 days, or a start and end day (YYYY-MM-DD) up to a year apart.',
  rebuildRequested: 'Rebuilding the aggregates from the stored facts.',
  rebuildStatus: 'The latest rebuild of the aggregates.',
} as const;
