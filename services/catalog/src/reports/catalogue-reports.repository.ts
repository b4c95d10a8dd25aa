import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Video states still on their way to playable (uploading is left out: an abandoned upload sits there). */
const IN_PROGRESS = `('queued', 'transcoding')`;

export interface TitleCountsRow {
  movies: number;
  series: number;
  episodes: number;
  transcoding: number;
  failed: number;
}

export interface WatchHistoryRow {
  kind: 'movie' | 'episode';
  title_id: string;
  title: string | null;
  position_seconds: number;
  duration_seconds: number;
  finished: boolean;
  updated_at: Date;
}

/** Every SQL statement of the catalogue's back-office reports (DECISIONS D13); CatalogueReports shapes the answers. */
@Injectable()
export class CatalogueReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** How many titles of each kind, and how many videos are on their way or failed. */
  async titleCounts(): Promise<TitleCountsRow> {
    const [row]: TitleCountsRow[] = await this.dataSource.query(
      `WITH videos AS (SELECT "video_state" FROM "movie" UNION ALL SELECT "video_state" FROM "episode")
       SELECT (SELECT count(*) FROM "movie")::int AS "movies",
              (SELECT count(*) FROM "series")::int AS "series",
              (SELECT count(*) FROM "episode")::int AS "episodes",
              (SELECT count(*) FROM videos WHERE "video_state" IN ${IN_PROGRESS})::int AS "transcoding",
              (SELECT count(*) FROM videos WHERE "video_state" = 'failed')::int AS "failed"`,
    );
    return row;
  }

  /** The viewer's places in titles, last watched first, named as the catalogue holds them now. */
  watchHistory(viewerId: string, limit: number): Promise<WatchHistoryRow[]> {
    return this.dataSource.query(
      // A place saved before its title's length was known is told against the video's length, if known now.
      `SELECT w."kind", w."title_id", coalesce(m."title", e."title") AS "title", w."position_seconds",
              CASE WHEN w."duration_seconds" > 0 THEN w."duration_seconds"
                   ELSE floor(coalesce(m."video_duration_seconds", e."video_duration_seconds", 0)) END AS "duration_seconds",
              w."finished", w."updated_at"
         FROM "watch_progress" w
         LEFT JOIN "movie" m ON w."kind" = 'movie' AND m."id" = w."title_id"
         LEFT JOIN "episode" e ON w."kind" = 'episode' AND e."id" = w."title_id"
        WHERE w."viewer_id" = $1
        ORDER BY w."updated_at" DESC LIMIT $2`,
      [viewerId, limit],
    );
  }
}
