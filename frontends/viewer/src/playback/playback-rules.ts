import { AUTOPLAY_COUNTDOWN_SECONDS, isWatchedToTheEnd } from '@chitram/contracts/web';
import type { TFunction } from 'i18next';
import { numberFormat } from '../i18n/formats';

// What the player says when a stream is refused (SPEC §8; DECISIONS D20–D24), and the way on, in the
// interface language (issue 11).

export interface StreamProblem {
  message: string;
  /** Where the viewer can go to fix it, with the words for the link. */
  action: { to: string; label: string } | null;
  /** The plan does not play on this device (D20): offer the upgrade and the way to a phone. */
  otherDevice?: true;
}

/** The viewer's words: `t` of the viewer namespace. */
export type PlayerWords = TFunction<'viewer'>;

export function streamProblem(
  problem: { code: string; message: string; limit?: number },
  signedIn: boolean,
  t: PlayerWords,
): StreamProblem {
  const logIn = { to: '/login', label: t('playback.logIn') };
  switch (problem.code) {
    case 'UNAUTHORIZED_ACCESS':
      return signedIn
        ? { message: t('playback.needsPlan'), action: { to: '/subscribe', label: t('playback.seePlans') } }
        : { message: t('playback.signInToWatch'), action: logIn };
    case 'DEVICE_NOT_ALLOWED':
      return {
        message: t('playback.deviceNotAllowed'),
        action: { to: '/subscribe', label: t('playback.upgradePlan') },
        otherDevice: true,
      };
    case 'STREAM_LIMIT_REACHED': {
      // The plan's limit (the answer's `limit`), in the viewer's words and digits; else without the number.
      return {
        message:
          problem.limit === undefined
            ? t('playback.limitReachedAny')
            : t('playback.limitReached', { count: problem.limit }),
        action: null,
      };
    }
    case 'VIDEO_NOT_READY':
      return { message: t('playback.notReady'), action: null };
    case 'TOKEN_EXPIRED':
    case 'TOKEN_INVALID':
    case 'TOKEN_REVOKED':
      return { message: t('playback.signInToWatch'), action: logIn };
    default:
      return { message: t('common.somethingWrong'), action: null };
  }
}

/** What the player says when hls.js gives up on a playlist or segment, by the status it was answered. */
export type PlayerFailure =
  | 'playback.unsupportedBrowser'
  | 'playback.streamExpired'
  | 'playback.limitReachedAny'
  | 'playback.streamFailed';

/**
 * 403: the stream's address expired or is not the viewer's; 429: this screen lost its slot to another
 * of the plan's screens while it played (issue 20); anything else: the stream failed.
 */
export function streamFailure(status: number | undefined): PlayerFailure {
  if (status === 403) return 'playback.streamExpired';
  if (status === 429) return 'playback.limitReachedAny';
  return 'playback.streamFailed';
}

/** 'Auto' (in the viewer's words) and each rendition the stream offers, highest first: '1080p'. */
export function qualityLabel(height: number | null, auto: string): string {
  return height === null ? auto : `${height}p`;
}

/** Seconds as the player shows them, in the locale's digits: '1:02:03' or '4:05' (en-IN), '৪:০৫' (bn-IN). */
export function clock(seconds: number, locale = 'en-IN'): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const digits = (value: number, least = 1) =>
    numberFormat(locale, { minimumIntegerDigits: least, useGrouping: false }).format(value);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = digits(total % 60, 2);
  return h ? `${digits(h)}:${digits(m, 2)}:${s}` : `${digits(m)}:${s}`;
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

/**
 * The card that counts down to the next episode in the end credits (at the episode's credits marker,
 * D42, else contracts' `creditsStartOf`: the last ten seconds): waiting for the credits, counting to a deadline,
 * or cancelled by the viewer. Going back before the credits waits again.
 */
export type AutoplayCard =
  { phase: 'waiting' } | { phase: 'counting'; deadline: number } | { phase: 'cancelled' };

export type AutoplayEvent =
  | {
      type: 'progress';
      positionSeconds: number;
      durationSeconds: number;
      now: number;
      /** The episode's credits marker's start (D42), where the countdown starts instead of the rule. */
      creditsStartSeconds?: number;
    }
  | { type: 'cancel' }
  | { type: 'reset' };

export const AUTOPLAY_WAITING: AutoplayCard = { phase: 'waiting' };

export function autoplayCard(card: AutoplayCard, event: AutoplayEvent): AutoplayCard {
  switch (event.type) {
    case 'reset':
      return card.phase === 'waiting' ? card : AUTOPLAY_WAITING;
    case 'cancel':
      return card.phase === 'counting' ? { phase: 'cancelled' } : card;
    case 'progress': {
      const inCredits =
        event.creditsStartSeconds === undefined
          ? isWatchedToTheEnd(event.positionSeconds, event.durationSeconds)
          : event.positionSeconds >= event.creditsStartSeconds;
      if (!inCredits) return card.phase === 'waiting' ? card : AUTOPLAY_WAITING;
      if (card.phase !== 'waiting') return card;
      return { phase: 'counting', deadline: event.now + AUTOPLAY_COUNTDOWN_SECONDS * 1000 };
    }
  }
}
