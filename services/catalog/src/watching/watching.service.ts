import { Injectable } from '@nestjs/common';
import {
  Events,
  indiaDayOf,
  type ContinueWatching,
  type PlayStarted,
  type SaveWatchRequest,
  type TitleFinished,
  type WatchPosition,
  type WatchPositionRequest,
  type WatchTimeRecorded,
} from '@chitram/contracts';
import { Outbox, type EmitEvent, type OutboxTransactionOptions } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { toMovie } from '../titles/movie.view';
import { isFinished, knownDuration, watchIncrement } from './watch-rules';
import { WatchingRepository, type ProgressRow } from './watching.repository';

const RAIL_LENGTH = 20;
/**
 * A report comes every few seconds while a title plays: its commit does not wait for the disk (D12). A
 * crash of the database loses at most the last fraction of a second of reports, each whole with its
 * events; the next report writes the place again.
 */
const PROGRESS_COMMIT: OutboxTransactionOptions = { synchronousCommit: false };

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
 * and the plays and watch time that analytics counts (DECISIONS D12) and the finishes the picked rows
 * count (issue 22), announced from the outbox in the same transaction.
 */
@Injectable()
export class WatchingService {
  constructor(
    private readonly progress: WatchingRepository,
    private readonly outbox: Outbox,
  ) {}

  save(report: SaveWatchRequest): Promise<WatchPosition> {
    return this.outbox.transaction((manager, emit) => this.write(manager, emit, report), PROGRESS_COMMIT);
  }

  private async write(
    manager: EntityManager,
    emit: EmitEvent,
    report: SaveWatchRequest,
  ): Promise<WatchPosition> {
    // The position is the profile's (D37; the first profile's id is the viewer's), plays and watch time the account's.
    const key = { viewerId: report.profileId ?? report.viewerId, kind: report.kind, titleId: report.titleId };
    const now = new Date();
    const previous = await this.progress.lockedProgress(manager, key);
    const durationSeconds = knownDuration(
      report.durationSeconds,
      previous?.duration_seconds ?? null,
      await this.progress.videoDuration(manager, key),
    );
    const { newPlay, seconds } = watchIncrement(
      previous ? { positionSeconds: previous.position_seconds, at: new Date(previous.updated_at) } : null,
      report.positionSeconds,
      now,
    );
    const finished = isFinished(report.positionSeconds, durationSeconds);
    const row = await this.progress.save(manager, {
      ...key,
      positionSeconds: report.positionSeconds,
      durationSeconds,
      finished,
      at: now,
    });
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
    // Into its end credits for the first time since it was last started: a finish (the picked rows).
    if (finished && !previous?.finished)
      await emit(Events.titleFinished, {
        profileId: key.viewerId,
        kind: report.kind,
        titleId: report.titleId,
        at: now.toISOString(),
      } satisfies TitleFinished);
    return toPosition(row);
  }

  async position(request: WatchPositionRequest): Promise<WatchPosition | null> {
    const row = await this.progress.unfinished(request);
    return row ? toPosition(row) : null;
  }

  /** The viewer's unfinished movies, latest first, with the movies as the catalogue shows them. */
  async continueWatching(viewerId: string): Promise<ContinueWatching[]> {
    const rows = await this.progress.startedMovies(viewerId, RAIL_LENGTH);
    return rows.map((row) => ({ ...toPosition(row), movie: toMovie(row) }));
  }
}
