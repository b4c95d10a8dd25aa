import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { MovieEntity } from '../titles/movie.entity';
import { MOVIE_COLUMNS } from '../titles/movie.view';

/** One viewer's place in one title (table watch_progress). */
export interface ProgressRow {
  kind: 'movie' | 'episode';
  title_id: string;
  position_seconds: number;
  duration_seconds: number;
  /** Watched into its end credits (it leaves Continue watching). */
  finished: boolean;
  updated_at: Date;
}

/** Which viewer's place in which title. */
export interface ProgressKey {
  viewerId: string;
  kind: 'movie' | 'episode';
  titleId: string;
}

/** A place to keep: where the viewer is, the title's length as known, and whether that is its end. */
export interface ProgressWrite extends ProgressKey {
  positionSeconds: number;
  durationSeconds: number;
  finished: boolean;
  at: Date;
}

/** What WatchingService needs of its storage: the repository below, or an in-memory fake in unit tests. */
export type WatchingStore = Pick<WatchingRepository, keyof WatchingRepository>;

const TITLE_TABLES = { movie: 'movie', episode: 'episode' } as const;

/** Every SQL statement of watch progress (table watch_progress); the rules are WatchingService's. */
@Injectable()
export class WatchingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The viewer's place in the title, locked until the transaction ends; null before the first report. */
  async lockedProgress(manager: EntityManager, key: ProgressKey): Promise<ProgressRow | null> {
    const [row]: ProgressRow[] = await manager.query(
      `SELECT * FROM "watch_progress" WHERE "viewer_id" = $1 AND "kind" = $2 AND "title_id" = $3 FOR UPDATE`,
      [key.viewerId, key.kind, key.titleId],
    );
    return row ?? null;
  }

  /** The length of the title's video as media measured it; null for a title without one (an external link). */
  async videoDuration(manager: EntityManager, key: ProgressKey): Promise<number | null> {
    const [row]: Array<{ seconds: number | null }> = await manager.query(
      `SELECT "video_duration_seconds" AS "seconds" FROM "${TITLE_TABLES[key.kind]}" WHERE "id" = $1`,
      [key.titleId],
    );
    return row?.seconds ?? null;
  }

  async save(manager: EntityManager, place: ProgressWrite): Promise<ProgressRow> {
    const [row]: ProgressRow[] = await manager.query(
      `INSERT INTO "watch_progress" ("viewer_id", "kind", "title_id", "position_seconds", "duration_seconds", "finished", "updated_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("viewer_id", "kind", "title_id") DO UPDATE SET "position_seconds" = EXCLUDED."position_seconds",
         "duration_seconds" = EXCLUDED."duration_seconds", "finished" = EXCLUDED."finished", "updated_at" = EXCLUDED."updated_at"
       RETURNING *`,
      [
        place.viewerId,
        place.kind,
        place.titleId,
        place.positionSeconds,
        place.durationSeconds,
        place.finished,
        place.at,
      ],
    );
    return row;
  }

  /** The viewer's place in the title unless they watched it to the end. */
  async unfinished(key: ProgressKey): Promise<ProgressRow | null> {
    const [row]: ProgressRow[] = await this.dataSource.query(
      `SELECT * FROM "watch_progress" WHERE "viewer_id" = $1 AND "kind" = $2 AND "title_id" = $3 AND NOT "finished"`,
      [key.viewerId, key.kind, key.titleId],
    );
    return row ?? null;
  }

  /** The viewer's started, unfinished movies, latest first, with the movies' columns. */
  startedMovies(viewerId: string, limit: number): Promise<Array<ProgressRow & MovieEntity>> {
    return this.dataSource.query(
      `SELECT w.*, ${MOVIE_COLUMNS} FROM "watch_progress" w JOIN movie m ON m.id = w.title_id
        WHERE w.viewer_id = $1 AND w.kind = 'movie' AND NOT w.finished AND w.position_seconds > 0
        ORDER BY w.updated_at DESC LIMIT $2`,
      [viewerId, limit],
    );
  }

  /** D25: a deleted account's watch data goes with it. */
  async forgetViewer(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query(`DELETE FROM "watch_progress" WHERE "viewer_id" = $1`, [viewerId]);
  }
}
