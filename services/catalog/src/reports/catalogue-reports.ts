import { Injectable } from '@nestjs/common';
import {
  addDays,
  DASHBOARD_VIEWING_DAYS,
  indiaDayOf,
  WATCH_HISTORY_LIMIT,
  type CatalogueFigures,
  type WatchHistoryEntry,
} from '@chitram/contracts';
import { DataSource } from 'typeorm';
import { ViewingReportRepository } from '../analytics/viewing-report.repository';
import { dashboardViewing } from './dashboard-viewing';

/** Video states still on their way to playable (uploading is left out: an abandoned upload sits there). */
const IN_PROGRESS = `('queued', 'transcoding')`;

/**
 * The catalogue's parts of the back office (DECISIONS D13): title counts, plays and watch time of today
 * and the last 30 days (India's days, from the aggregates analytics reads), and what a viewer watched.
 */
@Injectable()
export class CatalogueReports {
  constructor(
    private readonly dataSource: DataSource,
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
    const [row]: Array<{
      movies: number;
      series: number;
      episodes: number;
      transcoding: number;
      failed: number;
    }> = await this.dataSource.query(
      `WITH videos AS (SELECT "video_state" FROM "movie" UNION ALL SELECT "video_state" FROM "episode")
       SELECT (SELECT count(*) FROM "movie")::int AS "movies",
              (SELECT count(*) FROM "series")::int AS "series",
              (SELECT count(*) FROM "episode")::int AS "episodes",
              (SELECT count(*) FROM videos WHERE "video_state" IN ${IN_PROGRESS})::int AS "transcoding",
              (SELECT count(*) FROM videos WHERE "video_state" = 'failed')::int AS "failed"`,
    );
    return {
      movies: row.movies,
      series: row.series,
      episodes: row.episodes,
      videos: { transcoding: row.transcoding, failed: row.failed },
    };
  }

  /** The viewer's titles, last watched first, named as the catalogue holds them now. */
  async watchHistory(viewerId: string): Promise<WatchHistoryEntry[]> {
    const rows: Array<{
      kind: 'movie' | 'episode';
      title_id: string;
      title: string | null;
      position_seconds: number;
      duration_seconds: number;
      finished: boolean;
      updated_at: Date;
    }> = await this.dataSource.query(
      // A place saved before its title's length was known is told against the video's length, if known now.
      `SELECT w."kind", w."title_id", coalesce(m."title", e."title") AS "title", w."position_seconds",
              CASE WHEN w."duration_seconds" > 0 THEN w."duration_seconds"
                   ELSE floor(coalesce(m."video_duration_seconds", e."video_duration_seconds", 0)) END AS "duration_seconds",
              w."finished", w."updated_at"
         FROM "watch_progress" w
         LEFT JOIN "movie" m ON w."kind" = 'movie' AND m."id" = w."title_id"
         LEFT JOIN "episode" e ON w."kind" = 'episode' AND e."id" = w."title_id"
        WHERE w."viewer_id" = $1
        ORDER BY w."updated_at" DESC LIMIT ${WATCH_HISTORY_LIMIT}`,
      [viewerId],
    );
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
