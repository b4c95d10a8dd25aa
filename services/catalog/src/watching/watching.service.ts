import { Injectable } from '@nestjs/common';
import {
  Events,
  indiaDayOf,
  type ContinueWatching,
  type PlayStarted,
  type SaveWatchRequest,
  type WatchPosition,
  type WatchPositionRequest,
  type WatchTimeRecorded,
} from '@chitram/contracts';
import { Outbox } from '@chitram/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { MOVIE_COLUMNS, toMovie } from '../titles/movie.view';
import type { MovieEntity } from '../titles/movie.entity';
import { isFinished, knownDuration, watchIncrement } from './watch-rules';

interface ProgressRow {
  kind: 'movie' | 'episode';
  title_id: string;
  position_seconds: number;
  duration_seconds: number;
  updated_at: Date;
}

const RAIL_LENGTH = 20;
const TITLE_TABLES = { movie: 'movie', episode: 'episode' } as const;

function toPosition(row: ProgressRow): WatchPosition {
  return {
    kind: row.kind,
    titleId: row.title_id,
    positionSeconds: row.position_seconds,
    durationSeconds: row.duration_seconds,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * Continue watching (issue 8): where each viewer is in each title, saved with the player's heartbeats;
 * and the plays and watch time that analytics counts (DECISIONS D12), announced from the outbox in the
 * same transaction.
 */
@Injectable()
export class WatchingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  save(report: SaveWatchRequest): Promise<WatchPosition> {
    return this.outbox.transaction(async (manager, emit) => {
      const now = new Date();
      const [previous]: ProgressRow[] = await manager.query(
        `SELECT * FROM "watch_progress" WHERE "viewer_id" = $1 AND "kind" = $2 AND "title_id" = $3 FOR UPDATE`,
        [report.viewerId, report.kind, report.titleId],
      );
      const durationSeconds = knownDuration(
        report.durationSeconds,
        previous?.duration_seconds ?? null,
        await this.videoDuration(manager, report.kind, report.titleId),
      );
      const { newPlay, seconds } = watchIncrement(
        previous ? { positionSeconds: previous.position_seconds, at: new Date(previous.updated_at) } : null,
        report.positionSeconds,
        now,
      );
      const [row]: ProgressRow[] = await manager.query(
        `INSERT INTO "watch_progress" ("viewer_id", "kind", "title_id", "position_seconds", "duration_seconds", "finished", "updated_at")
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT ("viewer_id", "kind", "title_id") DO UPDATE SET "position_seconds" = EXCLUDED."position_seconds",
           "duration_seconds" = EXCLUDED."duration_seconds", "finished" = EXCLUDED."finished", "updated_at" = EXCLUDED."updated_at"
         RETURNING *`,
        [
          report.viewerId,
          report.kind,
          report.titleId,
          report.positionSeconds,
          durationSeconds,
          isFinished(report.positionSeconds, durationSeconds),
          now,
        ],
      );
      const day = indiaDayOf(now);
      const base = {
        viewerId: report.viewerId,
        kind: report.kind,
        titleId: report.titleId,
        deviceClass: report.deviceClass,
      };
      if (newPlay)
        await emit(Events.playStarted, { ...base, day, at: now.toISOString() } satisfies PlayStarted);
      if (seconds > 0)
        await emit(Events.watchTimeRecorded, { ...base, seconds, day } satisfies WatchTimeRecorded);
      return toPosition(row);
    });
  }

  /** The length of the title's video as media measured it; null for a title without one (an external link). */
  private async videoDuration(
    manager: EntityManager,
    kind: 'movie' | 'episode',
    titleId: string,
  ): Promise<number | null> {
    const [row]: Array<{ seconds: number | null }> = await manager.query(
      `SELECT "video_duration_seconds" AS "seconds" FROM "${TITLE_TABLES[kind]}" WHERE "id" = $1`,
      [titleId],
    );
    return row?.seconds ?? null;
  }

  async position({ viewerId, kind, titleId }: WatchPositionRequest): Promise<WatchPosition | null> {
    const [row]: ProgressRow[] = await this.dataSource.query(
      `SELECT * FROM "watch_progress" WHERE "viewer_id" = $1 AND "kind" = $2 AND "title_id" = $3 AND NOT "finished"`,
      [viewerId, kind, titleId],
    );
    return row ? toPosition(row) : null;
  }

  /** The viewer's unfinished movies, latest first, with the movies as the catalogue shows them. */
  async continueWatching(viewerId: string): Promise<ContinueWatching[]> {
    const rows: Array<ProgressRow & MovieEntity> = await this.dataSource.query(
      `SELECT w.*, ${MOVIE_COLUMNS} FROM "watch_progress" w JOIN movie m ON m.id = w.title_id
        WHERE w.viewer_id = $1 AND w.kind = 'movie' AND NOT w.finished AND w.position_seconds > 0
        ORDER BY w.updated_at DESC LIMIT ${RAIL_LENGTH}`,
      [viewerId],
    );
    return rows.map((row) => ({ ...toPosition(row), movie: toMovie(row) }));
  }
}
