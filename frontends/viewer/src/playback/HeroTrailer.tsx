import type Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import type { TrailerAnswer, TrailerStream } from '@chitram/contracts/web';
import { useApi } from '../app/api';
import { useViewerTranslation } from '../i18n/use-viewer-translation';

/** D45: the trailer starts this long after the page is idle, so the hero picture is seen (and is the LCP). */
export const TRAILER_DELAY_MS = 2500;

/** Whether the viewer is fine with a video starting by itself: not with reduced motion, nor on Save-Data. */
export function trailerMayAutoplay(): boolean {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData !== true;
}

type Phase = 'waiting' | 'playing' | 'ended';

/** Runs `then` once the page has loaded and the browser is idle, then after the pause; returns a cancel. */
function afterIdlePause(then: () => void): () => void {
  let timer: number | undefined;
  let idle: number | undefined;
  const pause = () => {
    timer = window.setTimeout(then, TRAILER_DELAY_MS);
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(pause, { timeout: 3000 });
    else pause();
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    window.clearTimeout(timer);
  };
}

/**
 * A film's trailer in its page's hero (issue 23, D45): asked for a short pause after the page is idle
 * (never before the hero picture), played muted with hls.js (or the browser's own HLS), faded in over
 * the picture in the picture's own box, so nothing moves. Not at all with reduced motion or Save-Data;
 * stopped for good once the viewer presses Play (`stopped`). It sends no heartbeat: a trailer takes no
 * screen and leaves no history.
 */
export function useHeroTrailer(slug: string, stopped: boolean) {
  const api = useApi();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<TrailerStream | null>(null);
  const [phase, setPhase] = useState<Phase>('waiting');
  const [muted, setMuted] = useState(true);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (stopped) setDone(true);
  }, [stopped]);

  useEffect(() => {
    setStream(null);
    setPhase('waiting');
    setMuted(true);
    if (done || !trailerMayAutoplay()) return;
    const controller = new AbortController();
    const cancel = afterIdlePause(() => {
      api
        .get(`movie/${encodeURIComponent(slug)}/trailer`, { signal: controller.signal })
        .json<TrailerAnswer>()
        .then((answer) => setStream(answer.trailer))
        // No trailer is no loss: the picture stays.
        .catch(() => undefined);
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [api, slug, done]);

  const live = stream && !done ? stream : null;
  useEffect(() => {
    const element = video.current;
    if (!live || !element) return;
    let disposed = false;
    let hls: Hls | null = null;
    element.muted = true;
    void import('hls.js').then(({ default: HlsClass }) => {
      if (disposed) return;
      if (!HlsClass.isSupported()) {
        // Safari plays HLS itself; a trailer's address needs no pass.
        if (element.canPlayType('application/vnd.apple.mpegurl')) {
          element.src = live.movieUrl;
          void element.play().catch(() => setStream(null));
        }
        return;
      }
      hls = new HlsClass({ capLevelToPlayerSize: true, maxBufferLength: 10 });
      hls.on(HlsClass.Events.MANIFEST_PARSED, () => void element.play().catch(() => setStream(null)));
      hls.on(HlsClass.Events.ERROR, (_event, data) => {
        if (data.fatal) setStream(null);
      });
      hls.loadSource(live.movieUrl);
      hls.attachMedia(element);
    });
    return () => {
      disposed = true;
      hls?.destroy();
      element.removeAttribute('src');
    };
  }, [live]);

  return {
    /** Whether the trailer's video element is on the page (it stays invisible until it plays). */
    shown: live !== null,
    phase,
    muted,
    videoProps: {
      ref: video,
      muted: true,
      playsInline: true,
      preload: 'none' as const,
      onPlaying: () => setPhase('playing'),
      onEnded: () => setPhase('ended'),
    },
    toggleMute() {
      const element = video.current;
      if (!element) return;
      element.muted = !element.muted;
      setMuted(element.muted);
    },
    replay() {
      const element = video.current;
      if (!element) return;
      element.currentTime = 0;
      void element.play().catch(() => undefined);
    },
  };
}

export type HeroTrailerState = ReturnType<typeof useHeroTrailer>;

/** The trailer's picture: inside the hero picture's box, over it, faded in once it plays. */
export function HeroTrailerVideo({ trailer }: { trailer: HeroTrailerState }) {
  if (!trailer.shown) return null;
  return (
    <video
      {...trailer.videoProps}
      className={`vw-title__trailer${trailer.phase === 'playing' ? ' vw-title__trailer--on' : ''}`}
      aria-hidden="true"
      tabIndex={-1}
      data-trailer-phase={trailer.phase}
    />
  );
}

/** Unmute (or Mute) while it plays, Replay once it ended: laid over the hero, so nothing moves. */
export function HeroTrailerControls({ trailer }: { trailer: HeroTrailerState }) {
  const { t } = useViewerTranslation();
  if (!trailer.shown || trailer.phase === 'waiting') return null;
  return (
    <div className="vw-trailer-controls" role="group" aria-label={t('title.trailer')}>
      {trailer.phase === 'ended' ? (
        <button type="button" className="vw-trailer-controls__button" onClick={trailer.replay}>
          <span aria-hidden="true">↻</span> {t('title.trailerReplay')}
        </button>
      ) : (
        <button type="button" className="vw-trailer-controls__button" onClick={trailer.toggleMute}>
          {trailer.muted ? t('title.trailerUnmute') : t('title.trailerMute')}
        </button>
      )}
    </div>
  );
}
