import {
  analyticsCsv,
  csvFileName,
  dailyCells,
  dailyRows,
  periodTotals,
  watchHours,
} from './analytics-table';
import type { AdminAnalytics } from './types';

const active = (basic: number, gold: number) => ({ basic, standard: 0, premium: 0, gold });

const data: AdminAnalytics = {
  period: { from: '2026-11-21', to: '2026-11-22' },
  filters: { language: 'Tamil', plan: null },
  at: '2026-11-22T10:00:00Z',
  viewing: {
    available: true,
    days: [
      { day: '2026-11-21', plays: 3, watchSeconds: 5400 },
      { day: '2026-11-22', plays: 1, watchSeconds: 1800 },
    ],
    byPlan: [{ planKey: 'gold', plays: 4, watchSeconds: 7200 }],
    byLanguage: [{ language: 'Tamil', plays: 4, watchSeconds: 7200 }],
    topTitles: {
      byPlays: [
        {
          kind: 'movie',
          titleId: 't',
          title: 'Kaveri, the river',
          language: 'Tamil',
          plays: 4,
          watchSeconds: 7200,
        },
      ],
      byWatchTime: [],
    },
  },
  signUps: {
    available: true,
    days: [
      { day: '2026-11-21', newViewers: 2 },
      { day: '2026-11-22', newViewers: 0 },
    ],
  },
  billing: {
    available: true,
    plans: [],
    days: [
      { day: '2026-11-21', revenue: 9900, payments: 1, activeSubscriptions: active(1, 0) },
      { day: '2026-11-22', revenue: 120000, payments: 1, activeSubscriptions: active(1, 1) },
    ],
  },
};

describe('the numbers the analytics page draws and exports', () => {
  it('puts every part of a day in one row, watch time in hours and revenue in rupees', () => {
    expect(dailyRows(data)).toEqual([
      {
        day: '2026-11-21',
        plays: 3,
        watchHours: 1.5,
        newViewers: 2,
        revenue: 99,
        payments: 1,
        active: active(1, 0),
      },
      {
        day: '2026-11-22',
        plays: 1,
        watchHours: 0.5,
        newViewers: 0,
        revenue: 1200,
        payments: 1,
        active: active(1, 1),
      },
    ]);
    expect(periodTotals(dailyRows(data))).toEqual({
      plays: 4,
      watchHours: 2,
      newViewers: 2,
      revenue: 1299,
      activeAtEnd: 2,
    });
    expect(watchHours(3725)).toBe(1);
  });

  it('writes the same cells into the CSV as the table shows, quoting what needs it', () => {
    const csv = analyticsCsv(data);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Chitram analytics,2026-11-21,2026-11-22');
    for (const row of dailyRows(data)) expect(lines).toContain(dailyCells(row).join(','));
    expect(lines).toContain('Top titles by plays (Tamil)');
    expect(lines).toContain('"Kaveri, the river",Movie,Tamil,4,2');
    expect(csvFileName(data)).toBe('chitram-analytics-2026-11-21-to-2026-11-22.csv');
  });

  it('leaves the cells of a part that did not answer empty, and says nothing of its breakdowns', () => {
    const partial: AdminAnalytics = { ...data, billing: { available: false }, viewing: { available: false } };
    const rows = dailyRows(partial);
    expect(dailyCells(rows[0])).toEqual(['2026-11-21', '', '', 2, '', '', '', '', '', '']);
    expect(periodTotals(rows)).toMatchObject({
      plays: null,
      revenue: null,
      newViewers: 2,
      activeAtEnd: null,
    });
    expect(analyticsCsv(partial)).not.toContain('Top titles');
  });
});
