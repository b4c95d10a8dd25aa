import type { TitleVideo, VideoState } from '@chitram/contracts';
import { Column } from 'typeorm';

/**
 * A movie's or episode's uploaded video, as the media service announces it (DECISIONS D23): the catalogue
 * keeps this copy so that its answers and the stream grant need no call to media.
 */
export abstract class TitleVideoColumns {
  @Column({ name: 'video_id', type: 'uuid', nullable: true })
  videoId: string | null;

  @Column({ name: 'video_state', type: 'text', nullable: true })
  videoState: VideoState | null;

  @Column({ name: 'video_progress', type: 'integer', default: 0 })
  videoProgress: number;

  @Column({ name: 'video_error', type: 'text', nullable: true })
  videoError: string | null;

  @Column({ name: 'video_renditions', type: 'integer', array: true, default: () => "'{}'" })
  videoRenditions: number[];

  /** The video's length as media measured it; null until it is known (transcoded). */
  @Column({ name: 'video_duration_seconds', type: 'double precision', nullable: true })
  videoDurationSeconds: number | null;
}

/** The video columns for raw SQL over a table aliased `alias`. */
export function videoColumns(alias: string): string {
  return `${alias}.video_id AS "videoId", ${alias}.video_state AS "videoState",
    ${alias}.video_progress AS "videoProgress", ${alias}.video_error AS "videoError",
    ${alias}.video_renditions AS "videoRenditions"`;
}

export function titleVideoOf(row: TitleVideoColumns): TitleVideo | null {
  if (!row.videoId || !row.videoState) return null;
  return {
    videoId: row.videoId,
    state: row.videoState,
    progress: row.videoProgress,
    error: row.videoError,
    renditions: row.videoRenditions,
  };
}
