import type { ChartConfiguration } from 'chart.js';
import { PLAN_NAMES, type DailyRow } from './analytics-table';
import { PLAN_KEYS, type LanguageViewing, type PlanViewing } from './types';

/** The page's colours, read from the shell's tokens so the charts follow the theme. */
export interface ChartColours {
  accent: string;
  muted: string;
  grid: string;
  series: string[];
}

export function chartColours(root: Element = document.documentElement): ChartColours {
  const style = getComputedStyle(root);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    accent: token('--accent', '#e50914'),
    muted: token('--text-muted', '#9aa0a6'),
    grid: token('--border', 'rgba(255,255,255,0.12)'),
    series: ['#4e9af1', '#f5a524', '#17c964', '#c084fc', '#f31260'],
  };
}

/** '23 Nov' for a day of the period. */
function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

function axes(colours: ChartColours) {
  const common = { grid: { color: colours.grid }, ticks: { color: colours.muted } };
  return {
    x: { ...common, ticks: { ...common.ticks, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 } },
    y: { ...common, beginAtZero: true },
  };
}

const base = (colours: ChartColours) => ({
  responsive: true,
  maintainAspectRatio: false,
  animation: false as const,
  interaction: { mode: 'index' as const, intersect: false },
  plugins: { legend: { labels: { color: colours.muted, boxWidth: 12 } } },
});

/** A bar per day of one figure. */
export function dailyBars(
  rows: DailyRow[],
  label: string,
  pick: (row: DailyRow) => number | null,
  colour: string,
  colours: ChartColours,
): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: rows.map((r) => shortDay(r.day)),
      datasets: [{ label, data: rows.map((r) => pick(r) ?? 0), backgroundColor: colour, borderRadius: 3 }],
    },
    options: { ...base(colours), scales: axes(colours) },
  };
}

/** Plays per day as bars, watch hours as a line on its own axis. */
export function viewingChart(rows: DailyRow[], colours: ChartColours): ChartConfiguration<'bar' | 'line'> {
  const { x, y } = axes(colours);
  return {
    type: 'bar',
    data: {
      labels: rows.map((r) => shortDay(r.day)),
      datasets: [
        {
          type: 'bar',
          label: 'Plays',
          data: rows.map((r) => r.plays ?? 0),
          backgroundColor: colours.series[0],
          yAxisID: 'y',
          borderRadius: 3,
        },
        {
          type: 'line',
          label: 'Watch time (hours)',
          data: rows.map((r) => r.watchHours ?? 0),
          borderColor: colours.series[1],
          backgroundColor: colours.series[1],
          pointRadius: 0,
          tension: 0.25,
          yAxisID: 'hours',
        },
      ],
    },
    options: {
      ...base(colours),
      scales: { x, y, hours: { ...y, position: 'right', grid: { drawOnChartArea: false } } },
    },
  };
}

/** Running subscriptions per plan, day by day. */
export function subscriptionsChart(rows: DailyRow[], colours: ChartColours): ChartConfiguration<'line'> {
  return {
    type: 'line',
    data: {
      labels: rows.map((r) => shortDay(r.day)),
      datasets: PLAN_KEYS.map((plan, i) => ({
        label: PLAN_NAMES[plan],
        data: rows.map((r) => r.active?.[plan] ?? 0),
        borderColor: colours.series[i],
        backgroundColor: colours.series[i],
        pointRadius: 0,
        tension: 0.2,
      })),
    },
    options: { ...base(colours), scales: axes(colours) },
  };
}

/** Plays of the period per plan or per language, as horizontal bars. */
export function breakdownChart<T extends PlanViewing | LanguageViewing>(
  items: T[],
  labelOf: (item: T) => string,
  colours: ChartColours,
): ChartConfiguration<'bar'> {
  const sorted = [...items].sort((a, b) => b.plays - a.plays);
  return {
    type: 'bar',
    data: {
      labels: sorted.map(labelOf),
      datasets: [
        {
          label: 'Plays',
          data: sorted.map((i) => i.plays),
          backgroundColor: colours.series[3],
          borderRadius: 3,
        },
      ],
    },
    options: {
      ...base(colours),
      indexAxis: 'y',
      scales: axes(colours),
      plugins: { legend: { display: false } },
    },
  };
}
