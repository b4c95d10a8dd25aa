import {
  addDays,
  DASHBOARD_VIEWING_DAYS,
  daysBetween,
  type DailyViewing,
  type DashboardViewing,
} from '@chitram/contracts';

/** Today's and the period's totals, and every day of the period (zeros included), from the days that had plays. */
export function dashboardViewing(today: string, watched: DailyViewing[]): DashboardViewing {
  const from = addDays(today, 1 - DASHBOARD_VIEWING_DAYS);
  const known = new Map(watched.map((d) => [d.day, d]));
  const days = daysBetween(from, today).map((day) => known.get(day) ?? { day, plays: 0, watchSeconds: 0 });
  const sum = (list: DailyViewing[]) => ({
    plays: list.reduce((total, d) => total + d.plays, 0),
    watchSeconds: list.reduce((total, d) => total + d.watchSeconds, 0),
  });
  return { today: sum(days.slice(-1)), last30Days: sum(days), days };
}
