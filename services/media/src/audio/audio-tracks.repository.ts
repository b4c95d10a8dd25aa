import { Injectable } from '@nestjs/common';
import type { AudioTrackSource, AudioTrackState, InterfaceLanguageCode } from '@chitram/contracts';
import { DataSource } from 'typeorm';

export interface StoredAudioTrack {
  id: string;
  videoId: string;
  language: InterfaceLanguageCode | null;
  original: boolean;
  source: AudioTrackSource;
  sourceStream: number | null;
  state: AudioTrackState;
  error: string | null;
  /** Where its playlist and segments are (and an uploaded file, until made): `hls/<video>/audio/<id>/`. */
  prefix: string;
  createdAt: Date;
}

interface AudioTrackRow {
  id: string;
  video_id: string;
  language: InterfaceLanguageCode | null;
  original: boolean;
  source: AudioTrackSource;
  source_stream: number | null;
  state: AudioTrackState;
  error: string | null;
  prefix: string;
  created_at: Date;
}

const toTrack = (row: AudioTrackRow): StoredAudioTrack => ({
  id: row.id,
  videoId: row.video_id,
  language: row.language,
  original: row.original,
  source: row.source,
  sourceStream: row.source_stream,
  state: row.state,
  error: row.error,
  prefix: row.prefix,
  createdAt: new Date(row.created_at),
});

/** Postgres' unique_violation: the video has a track in this language (or its original) already. */
const UNIQUE_VIOLATION = '23505';

/** A video's audio renditions (D44): its original and one dub per language. */
@Injectable()
export class AudioTracksRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(id: string): Promise<StoredAudioTrack | undefined> {
    const rows: AudioTrackRow[] = await this.dataSource.query(
      `SELECT * FROM "video_audio_track" WHERE "id" = $1`,
      [id],
    );
    return rows[0] && toTrack(rows[0]);
  }

  /** The video's tracks in the order the master playlist lists them: the original, then by language. */
  async forVideo(videoId: string): Promise<StoredAudioTrack[]> {
    const rows: AudioTrackRow[] = await this.dataSource.query(
      `SELECT * FROM "video_audio_track" WHERE "video_id" = $1 ORDER BY "original" DESC, "language", "id"`,
      [videoId],
    );
    return rows.map(toTrack);
  }

  /** A new track; false when the video has one in its language (or an original) already. */
  async insert(track: Omit<StoredAudioTrack, 'createdAt' | 'error'>): Promise<boolean> {
    try {
      await this.dataSource.query(
        `INSERT INTO "video_audio_track" ("id", "video_id", "language", "original", "source", "source_stream", "state", "prefix")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          track.id,
          track.videoId,
          track.language,
          track.original,
          track.source,
          track.sourceStream,
          track.state,
          track.prefix,
        ],
      );
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
      throw error;
    }
  }

  /** Moves a track on from one of `from` (undefined: it was in none of them, or is gone). */
  async move(
    id: string,
    from: readonly AudioTrackState[],
    to: AudioTrackState,
    error: string | null = null,
  ): Promise<StoredAudioTrack | undefined> {
    const [rows]: [AudioTrackRow[], number] = await this.dataSource.query(
      `UPDATE "video_audio_track" SET "state" = $3, "error" = $4, "updated_at" = now()
       WHERE "id" = $1 AND "state" = ANY($2) RETURNING *`,
      [id, from, to, error],
    );
    return rows[0] && toTrack(rows[0]);
  }

  async remove(videoId: string, id: string): Promise<StoredAudioTrack | undefined> {
    const [rows]: [AudioTrackRow[], number] = await this.dataSource.query(
      `DELETE FROM "video_audio_track" WHERE "video_id" = $1 AND "id" = $2 RETURNING *`,
      [videoId, id],
    );
    return rows[0] && toTrack(rows[0]);
  }
}
