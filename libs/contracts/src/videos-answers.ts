// Videos and their transcoding (DECISIONS D23): what the admin screens and the catalogue read of a
// title's video. Types and constants only, so the front ends import this module by sub-path.

/**
 * A video's life: bytes arriving, waiting for a worker, being transcoded, playable, failed with a reason,
 * or cancelled by the admin before its file was whole (it has no file, and takes a new one).
 */
export const VIDEO_STATES = ['uploading', 'queued', 'transcoding', 'ready', 'failed', 'cancelled'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/** What a video belongs to in the catalogue. */
export const VIDEO_OWNER_KINDS = ['movie', 'episode'] as const;
export type VideoOwnerKind = (typeof VIDEO_OWNER_KINDS)[number];

/** A video as media reports it, in its events and answers. */
export interface VideoStatus {
  videoId: string;
  ownerKind: VideoOwnerKind;
  ownerId: string;
  state: VideoState;
  /** 0–100 while transcoding; 100 when ready. */
  progress: number;
  /** Why it failed, in words an admin can act on; null otherwise. */
  error: string | null;
  /** Heights of the renditions, once ready (D23: 360 up to the source's height). */
  renditions: number[];
  durationSeconds: number | null;
  /** Where a browser loads the poster frame, once ready. */
  posterUrl: string | null;
  updatedAt: string;
}

/** A title's video as the catalogue keeps it (a copy fed by Events.videoStateChanged). */
export type TitleVideo = Pick<VideoStatus, 'videoId' | 'state' | 'progress' | 'error' | 'renditions'>;

/** The largest video file an admin may upload: a feature film's master (resumable, so size is no risk). */
export const VIDEO_UPLOAD_MAX_BYTES = 20 * 1024 ** 3;

/** The containers an uploaded video may come in, in words for messages. */
export const VIDEO_UPLOAD_FORMATS = 'MP4, MOV, WebM or MKV';
