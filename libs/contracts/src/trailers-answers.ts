import type { VideoStatus } from './videos-answers';

// Trailers (issue 23, D45): a film's or a series' short video, free to everyone at up to 720p. Types and
// constants only, so the front ends import this module by sub-path.

/** The kinds of title that may have a trailer, as the routes name them. */
export const TRAILER_TITLE_KINDS = ['movie', 'series'] as const;
export type TrailerTitleKind = (typeof TRAILER_TITLE_KINDS)[number];

/** D45: a trailer plays at up to this height, whatever the viewer's plan (the free titles' cap, D22). */
export const TRAILER_MAX_RESOLUTION = 720;

/** What the title page plays in its hero: a signed master playlist, taking no screen and no history. */
export interface TrailerStream {
  /** A signed master playlist (`/api/stream/…/master.m3u8`) listing renditions up to 720p only. */
  movieUrl: string;
  kind: 'hls';
  /** Renditions listed, highest last; never above TRAILER_MAX_RESOLUTION. */
  renditions: number[];
  maxResolution: number;
}

/** `GET /api/movie/{id}/trailer`, `GET /api/series/{id}/trailer`: null when the title has no ready trailer. */
export interface TrailerAnswer {
  trailer: TrailerStream | null;
}

/** A title's trailer as media keeps it. */
export interface TitleTrailer {
  /** The newest trailer video in any state (the admin form's field: an upload on its way shows), or null. */
  video: VideoStatus | null;
  /** The ready trailer video that plays now (an older one while a replacement is on its way), or null. */
  playingVideoId: string | null;
}

/** What removing a title's trailer removed: how many of its trailer videos (0 when it had none). */
export interface TrailerRemoved {
  removed: number;
}
