import { Injectable } from '@nestjs/common';
import {
  addDays,
  DASHBOARD_VIEWING_DAYS,
  indiaDayOf,
  WATCH_HISTORY_LIMIT,
  type CatalogueFigures,
  type WatchHistoryEntry,
} from '@chitram/contracts';
import { ViewingReportRepository } from '../analytics/viewing-report.repository';
import { CatalogueReportsRepository } from './catalogue-reports.repository';
import { dashboardViewing } from './dashboard-viewing';

/**
 * The catalogue's parts of the back office (DECISIONS D13): title counts, plays and watch time of today
 * and the last 30 days (India's days, from the aggregates analytics reads), and what a viewer watched.
 */
@Injectable()
export class CatalogueReports {
  constructor(
    private readonly reports: CatalogueReportsRepository,
    private readonly viewingReport: ViewingReportRepository,
  ) {}

  async figures(now = new Date()): Promise<CatalogueFigures> {
    const today = indiaDayOf(now);
    const [titles, watched] = await Promise.all([
      this.titleCounts(),
      this.viewingReport.days(addDays(today, 1 - DASHBOARD_VIEWING_DAYS), today),
    ]);
    return { ...titles, viewing: dashboardViewing(today, watched) };
  }

  private async titleCounts(): Promise<Omit<CatalogueFigures, 'viewing'>> {
    const row = await this.reports.titleCounts();
    return {
      movies: row.movies,
      series: row.series,
      episodes: row.episodes,
      videos: { transcoding: row.transcoding, failed: row.failed },
    };
  }

  /** The viewer's titles, last watched first, named as the catalogue holds them now. */
  async watchHistory(viewerId: string): Promise<WatchHistoryEntry[]> {
    const rows = await this.reports.watchHistory(viewerId, WATCH_HISTORY_LIMIT);
    return rows.map((r) => ({
      kind: r.kind,
      titleId: r.title_id,
      title: r.title,
      positionSeconds: r.position_seconds,
      durationSeconds: r.duration_seconds,
      finished: r.finished,
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }
}
