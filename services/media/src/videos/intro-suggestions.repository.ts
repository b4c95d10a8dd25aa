import { Injectable } from '@nestjs/common';
import type { MarkerSpan } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** Another episode's video of the same series, with its fingerprint (D42, suggested intros). */
export interface FingerprintedVideo {
  id: string;
  ownerId: string;
  durationSeconds: number;
  fingerprint: Uint32Array;
  /** Whether it may take a suggestion: no intro marker, no suggestion yet, none dismissed. */
  open: boolean;
}

const toBytes = (items: Uint32Array) => {
  const bytes = Buffer.alloc(items.length * 4);
  items.forEach((item, i) => bytes.writeUInt32LE(item, i * 4));
  return bytes;
};

const fromBytes = (bytes: Buffer) => {
  const items = new Uint32Array(Math.floor(bytes.length / 4));
  for (let i = 0; i < items.length; i++) items[i] = bytes.readUInt32LE(i * 4);
  return items;
};

/**
 * The columns of a video that suggested intros use (D42): its series, its audio fingerprint, the
 * suggested span and whether an admin dismissed it. Kept apart from VideosRepository, which does not
 * read them.
 */
@Injectable()
export class IntroSuggestionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a ready video's fingerprint and answers its series (null: not an episode of a known series). */
  async storeFingerprint(videoId: string, fingerprint: Uint32Array): Promise<string | null> {
    const [rows]: [Array<{ series_id: string | null }>, number] = await this.dataSource.query(
      `UPDATE "video" SET "audio_fingerprint" = $2 WHERE "id" = $1 AND "state" = 'ready' RETURNING "series_id"`,
      [videoId, toBytes(fingerprint)],
    );
    return rows[0]?.series_id ?? null;
  }

  /** The series a video was created for (an episode's), if media was told. */
  async seriesOf(videoId: string): Promise<string | null> {
    const rows: Array<{ series_id: string | null }> = await this.dataSource.query(
      `SELECT "series_id" FROM "video" WHERE "id" = $1 AND "owner_kind" = 'episode'`,
      [videoId],
    );
    return rows[0]?.series_id ?? null;
  }

  /** The ready, fingerprinted videos of the series' other episodes. */
  async othersOfSeries(seriesId: string, ownerId: string): Promise<FingerprintedVideo[]> {
    const rows: Array<{
      id: string;
      owner_id: string;
      duration_seconds: number;
      audio_fingerprint: Buffer;
      open: boolean;
    }> = await this.dataSource.query(
      `SELECT "id", "owner_id", "duration_seconds", "audio_fingerprint",
              ("markers" -> 'intro' IS NULL AND "suggested_intro" IS NULL
                AND NOT "intro_suggestion_dismissed") AS "open"
         FROM "video"
        WHERE "series_id" = $1 AND "audio_fingerprint" IS NOT NULL AND "owner_kind" = 'episode'
          AND "owner_id" <> $2 AND "state" = 'ready' AND "duration_seconds" IS NOT NULL
        ORDER BY "created_at", "id"`,
      [seriesId, ownerId],
    );
    return rows.map((row) => ({
      id: row.id,
      ownerId: row.owner_id,
      durationSeconds: Number(row.duration_seconds),
      fingerprint: fromBytes(row.audio_fingerprint),
      open: row.open,
    }));
  }

  /**
   * Offers an intro for a video that has none: not over an admin's intro marker, a suggestion already
   * made, or one dismissed. Whether it was stored.
   */
  async suggest(videoId: string, span: MarkerSpan): Promise<boolean> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `UPDATE "video" SET "suggested_intro" = $2::jsonb
        WHERE "id" = $1 AND "state" = 'ready' AND "markers" -> 'intro' IS NULL
          AND "suggested_intro" IS NULL AND NOT "intro_suggestion_dismissed"`,
      [videoId, JSON.stringify(span)],
    );
    return count > 0;
  }

  /** The intro offered for a video, if any. */
  async suggested(
    videoId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<MarkerSpan | null> {
    const rows: Array<{ suggested_intro: MarkerSpan | null }> = await manager.query(
      `SELECT "suggested_intro" FROM "video" WHERE "id" = $1`,
      [videoId],
    );
    return rows[0]?.suggested_intro ?? null;
  }

  /**
   * The suggestion is over: an admin set the intro (confirming it or another), or dismissed it; either
   * way it is not offered again.
   */
  async close(manager: EntityManager, videoId: string): Promise<boolean> {
    const [, count]: [unknown[], number] = await manager.query(
      `UPDATE "video" SET "suggested_intro" = NULL, "intro_suggestion_dismissed" = true
        WHERE "id" = $1 AND ("suggested_intro" IS NOT NULL OR NOT "intro_suggestion_dismissed")`,
      [videoId],
    );
    return count > 0;
  }
}
