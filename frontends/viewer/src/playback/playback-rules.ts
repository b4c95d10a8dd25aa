import { StreamMessages } from '@chitram/contracts/src/playback-answers';

// What the player says when a stream is refused (SPEC §8; DECISIONS D20–D24), and the way on.

export interface StreamProblem {
  message: string;
  /** Where the viewer can go to fix it, with the words for the link. */
  action: { to: string; label: string } | null;
}

export function streamProblem(problem: { code: string; message: string }, signedIn: boolean): StreamProblem {
  switch (problem.code) {
    case 'UNAUTHORIZED_ACCESS':
      return signedIn
        ? { message: StreamMessages.unauthorized, action: { to: '/subscribe', label: 'See plans' } }
        : { message: StreamMessages.signIn, action: { to: '/login', label: 'Log in' } };
    case 'DEVICE_NOT_ALLOWED':
      return {
        message: StreamMessages.deviceNotAllowed,
        action: { to: '/subscribe', label: 'Upgrade plan' },
      };
    case 'STREAM_LIMIT_REACHED':
      // The server's message names the plan's limit.
      return { message: problem.message, action: null };
    case 'VIDEO_NOT_READY':
      return { message: StreamMessages.notReady, action: null };
    case 'TOKEN_EXPIRED':
    case 'TOKEN_INVALID':
    case 'TOKEN_REVOKED':
      return { message: StreamMessages.signIn, action: { to: '/login', label: 'Log in' } };
    default:
      return { message: StreamMessages.generic, action: null };
  }
}

/** 'Auto' and each rendition the stream offers, highest first: '1080p'. */
export function qualityLabel(height: number | null): string {
  return height === null ? 'Auto' : `${height}p`;
}

/** Seconds as the player shows them: '1:02:03' or '4:05'. */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Heartbeats keep the screen (D24) while playing: well inside the 45 s a screen is held without one. */
export const HEARTBEAT_MS = 10_000;

/**
 * The episode that follows one at its end: the next of the same series, or for an episode without a
 * series the next of those, by episode number; none after the last.
 */
export function nextEpisode<E extends { _id: string; seriesId: string | null; episodeNumber: number }>(
  episodes: readonly E[],
  currentId: string,
): E | undefined {
  const current = episodes.find((e) => e._id === currentId);
  if (!current) return undefined;
  return episodes
    .filter((e) => e.seriesId === current.seriesId && e.episodeNumber > current.episodeNumber)
    .sort((a, b) => a.episodeNumber - b.episodeNumber)[0];
}
