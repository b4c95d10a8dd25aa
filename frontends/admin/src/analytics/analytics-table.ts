import { PLANS, type AdminAnalytics, type DailyViewing, type PlanKey, type TitleViewing } from './types';

// The numbers the analytics page draws, as rows: the charts, the table under them and the CSV export all
// read them from here, so what is exported is what is shown.

/** Watch time is shown in hours with one decimal. */
export function watchHours(seconds: number): number {
  return Math.round(seconds / 360) / 10;
}

/** Revenue is shown in rupees, paise as decimals. */
export function rupees(paise: number): number {
  return Math.round(paise) / 100;
}

export const PLAN_NAMES: Record<string, string> = {
  ...Object.fromEntries(PLANS.map((plan) => [plan.planKey, plan.plan])),
  none: 'No plan',
};

export interface DailyRow {
  day: string;
  plays: number | null;
  watchHours: number | null;
  newViewers: number | null;
  revenue: number | null;
  payments: number | null;
  /** Null when billing did not answer. */
  active: Record<PlanKey, number> | null;
}

/** One row per day of the period; a part that did not answer leaves its cells null. */
export function dailyRows(data: AdminAnalytics): DailyRow[] {
  const viewing = data.viewing.available ? new Map(data.viewing.days.map((d) => [d.day, d])) : null;
  const signUps = data.signUps.available ? new Map(data.signUps.days.map((d) => [d.day, d])) : null;
  const billing = data.billing.available ? new Map(data.billing.days.map((d) => [d.day, d])) : null;
  const days = [
    ...new Set([...(viewing?.keys() ?? []), ...(signUps?.keys() ?? []), ...(billing?.keys() ?? [])]),
  ].sort();
  return days.map((day) => {
    const watched = viewing?.get(day);
    const paid = billing?.get(day);
    return {
      day,
      plays: viewing ? (watched?.plays ?? 0) : null,
      watchHours: viewing ? watchHours(watched?.watchSeconds ?? 0) : null,
      newViewers: signUps ? (signUps.get(day)?.newViewers ?? 0) : null,
      revenue: billing ? rupees(paid?.revenue ?? 0) : null,
      payments: billing ? (paid?.payments ?? 0) : null,
      active: billing && paid ? paid.activeSubscriptions : null,
    };
  });
}

/** Rows of viewing alone (the dashboard's chart): the other figures are not part of them, so null. */
export function viewingRows(days: DailyViewing[]): DailyRow[] {
  return days.map((d) => ({
    day: d.day,
    plays: d.plays,
    watchHours: watchHours(d.watchSeconds),
    newViewers: null,
    revenue: null,
    payments: null,
    active: null,
  }));
}

export interface PeriodTotals {
  plays: number | null;
  watchHours: number | null;
  newViewers: number | null;
  revenue: number | null;
  /** Running subscriptions at the end of the period's last day. */
  activeAtEnd: number | null;
}

export function periodTotals(rows: DailyRow[]): PeriodTotals {
  const sum = (pick: (row: DailyRow) => number | null) =>
    rows.length && pick(rows[0]) !== null ? rows.reduce((total, row) => total + (pick(row) ?? 0), 0) : null;
  const last = rows.at(-1)?.active;
  return {
    plays: sum((r) => r.plays),
    watchHours:
      sum((r) => r.watchHours) === null ? null : Math.round((sum((r) => r.watchHours) ?? 0) * 10) / 10,
    newViewers: sum((r) => r.newViewers),
    revenue: sum((r) => r.revenue) === null ? null : Math.round((sum((r) => r.revenue) ?? 0) * 100) / 100,
    activeAtEnd: last ? Object.values(last).reduce((a, b) => a + b, 0) : null,
  };
}

const PLAN_COLUMNS = PLANS.map((plan) => ({ key: plan.planKey, label: `Active ${plan.plan}` }));

/** The daily table's columns, in the order the page and the CSV show them. */
export const DAILY_COLUMNS = [
  'Day',
  'Plays',
  'Watch time (hours)',
  'New viewers',
  'Revenue (₹)',
  'Payments',
  ...PLAN_COLUMNS.map((c) => c.label),
];

/** A daily row as cells; a part that did not answer shows as empty cells. */
export function dailyCells(row: DailyRow): Array<string | number> {
  const cell = (value: number | null) => (value === null ? '' : value);
  return [
    row.day,
    cell(row.plays),
    cell(row.watchHours),
    cell(row.newViewers),
    cell(row.revenue),
    cell(row.payments),
    ...PLAN_COLUMNS.map((c) => (row.active ? row.active[c.key] : '')),
  ];
}

function csvValue(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLines(rows: Array<Array<string | number>>): string[] {
  return rows.map((row) => row.map(csvValue).join(','));
}

function titleCells(title: TitleViewing): Array<string | number> {
  return [
    title.title ?? '(deleted)',
    title.kind === 'movie' ? 'Movie' : 'Show',
    title.language ?? '',
    title.plays,
    watchHours(title.watchSeconds),
  ];
}

/** Everything the page shows, as CSV: the daily series, the breakdowns and the top titles. */
export function analyticsCsv(data: AdminAnalytics): string {
  const lines = [
    `Chitram analytics,${data.period.from},${data.period.to}`,
    '',
    ...csvLines([DAILY_COLUMNS, ...dailyRows(data).map(dailyCells)]),
  ];
  if (data.viewing.available) {
    const viewing = data.viewing;
    lines.push(
      '',
      ...csvLines([
        ['Plan', 'Plays', 'Watch time (hours)'],
        ...viewing.byPlan.map((p) => [
          PLAN_NAMES[p.planKey] ?? p.planKey,
          p.plays,
          watchHours(p.watchSeconds),
        ]),
      ]),
      '',
      ...csvLines([
        ['Language', 'Plays', 'Watch time (hours)'],
        ...viewing.byLanguage.map((l) => [l.language ?? 'No language', l.plays, watchHours(l.watchSeconds)]),
      ]),
    );
    const filters = [data.filters.language, data.filters.plan && PLAN_NAMES[data.filters.plan]]
      .filter(Boolean)
      .join(', ');
    for (const [label, list] of [
      ['Top titles by plays', viewing.topTitles.byPlays],
      ['Top titles by watch time', viewing.topTitles.byWatchTime],
    ] as const) {
      lines.push(
        '',
        ...csvLines([
          [filters ? `${label} (${filters})` : label],
          ['Title', 'Kind', 'Language', 'Plays', 'Watch time (hours)'],
          ...list.map(titleCells),
        ]),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The CSV's file name: the period it covers. */
export function csvFileName(data: AdminAnalytics): string {
  return `chitram-analytics-${data.period.from}-to-${data.period.to}.csv`;
}
