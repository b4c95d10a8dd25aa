import {
  ANALYTICS_RANGES,
  addDays,
  isIndiaDay,
  LANGUAGES,
  MAX_ANALYTICS_DAYS,
  NO_PLAN,
  PLAN_KEYS,
  type AnalyticsRangeDays,
  type Language,
  type PlanOrNone,
} from './types';

/** What the analytics page shows: a range ending today or a custom period, and the top titles' filters. */
export interface AnalyticsView {
  range: AnalyticsRangeDays | 'custom';
  from: string;
  to: string;
  language: Language | '';
  plan: PlanOrNone | '';
}

const PLAN_FILTERS: readonly string[] = [...PLAN_KEYS, NO_PLAN];

/** The view a page address asks for; anything it does not understand falls back to the last 30 days. */
export function viewFromSearch(params: URLSearchParams): AnalyticsView {
  const range = Number(params.get('range'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const language = params.get('language') ?? '';
  const plan = params.get('plan') ?? '';
  const custom = isIndiaDay(from) && isIndiaDay(to) && from <= to;
  return {
    range: custom
      ? 'custom'
      : (ANALYTICS_RANGES as readonly number[]).includes(range)
        ? (range as AnalyticsRangeDays)
        : 30,
    from: custom ? from : '',
    to: custom ? to : '',
    language: (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : '',
    plan: PLAN_FILTERS.includes(plan) ? (plan as PlanOrNone) : '',
  };
}

/** The page address of a view (and the API's query string, which takes the same names). */
export function searchOfView(view: AnalyticsView): string {
  const params = new URLSearchParams();
  if (view.range === 'custom') {
    params.set('from', view.from);
    params.set('to', view.to);
  } else params.set('range', String(view.range));
  if (view.language) params.set('language', view.language);
  if (view.plan) params.set('plan', view.plan);
  return params.toString();
}

/** Why a custom period cannot be asked for, or undefined when it can. */
export function customPeriodProblem(from: string, to: string): string | undefined {
  if (!isIndiaDay(from) || !isIndiaDay(to)) return 'Choose a start and an end day.';
  if (from > to) return 'The end day may not be before the start day.';
  if (addDays(from, MAX_ANALYTICS_DAYS - 1) < to) return 'Choose at most a year.';
  return undefined;
}
