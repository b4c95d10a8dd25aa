import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EpisodeEntity } from '../shows/episode.entity';
import { EPISODE_COLUMNS } from '../shows/show.view';
import type { MovieEntity } from '../titles/movie.entity';
import { MOVIE_COLUMNS } from '../titles/movie.view';
import type { ProgressRow } from './watching.repository';

/** A place in the history, with how many the whole history holds. */
export interface HistoryRow extends ProgressRow {
  finished: boolean;
  total: number;
}

/**
 * A title is in a profile's history once the profile watched some of it (a place past 0, or its end)
 * and while the catalogue still has it.
 */
const IN_HISTORY = `(w."position_seconds" > 0 OR w."finished")
  AND (EXISTS (SELECT 1 FROM "movie" m WHERE w."kind" = 'movie' AND m."id" = w."title_id")
    OR EXISTS (SELECT 1 FROM "episode" e WHERE w."kind" = 'episode' AND e."id" = w."title_id"))`;

/**
 * Every SQL statement of watch history (issue 22): the profile's places in titles (table watch_progress,
 * keyed by the profile's id, which for an account's first profile is the viewer's) read newest first,
 * and taken out. The rules are WatchHistory's.
 */
@Injectable()
export class WatchHistoryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of the profile's history, newest first (ties by title, so pages never overlap). */
  page(profileId: string, limit: number, offset: number): Promise<HistoryRow[]> {
    return this.dataSource.query(
      // A place saved before its title's length was known is told against the video's length, if known now.
      `SELECT w."kind", w."title_id", w."position_seconds", w."finished", w."updated_at",
              CASE WHEN w."duration_seconds" > 0 THEN w."duration_seconds"
                   ELSE floor(coalesce((SELECT m."video_duration_seconds" FROM "movie" m WHERE w."kind" = 'movie' AND m."id" = w."title_id"),
                                       (SELECT e."video_duration_seconds" FROM "episode" e WHERE w."kind" = 'episode' AND e."id" = w."title_id"), 0)) END AS "duration_seconds",
              count(*) OVER ()::int AS "total"
         FROM "watch_progress" w
        WHERE w."viewer_id" = $1 AND ${IN_HISTORY}
        ORDER BY w."updated_at" DESC, w."title_id"
        LIMIT $2 OFFSET $3`,
      [profileId, limit, offset],
    );
  }

  /** How many titles the profile's history holds (for a page past the end, which has no rows to tell it). */
  async count(profileId: string): Promise<number> {
    const [{ n }]: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS "n" FROM "watch_progress" w WHERE w."viewer_id" = $1 AND ${IN_HISTORY}`,
      [profileId],
    );
    return n;
  }

  moviesById(ids: string[]): Promise<MovieEntity[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.dataSource.query(`SELECT ${MOVIE_COLUMNS} FROM "movie" m WHERE m."id" = ANY($1::uuid[])`, [
      ids,
    ]);
  }

  episodesById(ids: string[]): Promise<EpisodeEntity[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT ${EPISODE_COLUMNS} FROM "episode" e WHERE e."id" = ANY($1::uuid[])`,
      [ids],
    );
  }

  /** Takes the title out of the profile's history (and its place with it); answers how many rows went. */
  async remove(profileId: string, titleId: string): Promise<number> {
    const [, removed]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM "watch_progress" w WHERE w."viewer_id" = $1 AND w."title_id" = $2 AND (w."position_seconds" > 0 OR w."finished")`,
      [profileId, titleId],
    );
    return removed;
  }

  /** Empties the profile's history; answers how many titles went. */
  async clear(profileId: string): Promise<number> {
    const [, removed]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM "watch_progress" w WHERE w."viewer_id" = $1 AND (w."position_seconds" > 0 OR w."finished")`,
      [profileId],
    );
    return removed;
  }
}
