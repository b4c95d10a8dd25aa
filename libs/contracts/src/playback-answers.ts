import type { Movie } from './catalog-answers';
import type { DeviceClass } from './plans';
import type { VideoMarkers } from './videos-answers';

// Playback (SPEC §4.5, §7 stream, §8 stream errors; DECISIONS D20–D24): what the player reads. Types,
// texts and pure rules only, so the front ends import this module by sub-path.

/** `GET /api/movie/{id}/stream` (SPEC §7): where to play from and the highest quality the viewer may see. */
export interface StreamAnswer {
  /** A signed master playlist (`/api/stream/…/master.m3u8`), or the title's own link (D23). */
  movieUrl: string;
  maxResolution: number;
  isSubscribed: boolean;
  /** `hls` for our own signed streams (send heartbeats); `external` for a link played as given. */
  kind: 'hls' | 'external';
  /** Renditions the viewer may pick from, highest last (empty for an external link). */
  renditions: number[];
  /**
   * The seek bar's pictures (D42): a signed WebVTT index whose cues name sprite sheets by `#xywh=`,
   * relative to it; null for an external link or a video whose sheets are not made yet.
   */
  thumbnailsUrl: string | null;
  /** Intro, recap and credits to skip or to start the next episode at (D42); empty when none. */
  markers: VideoMarkers;
}

/** SPEC §8 with the stream codes of D20, D21, D24: what the player says, and what to do next. */
export const StreamMessages = {
  unauthorized: 'This title needs a plan. Choose a plan to watch it.',
  signIn: 'Please log in to watch this title.',
  deviceNotAllowed: 'Your plan does not include this device. Upgrade your plan to watch here.',
  limitReached: (limit: number) =>
    `You are already watching on ${limit} ${limit === 1 ? 'screen' : 'screens'}, the most your plan allows. Stop another screen to watch here.`,
  notReady: 'This title is not ready to play yet. Please try again later.',
  /** A kids profile asked for a title above its level (D37). */
  maturityBlocked: 'This title is not available on this profile.',
  generic: 'Something went wrong.',
  fallback: 'Something went wrong while streaming',
} as const;

/** D22: free titles play for everyone at up to 720p. */
export const FREE_MAX_RESOLUTION = 720;

const TV =
  /smart-?tv|tizen|web0s|webos|netcast|hbbtv|appletv|apple tv|android tv|googletv|bravia|crkey|aftb|aftm|afts|roku|viera/i;
const TABLET = /ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i;
const MOBILE = /mobi|iphone|ipod|android.*mobile|windows phone|opera mini/i;

/** The device class a User-Agent shows (D20). */
export function deviceClassOfAgent(userAgent: string): DeviceClass {
  if (TV.test(userAgent)) return 'tv';
  if (TABLET.test(userAgent)) return 'tab';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'website';
}

/**
 * D20: the device class from the client's declared device and its User-Agent. An app may declare what
 * a generic agent cannot show (a TV or tablet app's web view reads as a website), but a declaration
 * never turns a computer's browser into a phone: where the two disagree otherwise, the agent wins.
 */
export function deviceClassOf(userAgent: string, declared?: string | null): DeviceClass {
  const fromAgent = deviceClassOfAgent(userAgent);
  if (declared === 'tv' || declared === 'tab') return fromAgent === 'website' ? declared : fromAgent;
  return fromAgent;
}

/** `POST /api/playback/heartbeat`'s body: where the player is (continue watching, watch time). */
export interface PlaybackReport {
  kind: 'movie' | 'episode';
  titleId: string;
  positionSeconds: number;
  durationSeconds: number;
}

/** One title on the 'Continue watching' rail, or where to resume one. */
export interface WatchPosition {
  kind: 'movie' | 'episode';
  titleId: string;
  positionSeconds: number;
  durationSeconds: number;
  updatedAt: string;
}

/**
 * A title's end credits, where the next episode is offered and the title counts as watched: the last
 * CREDITS_SECONDS (the catalogue keeps no credits marker), or the last tenth of a title so short that
 * ten seconds are most of it (a 12-second clip ends in its last 1.2 s).
 */
export const CREDITS_SECONDS = 10;

/**
 * Where a title's end credits start, in seconds: its credits marker when it has one (D42), else the
 * rule above; null while its length is unknown.
 */
export function creditsStartOf(durationSeconds: number, markers?: VideoMarkers): number | null {
  if (markers?.credits) return markers.credits.startSeconds;
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
  return durationSeconds - Math.min(CREDITS_SECONDS, durationSeconds / 10);
}

/** Whether a position is in a title's end credits: the title is finished and leaves Continue watching. */
export function isWatchedToTheEnd(positionSeconds: number, durationSeconds: number): boolean {
  const credits = creditsStartOf(durationSeconds);
  return credits !== null && positionSeconds >= credits;
}

/** How long the card at the end of an episode counts down before the next one plays. */
export const AUTOPLAY_COUNTDOWN_SECONDS = 10;

/** A title on the rail with the movie as the catalogue shows it (movies only; episodes play from their category). */
export interface ContinueWatching extends WatchPosition {
  movie: Movie | null;
}
