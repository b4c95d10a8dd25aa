import { Injectable } from '@nestjs/common';
import type { Rating, VideoStatus } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { videoColumns, type TitleVideoColumns } from './title-video';

/** A title as playback needs it: its copy of the video's state and its stream link. */
export type SourceRow = TitleVideoColumns & {
  id: string;
  title: string;
  isFree: boolean;
  link: string;
  rating: Rating;
};

const TABLES = { movie: 'movie', episode: 'episode' } as const;

/**
 * Every SQL statement of the titles' videos (the video columns of tables movie and episode); the rules
 * (what plays, DECISIONS D23; which state wins) are PlaybackSources' and VideoStateHandler's.
 */
@Injectable()
export class TitleVideosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A movie by id or slug (matched as given, in any case); null when there is none. */
  async movieSource(key: { id: string } | { slug: string }): Promise<SourceRow | null> {
    const [row]: SourceRow[] = await this.dataSource.query(
      `SELECT m.id, m.title, m.is_free AS "isFree", m.movie_url AS link, m.rating, ${videoColumns('m')}
         FROM movie m WHERE ${'id' in key ? 'm.id = $1::uuid' : 'm.slug = $1'}`,
      ['id' in key ? key.id : key.slug],
    );
    return row ?? null;
  }

  /** An episode by id; null when there is none. */
  async episodeSource(id: string): Promise<SourceRow | null> {
    const [row]: SourceRow[] = await this.dataSource.query(
      `SELECT e.id, e.title, false AS "isFree", e.video_url AS link, e.rating, ${videoColumns('e')}
         FROM episode e WHERE e.id = $1::uuid`,
      [id],
    );
    return row ?? null;
  }

  /** Keeps the video's state on its title unless the title has a newer one; true when it did. */
  async applyState(manager: EntityManager, video: VideoStatus): Promise<boolean> {
    // A trailer (D45) is no title's own video: nothing here keeps it.
    if (!(video.ownerKind in TABLES)) return false;
    const [, updated]: [unknown, number] = await manager.query(
      `UPDATE "${TABLES[video.ownerKind as keyof typeof TABLES]}" SET "video_id" = $2, "video_state" = $3, "video_progress" = $4,
         "video_error" = $5, "video_renditions" = $6, "video_at" = $7, "video_duration_seconds" = $8
       WHERE "id" = $1 AND ("video_at" IS NULL OR "video_at" <= $7)`,
      [
        video.ownerId,
        video.videoId,
        video.state,
        video.progress,
        video.error,
        video.renditions,
        video.updatedAt,
        video.durationSeconds,
      ],
    );
    return updated > 0;
  }
}
