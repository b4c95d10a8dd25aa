import { Injectable } from '@nestjs/common';
import type { InterfaceLanguageCode } from '@chitram/contracts';
import { DataSource } from 'typeorm';

export interface StoredSubtitle {
  id: string;
  videoId: string;
  language: InterfaceLanguageCode;
  forced: boolean;
  sdh: boolean;
  format: 'srt' | 'vtt';
  cueCount: number;
  /** Where its playlist and segments are: `hls/<video>/subtitles/<id>/`. */
  prefix: string;
  createdAt: Date;
}

interface SubtitleRow {
  id: string;
  video_id: string;
  language: InterfaceLanguageCode;
  forced: boolean;
  sdh: boolean;
  format: 'srt' | 'vtt';
  cue_count: number;
  prefix: string;
  created_at: Date;
}

const toSubtitle = (row: SubtitleRow): StoredSubtitle => ({
  id: row.id,
  videoId: row.video_id,
  language: row.language,
  forced: row.forced,
  sdh: row.sdh,
  format: row.format,
  cueCount: row.cue_count,
  prefix: row.prefix,
  createdAt: new Date(row.created_at),
});

/** A video's subtitle tracks (D44): one per language and kind (forced, SDH); a new one replaces the old. */
@Injectable()
export class SubtitlesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The video's tracks in the order the master playlist lists them: by language, plain before SDH, forced last. */
  async forVideo(videoId: string): Promise<StoredSubtitle[]> {
    const rows: SubtitleRow[] = await this.dataSource.query(
      `SELECT * FROM "video_subtitle" WHERE "video_id" = $1 ORDER BY "language", "forced", "sdh", "id"`,
      [videoId],
    );
    return rows.map(toSubtitle);
  }

  /** Saves a track; answers the one of the same language and kind it replaced, if any. */
  async save(subtitle: Omit<StoredSubtitle, 'createdAt'>): Promise<StoredSubtitle | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const [replaced]: [SubtitleRow[], number] = await manager.query(
        `DELETE FROM "video_subtitle" WHERE "video_id" = $1 AND "language" = $2 AND "forced" = $3 AND "sdh" = $4
         RETURNING *`,
        [subtitle.videoId, subtitle.language, subtitle.forced, subtitle.sdh],
      );
      await manager.query(
        `INSERT INTO "video_subtitle" ("id", "video_id", "language", "forced", "sdh", "format", "cue_count", "prefix")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          subtitle.id,
          subtitle.videoId,
          subtitle.language,
          subtitle.forced,
          subtitle.sdh,
          subtitle.format,
          subtitle.cueCount,
          subtitle.prefix,
        ],
      );
      return replaced[0] && toSubtitle(replaced[0]);
    });
  }

  async remove(videoId: string, id: string): Promise<StoredSubtitle | undefined> {
    const [rows]: [SubtitleRow[], number] = await this.dataSource.query(
      `DELETE FROM "video_subtitle" WHERE "video_id" = $1 AND "id" = $2 RETURNING *`,
      [videoId, id],
    );
    return rows[0] && toSubtitle(rows[0]);
  }
}
