// Videos and their transcoding (DECISIONS D23): what the admin screens and the catalogue read of a
// title's video. Types and constants only, so the front ends import this module by sub-path.

/**
 * A video's life: bytes arriving, waiting for a worker, being transcoded, playable, failed with a reason,
 * or cancelled by the admin before its file was whole (it has no file, and takes a new one).
 */
export const VIDEO_STATES = ['uploading', 'queued', 'transcoding', 'ready', 'failed', 'cancelled'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/** What a video belongs to in the catalogue: a film or an episode it plays, or a film's or series' trailer (D45). */
export const VIDEO_OWNER_KINDS = ['movie', 'episode', 'movie-trailer', 'series-trailer'] as const;
export type VideoOwnerKind = (typeof VIDEO_OWNER_KINDS)[number];

/** D45: a trailer's owner kind in media, by the kind of title it belongs to. */
export const TRAILER_OWNER_KINDS = { movie: 'movie-trailer', series: 'series-trailer' } as const;
export type TrailerOwnerKind = (typeof TRAILER_OWNER_KINDS)[keyof typeof TRAILER_OWNER_KINDS];

export function isTrailerKind(kind: VideoOwnerKind): kind is TrailerOwnerKind {
  return kind === TRAILER_OWNER_KINDS.movie || kind === TRAILER_OWNER_KINDS.series;
}

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
  /** Whether the seek bar's trickplay sheets are made (D42); older videos get them from a backfill. */
  hasTrickplay: boolean;
  /** The title's intro, recap and credits (D42). */
  markers: VideoMarkers;
  updatedAt: string;
}

/** D42: the spans of a film or an episode that the player offers to skip, or where its credits start. */
export const MARKER_KINDS = ['intro', 'recap', 'credits'] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];

/** One span, in seconds from the start of the video. */
export interface MarkerSpan {
  startSeconds: number;
  endSeconds: number;
}

/** Each marker is optional: a title without an intro has none. */
export type VideoMarkers = Partial<Record<MarkerKind, MarkerSpan>>;

/**
 * Markers of a replaced video go over to its replacement only when the two last as long as each other
 * to within this many seconds (the same cut, re-encoded); otherwise they would point at other scenes.
 */
export const MARKERS_KEPT_WITHIN_SECONDS = 1;

/** What the admin's marker panel reads: the markers, the video's length and its trickplay index. */
export interface VideoMarkersAnswer {
  videoId: string;
  durationSeconds: number | null;
  markers: VideoMarkers;
  /**
   * The intro media found by comparing the audio of the series' episodes (D42), while the video has no
   * intro marker and no admin dismissed it: offered to admins only, never to the player.
   */
  suggestedIntro: MarkerSpan | null;
  /** A signed WebVTT index of the trickplay sheets (`#xywh=`), or null while there are none. */
  thumbnailsUrl: string | null;
}

/**
 * D42's rules for a set of markers, by field (`intro.endSeconds`): each span inside the video and
 * longer than nothing, and no two overlapping. Empty when they hold.
 */
export function markerFieldErrors(
  markers: VideoMarkers,
  durationSeconds: number | null,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const spans = MARKER_KINDS.flatMap((kind) => (markers[kind] ? [{ kind, ...markers[kind] }] : []));
  for (const span of spans) {
    if (span.startSeconds < 0) add(`${span.kind}.startSeconds`, 'must not be before the start of the video');
    if (span.endSeconds <= span.startSeconds) add(`${span.kind}.endSeconds`, 'must be after the start');
    if (durationSeconds !== null && span.endSeconds > durationSeconds + 0.001)
      add(`${span.kind}.endSeconds`, `must be within the video (${Math.floor(durationSeconds)} s)`);
  }
  for (const [i, a] of spans.entries())
    for (const b of spans.slice(i + 1))
      if (a.startSeconds < b.endSeconds && b.startSeconds < a.endSeconds)
        add(`${b.kind}.startSeconds`, `overlaps the ${a.kind}`);
  return errors;
}

/** A title's video as the catalogue keeps it (a copy fed by Events.videoStateChanged). */
export type TitleVideo = Pick<VideoStatus, 'videoId' | 'state' | 'progress' | 'error' | 'renditions'>;

/** The largest video file an admin may upload: a feature film's master (resumable, so size is no risk). */
export const VIDEO_UPLOAD_MAX_BYTES = 20 * 1024 ** 3;

/** The containers an uploaded video may come in, in words for messages. */
export const VIDEO_UPLOAD_FORMATS = 'MP4, MOV, WebM or MKV';
