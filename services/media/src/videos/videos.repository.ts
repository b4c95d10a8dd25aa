import { Injectable } from '@nestjs/common';
import {
  MARKERS_KEPT_WITHIN_SECONDS,
  type SourceAudioStream,
  type VideoMarkers,
  type VideoOwnerKind,
  type VideoState,
} from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { SegmentKeys } from '../transcoding/segment-keys';

export interface StoredVideo {
  id: string;
  ownerKind: VideoOwnerKind;
  ownerId: string;
  state: VideoState;
  progress: number;
  error: string | null;
  sourceKey: string | null;
  outputPrefix: string | null;
  renditions: number[];
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  hasAudio: boolean | null;
  posterKey: string | null;
  /** Whether the output folder holds the trickplay sheets (D42). */
  hasTrickplay: boolean;
  markers: VideoMarkers;
  /** The keys of its encrypted segments (D35); null: its segments are clear. Never leaves media. */
  keys: SegmentKeys | null;
  /** The source's audio streams as ffprobe listed them (D44); null: not read yet (transcoded before). */
  sourceAudio: SourceAudioStream[] | null;
  createdAt: Date;
  updatedAt: Date;
}

interface VideoRow {
  id: string;
  owner_kind: VideoOwnerKind;
  owner_id: string;
  state: VideoState;
  progress: number;
  error: string | null;
  source_key: string | null;
  output_prefix: string | null;
  renditions: number[];
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  has_audio: boolean | null;
  poster_key: string | null;
  has_trickplay: boolean;
  markers: VideoMarkers;
  hls_keys: Buffer[] | null;
  hls_key_segments: number | null;
  source_audio: SourceAudioStream[] | null;
  created_at: Date;
  updated_at: Date;
}

function toVideo(row: VideoRow): StoredVideo {
  return {
    id: row.id,
    ownerKind: row.owner_kind,
    ownerId: row.owner_id,
    state: row.state,
    progress: row.progress,
    error: row.error,
    sourceKey: row.source_key,
    outputPrefix: row.output_prefix,
    renditions: row.renditions,
    width: row.width,
    height: row.height,
    durationSeconds: row.duration_seconds,
    hasAudio: row.has_audio,
    posterKey: row.poster_key,
    hasTrickplay: row.has_trickplay,
    markers: row.markers,
    keys:
      row.hls_keys?.length && row.hls_key_segments
        ? { keys: row.hls_keys, segmentsPerKey: row.hls_key_segments }
        : null,
    sourceAudio: row.source_audio,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** What a finished transcode made visible. */
export interface TranscodeOutcome {
  outputPrefix: string;
  renditions: number[];
  width: number;
  height: number;
  durationSeconds: number;
  hasAudio: boolean;
  posterKey: string;
  hasTrickplay: boolean;
  keys: SegmentKeys | null;
  /** The source's audio streams (D44). */
  sourceAudio: SourceAudioStream[];
}

/** What other videos still play of a removed video's objects (a copy shares its source's). */
export interface SharedObjects {
  outputPrefixes: string[];
  posterShared: boolean;
}

// TypeORM answers an UPDATE … RETURNING as [rows, count].
type Updated = [VideoRow[], number];

@Injectable()
export class VideosRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(
    manager: EntityManager,
    ownerKind: VideoOwnerKind,
    ownerId: string,
    /** An episode's series (D42, suggested intros). */
    seriesId: string | null = null,
  ): Promise<StoredVideo> {
    const rows: VideoRow[] = await manager.query(
      'INSERT INTO "video" ("owner_kind", "owner_id", "series_id") VALUES ($1, $2, $3) RETURNING *',
      [ownerKind, ownerId, ownerKind === 'episode' ? seriesId : null],
    );
    return toVideo(rows[0]);
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<StoredVideo | undefined> {
    const rows: VideoRow[] = await manager.query('SELECT * FROM "video" WHERE "id" = $1', [id]);
    return rows[0] && toVideo(rows[0]);
  }

  /** Every video of a title, newest first (a title whose video was replaced has had several). */
  async ownedBy(
    ownerKind: VideoOwnerKind,
    ownerId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<StoredVideo[]> {
    const rows: VideoRow[] = await manager.query(
      'SELECT * FROM "video" WHERE "owner_kind" = $1 AND "owner_id" = $2 ORDER BY "created_at" DESC, "id"',
      [ownerKind, ownerId],
    );
    return rows.map(toVideo);
  }

  /** Whether `key` is the uploaded source of some video (never served as a public object). */
  async isSource(key: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM "video" WHERE "source_key" = $1 LIMIT 1',
      [key],
    );
    return rows.length > 0;
  }

  /** Marks a video as changed now, so that announcing it again makes it the newest news of its title. */
  async touch(manager: EntityManager, id: string): Promise<StoredVideo | undefined> {
    const [rows]: Updated = await manager.query(
      'UPDATE "video" SET "updated_at" = clock_timestamp() WHERE "id" = $1 RETURNING *',
      [id],
    );
    return rows[0] && toVideo(rows[0]);
  }

  /** Moves a video from one of `from` to `to` with the other fields given; undefined if it was not in `from`. */
  async move(
    manager: EntityManager,
    id: string,
    from: readonly VideoState[],
    to: VideoState,
    fields: { progress?: number; error?: string | null; sourceKey?: string } = {},
  ): Promise<StoredVideo | undefined> {
    const [rows]: Updated = await manager.query(
      `UPDATE "video" SET "state" = $3, "progress" = COALESCE($4, "progress"),
         "error" = CASE WHEN $5::boolean THEN $6 ELSE "error" END,
         "source_key" = COALESCE($7, "source_key"), "updated_at" = now()
       WHERE "id" = $1 AND "state" = ANY($2::text[]) RETURNING *`,
      [
        id,
        from,
        to,
        fields.progress ?? null,
        'error' in fields,
        fields.error ?? null,
        fields.sourceKey ?? null,
      ],
    );
    return rows[0] && toVideo(rows[0]);
  }

  /** Notes progress of a video still being transcoded; undefined once it is no longer. */
  async progress(manager: EntityManager, id: string, progress: number): Promise<StoredVideo | undefined> {
    const [rows]: Updated = await manager.query(
      `UPDATE "video" SET "progress" = $2, "updated_at" = now()
        WHERE "id" = $1 AND "state" = 'transcoding' RETURNING *`,
      [id, progress],
    );
    return rows[0] && toVideo(rows[0]);
  }

  /**
   * Makes one transcode's result the visible one. Only a video still transcoding without a result takes
   * it: a second worker that finished the same job later finds nothing to update, and removes its copy.
   */
  async publish(
    manager: EntityManager,
    id: string,
    outcome: TranscodeOutcome,
  ): Promise<StoredVideo | undefined> {
    const [rows]: Updated = await manager.query(
      `UPDATE "video" SET "state" = 'ready', "progress" = 100, "error" = NULL, "output_prefix" = $2,
         "renditions" = $3, "width" = $4, "height" = $5, "duration_seconds" = $6, "has_audio" = $7,
         "poster_key" = $8, "has_trickplay" = $9, "hls_keys" = $10, "hls_key_segments" = $11,
         "source_audio" = $12, "updated_at" = now()
       WHERE "id" = $1 AND "state" = 'transcoding' AND "output_prefix" IS NULL RETURNING *`,
      [
        id,
        outcome.outputPrefix,
        outcome.renditions,
        outcome.width,
        outcome.height,
        outcome.durationSeconds,
        outcome.hasAudio,
        outcome.posterKey,
        outcome.hasTrickplay,
        outcome.keys?.keys ?? null,
        outcome.keys?.segmentsPerKey ?? null,
        JSON.stringify(outcome.sourceAudio),
      ],
    );
    return rows[0] && toVideo(rows[0]);
  }

  /** Keeps what ffprobe found of a source's audio streams (D44), read for a video transcoded before. */
  async setSourceAudio(id: string, streams: SourceAudioStream[]): Promise<void> {
    await this.dataSource.query(`UPDATE "video" SET "source_audio" = $2 WHERE "id" = $1`, [
      id,
      JSON.stringify(streams),
    ]);
  }

  /**
   * A ready copy of the ready video `fromId` for another title: the same renditions (the same output
   * folder and poster), no source of its own. The source row is locked (FOR SHARE) until the copy is
   * committed, so a removal of it waits and then sees the copy. Undefined when `fromId` is not ready.
   */
  async copyReady(
    manager: EntityManager,
    fromId: string,
    ownerKind: VideoOwnerKind,
    ownerId: string,
  ): Promise<StoredVideo | undefined> {
    const rows: VideoRow[] = await manager.query(
      `WITH "from" AS (SELECT * FROM "video" WHERE "id" = $1 AND "state" = 'ready' FOR SHARE)
       INSERT INTO "video" ("owner_kind", "owner_id", "state", "progress", "output_prefix", "renditions",
         "width", "height", "duration_seconds", "has_audio", "poster_key", "has_trickplay", "hls_keys",
         "hls_key_segments")
       SELECT $2, $3, 'ready', 100, "output_prefix", "renditions", "width", "height", "duration_seconds",
         "has_audio", "poster_key", "has_trickplay", "hls_keys", "hls_key_segments" FROM "from"
       RETURNING *`,
      [fromId, ownerKind, ownerId],
    );
    return rows[0] && toVideo(rows[0]);
  }

  /**
   * What the videos still stored share of these objects: the output folders they play that lie under
   * any of `prefixes`, and whether one shows `posterKey`.
   */
  async stillShared(prefixes: string[], posterKey: string | null): Promise<SharedObjects> {
    const [outputs, posters]: [Array<{ prefix: string }>, unknown[]] = await Promise.all([
      this.dataSource.query(
        `SELECT DISTINCT "output_prefix" AS "prefix" FROM "video"
          WHERE "output_prefix" IS NOT NULL AND "output_prefix" ^@ ANY($1::text[])`,
        [prefixes],
      ),
      posterKey
        ? this.dataSource.query('SELECT 1 FROM "video" WHERE "poster_key" = $1 LIMIT 1', [posterKey])
        : Promise.resolve([]),
    ]);
    return { outputPrefixes: outputs.map((o) => o.prefix), posterShared: posters.length > 0 };
  }

  async setMarkers(
    manager: EntityManager,
    id: string,
    markers: VideoMarkers,
  ): Promise<StoredVideo | undefined> {
    const [rows]: Updated = await manager.query(
      `UPDATE "video" SET "markers" = $2::jsonb, "updated_at" = now() WHERE "id" = $1 RETURNING *`,
      [id, JSON.stringify(markers)],
    );
    return rows[0] && toVideo(rows[0]);
  }

  /**
   * A video that now plays for its title takes the markers of the ready video it replaces, when the two
   * last as long as each other (D42); undefined when there were none to take.
   */
  async inheritMarkers(manager: EntityManager, video: StoredVideo): Promise<StoredVideo | undefined> {
    const [rows]: Updated = await manager.query(
      `UPDATE "video" SET "markers" = "previous"."markers" FROM (
         SELECT "markers", "duration_seconds" FROM "video"
          WHERE "owner_kind" = $2 AND "owner_id" = $3 AND "id" <> $1 AND "state" = 'ready'
            AND "created_at" <= $4 AND "markers" <> '{}'::jsonb
          ORDER BY "created_at" DESC LIMIT 1) AS "previous"
       WHERE "video"."id" = $1 AND abs("previous"."duration_seconds" - "video"."duration_seconds") <= $5
       RETURNING "video".*`,
      [video.id, video.ownerKind, video.ownerId, video.createdAt, MARKERS_KEPT_WITHIN_SECONDS],
    );
    return rows[0] && toVideo(rows[0]);
  }

  /** Ready videos whose output folder has no trickplay sheets yet, one per folder (the backfill). */
  async withoutTrickplay(): Promise<StoredVideo[]> {
    const rows: VideoRow[] = await this.dataSource.query(
      `SELECT DISTINCT ON ("output_prefix") * FROM "video"
        WHERE "state" = 'ready' AND "output_prefix" IS NOT NULL AND NOT "has_trickplay"
        ORDER BY "output_prefix", "created_at"`,
    );
    return rows.map(toVideo);
  }

  /** The sheets of an output folder are made: every video playing it shows them. */
  async trickplayMade(outputPrefix: string): Promise<number> {
    const [rows]: Updated = await this.dataSource.query(
      `UPDATE "video" SET "has_trickplay" = true WHERE "output_prefix" = $1 AND NOT "has_trickplay"
       RETURNING *`,
      [outputPrefix],
    );
    return rows.length;
  }

  async remove(manager: EntityManager, id: string): Promise<StoredVideo | undefined> {
    const [rows]: Updated = await manager.query('DELETE FROM "video" WHERE "id" = $1 RETURNING *', [id]);
    return rows[0] && toVideo(rows[0]);
  }
}
