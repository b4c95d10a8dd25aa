import { viewingRows } from './analytics-table';
import { viewingChart, type ChartColours } from './chart-configs';

const colours: ChartColours = { accent: '#e50914', muted: '#999', grid: '#333', series: ['#1', '#2', '#3'] };

describe('the viewing chart (analytics page and dashboard)', () => {
  const days = [
    { day: '2026-11-25', plays: 4, watchSeconds: 7200 },
    { day: '2026-11-26', plays: 0, watchSeconds: 0 },
    { day: '2026-11-27', plays: 2, watchSeconds: 1260 },
  ];

  it('draws a bar of plays and a point of watch hours (one decimal) for each day, in order', () => {
    const chart = viewingChart(viewingRows(days), colours);
    expect(chart.data.labels).toEqual(['25 Nov', '26 Nov', '27 Nov']);
    const [plays, hours] = chart.data.datasets;
    expect(plays).toMatchObject({ type: 'bar', label: 'Plays', data: [4, 0, 2] });
    expect(hours).toMatchObject({ type: 'line', label: 'Watch time (hours)', data: [2, 0, 0.4] });
    // Hours on an axis of their own, so a day's few hours are not flattened by its many plays.
    expect(hours.yAxisID).toBe('hours');
  });

  it('carries only viewing in the dashboard’s rows: the other figures are not there, not zero', () => {
    expect(viewingRows(days)[0]).toEqual({
      day: '2026-11-25',
      plays: 4,
      watchHours: 2,
      newViewers: null,
      revenue: null,
      payments: null,
      active: null,
    });
    expect(viewingRows([])).toEqual([]);
  });
});
