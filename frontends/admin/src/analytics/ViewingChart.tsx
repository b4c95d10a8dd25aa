import { useMemo } from 'react';
import { viewingRows } from './analytics-table';
import { ChartCanvas } from './ChartCanvas';
import { chartColours, viewingChart } from './chart-configs';
import type { DailyViewing } from './types';
import './analytics.css';

/**
 * Plays per day as bars and hours watched as a line: the analytics page's viewing chart, for the
 * dashboard's last 30 days. Its own module, so the dashboard loads the charting library only with it.
 */
export function ViewingChart({ days }: { days: DailyViewing[] }) {
  const config = useMemo(() => viewingChart(viewingRows(days), chartColours()), [days]);
  return <ChartCanvas config={config} label="Plays and hours watched per day, the last 30 days" />;
}
