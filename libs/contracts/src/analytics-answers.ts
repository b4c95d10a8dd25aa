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
/** India keeps one offset all year (no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The day in India of a moment: '2026-11-23'. */
export function indiaDayOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

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

export const AnalyticsMessages = {
  loaded: 'Analytics loaded.',
  someUnavailable: (parts: string[]) => `Some figures are unavailable just now: ${parts.join(', ')}.`,
  badRange: 'Choose a range of 7, 30 or 90 days, or a start and end day (YYYY-MM-DD) up to a year apart.',
} as const;
