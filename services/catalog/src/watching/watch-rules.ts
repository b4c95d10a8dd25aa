import { isWatchedToTheEnd } from '@chitram/contracts';

/** A report this long after the last one starts a new play (the viewer came back to it). */
export const NEW_PLAY_AFTER_SECONDS = 30 * 60;
/** The most one report may add to watch time: a little over the heartbeat's 10 s, with room for a late one. */
export const MOST_SECONDS_PER_REPORT = 60;

export interface Previous {
  positionSeconds: number;
  at: Date;
}

/**
 * What a player's report adds: whether it starts a play, and the seconds watched since the last
 * report (never more than the time that passed, so a seek forward is not watch time).
 */
export function watchIncrement(
  previous: Previous | null,
  positionSeconds: number,
  now: Date,
): { newPlay: boolean; seconds: number } {
  if (!previous) return { newPlay: true, seconds: 0 };
  const elapsed = (now.getTime() - previous.at.getTime()) / 1000;
  if (elapsed > NEW_PLAY_AFTER_SECONDS) return { newPlay: true, seconds: 0 };
  const moved = positionSeconds - previous.positionSeconds;
  const seconds = Math.max(0, Math.min(moved, elapsed + 5, MOST_SECONDS_PER_REPORT));
  return { newPlay: false, seconds: Math.round(seconds) };
}

export function isFinished(positionSeconds: number, durationSeconds: number): boolean {
  return isWatchedToTheEnd(positionSeconds, durationSeconds);
}

/**
 * A title's length for a viewer's place in it. A player that cannot tell yet (before the video's
 * metadata, or closed before it loaded) reports 0: that is "not known", never a length, and must not
 * wipe out one already known. The player's own figure wins when it has one; then the length kept from
 * earlier reports; then the video's, as media measured it; else 0, still not known.
 */
export function knownDuration(reported: number, previous: number | null, ofTheVideo: number | null): number {
  if (reported > 0) return reported;
  if (previous && previous > 0) return previous;
  if (ofTheVideo && ofTheVideo > 0) return Math.floor(ofTheVideo);
  return 0;
}
