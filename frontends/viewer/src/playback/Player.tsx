import type { StreamAnswer } from '@chitram/contracts/web';
import type Hls from 'hls.js';
import type { MediaPlaylist } from 'hls.js';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useHost } from '../app/host';
import { LANGUAGES } from '../app/languages';
import { MyListButton } from '../my-list/MyListButton';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { clock, HEARTBEAT_MS, qualityLabel, streamFailure, type PlayerFailure } from './playback-rules';
import { SeekBar } from './SeekBar';
import { skippableAt, SkipButton } from './SkipButton';
import {
  chooseAudio,
  chooseSubtitles,
  DEFAULT_PREFERENCES,
  loadPreferences,
  savePreferences,
  subtitleKey,
  type OfferedTrack,
  type TrackPreferences,
} from './track-choice';
import { TracksMenu } from './TracksMenu';
import '../styles/player.css';

interface PlayerProps {
  stream: StreamAnswer;
  title: string;
  /** What is playing, for continue watching. */
  kind: 'movie' | 'episode';
  titleId: string;
  poster?: string;
  /** Where to start (continue watching); 0 from the beginning. */
  startAt?: number;
  onClose(): void;
  /** The video reached its end (an episode page offers the next one). */
  onEnded?(): void;
  /** Where the video is, as it plays (an episode page counts down to the next one in the credits). */
  onProgress?(positionSeconds: number, durationSeconds: number): void;
  /** Shown over the picture, and with it in full screen (the next episode's card). */
  overlay?: ReactNode;
  /** The title's language (its English name, `Tamil`, or code): the audio and subtitles' second choice (D44). */
  titleLanguage?: string | null;
}

/** A code (`ta`) for a language's English name or code. */
function languageCode(language: string | null | undefined): string | null {
  if (!language) return null;
  return LANGUAGES.find((l) => l.name === language || l.code === language)?.code ?? language;
}

/** hls.js's tracks as the player offers them. */
function offered(tracks: MediaPlaylist[]): OfferedTrack[] {
  return tracks.map((track, index) => ({
    index,
    language: track.lang ?? '',
    name: track.name,
    forced: Boolean(track.forced),
    sdh: /public\.accessibility\.(transcribes-spoken-dialog|describes-music-and-sound)/.test(
      track.characteristics ?? '',
    ),
  }));
}

/** Keys that belong to the control in focus (a button's Space, a list's arrows), not to the player. */
function isControl(target: EventTarget): boolean {
  return target instanceof HTMLElement && /^(BUTTON|SELECT|INPUT|A)$/.test(target.tagName);
}

/** A phone or tablet held sideways (the Screen Orientation API where there is one). */
function isLandscape(): boolean {
  const type = window.screen.orientation?.type;
  return type ? type.startsWith('landscape') : window.innerWidth > window.innerHeight;
}

/** The browser plays HLS itself (Safari), where hls.js has no Media Source Extensions to work with. */
function canPlayNatively(element: HTMLVideoElement): boolean {
  return element.canPlayType('application/vnd.apple.mpegurl') !== '';
}

interface Level {
  index: number;
  height: number;
}

/**
 * The adaptive player (issue 8; DECISIONS D21, D23): hls.js where the browser has Media Source
 * Extensions (it sends the viewer's token with every playlist and segment request), the browser's own
 * HLS otherwise (Safari). Quality is Auto or one of the renditions the plan allows. While it plays, it
 * keeps its screen with heartbeats, and gives the screen back when it closes.
 */
export function Player({
  stream,
  title,
  kind,
  titleId,
  poster,
  startAt = 0,
  onClose,
  onEnded,
  onProgress,
  overlay,
  titleLanguage = null,
}: PlayerProps) {
  const { api, getSession } = useHost();
  const { t, i18n } = useViewerTranslation();
  const { locale } = useFormats();
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const hls = useRef<Hls | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [quality, setQuality] = useState<number>(-1);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState({ at: 0, duration: 0 });
  /** Why the stream stopped, as the key of its words. */
  const [failure, setFailure] = useState<PlayerFailure | null>(null);
  const seen = useRef({ at: startAt, duration: 0 });
  // D44: the audio and subtitle tracks, and this profile's choices (kept in this browser, per profile).
  const [audioTracks, setAudioTracks] = useState<OfferedTrack[]>([]);
  const [subtitleTracks, setSubtitleTracks] = useState<OfferedTrack[]>([]);
  const [audio, setAudio] = useState(-1);
  /** The audio language hls.js plays now (once it has switched, D44): on the video for tests and tools. */
  const [playingAudio, setPlayingAudio] = useState('');
  const [subtitles, setSubtitles] = useState(-1);
  const profileId = getSession().user?.profile?._id ?? getSession().user?._id ?? 'visitor';
  const [looks, setLooks] = useState<Pick<TrackPreferences, 'size' | 'background'>>(() => ({
    size: loadPreferences(profileId)?.size ?? DEFAULT_PREFERENCES.size,
    background: loadPreferences(profileId)?.background ?? DEFAULT_PREFERENCES.background,
  }));
  // The interface speaks the profile's language once it is chosen (D37), else the device's.
  const interfaceLanguage = i18n.language;
  const choosing = useRef({ profileId, interfaceLanguage, titleLanguage });
  choosing.current = { profileId, interfaceLanguage, titleLanguage };
  const signedIn = Boolean(getSession().user?.token);
  const close = useRef(onClose);
  close.current = onClose;

  // The player opens where the viewer looks: brought into view (below the fixed header, through the
  // page's scroll padding) and given the keyboard focus, so Space, arrows and Esc reach it at once.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    element.scrollIntoView({ block: 'start' });
    element.focus({ preventScroll: true });
  }, []);

  // Esc closes the player from anywhere on the page, unless it leaves full screen (the browser's) or
  // a dialog is open; turning a phone sideways fills the screen with it, and upright gives the page back.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.fullscreenElement) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onKey);
    const orientation = window.screen.orientation as ScreenOrientation | undefined;
    const touch = window.matchMedia?.('(pointer: coarse)').matches ?? false;
    const onTurn = () => {
      const element = frame.current;
      // An iPhone has no full screen for the page, only the video's own (Safari's webkit method).
      const own = video.current as unknown as { webkitEnterFullscreen?(): void } | null;
      if (!document.fullscreenEnabled && isLandscape())
        try {
          own?.webkitEnterFullscreen?.();
        } catch {
          // Refused without a tap on some versions: the viewer still has the video's own button.
        }
      if (!element || !document.fullscreenEnabled) return;
      if (isLandscape() && !document.fullscreenElement)
        void element.requestFullscreen?.({ navigationUI: 'hide' }).catch(() => undefined);
      else if (!isLandscape() && document.fullscreenElement === element)
        void document.exitFullscreen().catch(() => undefined);
    };
    if (touch) orientation?.addEventListener('change', onTurn);
    return () => {
      document.removeEventListener('keydown', onKey);
      orientation?.removeEventListener('change', onTurn);
    };
  }, []);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let disposed = false;
    if (stream.kind === 'external' && !stream.movieUrl.includes('.m3u8')) {
      element.src = stream.movieUrl;
      return;
    }
    void import('hls.js').then(({ default: HlsClass }) => {
      if (disposed) return;
      if (!HlsClass.isSupported()) {
        // Safari on iOS plays HLS itself. It cannot send the bearer token with each request: the grant
        // (and every heartbeat) left the viewer's stream pass in a cookie for the stream's path instead.
        if (canPlayNatively(element)) element.src = stream.movieUrl;
        else setFailure('playback.unsupportedBrowser');
        return;
      }
      const instance = new HlsClass({
        capLevelToPlayerSize: false,
        // Continue watching: hls.js loads from there rather than from the start.
        startPosition: startAt > 0 ? startAt : -1,
        xhrSetup: (xhr) => {
          // The current token, renewed by the heartbeats' calls when it expires.
          const token = getSession().user?.token;
          if (token && stream.kind === 'hls') xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        },
      });
      hls.current = instance;
      // The first choice of audio and subtitles (D44): the profile's last, else by language. hls.js
      // knows a rendition's tracks once it knows its groups (at the manifest, or at its first level).
      const chosen = { audio: false, subtitles: false };
      const chooseTracks = () => {
        const { profileId: profile, interfaceLanguage: shown, titleLanguage: own } = choosing.current;
        const saved = loadPreferences(profile);
        const titleCode = languageCode(own);
        const audios = offered(instance.audioTracks);
        const texts = offered(instance.subtitleTracks);
        if (!chosen.audio && audios.length) {
          chosen.audio = true;
          const index = chooseAudio(audios, saved?.audio ?? null, shown, titleCode);
          if (index >= 0 && index !== instance.audioTrack) instance.audioTrack = index;
        }
        if (!chosen.subtitles && texts.length) {
          chosen.subtitles = true;
          const playingAudio = audios[instance.audioTrack]?.language || titleCode;
          instance.subtitleDisplay = true;
          instance.subtitleTrack = chooseSubtitles(texts, saved?.subtitles, shown, titleCode, playingAudio);
        }
        setAudioTracks(audios);
        setSubtitleTracks(texts);
        setAudio(instance.audioTrack);
        setSubtitles(instance.subtitleTrack);
      };
      // After hls.js's own handling of the event: a track chosen during it is undone by its defaults.
      const chooseSoon = () => setTimeout(() => !disposed && chooseTracks(), 0);
      instance.on(HlsClass.Events.AUDIO_TRACKS_UPDATED, chooseSoon);
      instance.on(HlsClass.Events.AUDIO_TRACK_SWITCHED, (_event, data) =>
        setPlayingAudio(instance.audioTracks[data.id]?.lang ?? ''),
      );
      instance.on(HlsClass.Events.SUBTITLE_TRACKS_UPDATED, chooseSoon);
      instance.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
        chooseTracks();
        setLevels(
          data.levels
            .map((level, index) => ({ index, height: level.height }))
            .sort((a, b) => b.height - a.height),
        );
        void element.play().catch(() => undefined);
      });
      instance.on(HlsClass.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        const status = (data.response as { code?: number } | undefined)?.code;
        setFailure(streamFailure(status));
        instance.destroy();
      });
      instance.loadSource(stream.movieUrl);
      instance.attachMedia(element);
    });
    return () => {
      disposed = true;
      hls.current?.destroy();
      hls.current = null;
    };
  }, [stream, getSession, startAt]);

  // D24: the screen stays ours while we play, and every beat notes where we are (continue watching); the
  // screen is given back, and the last position saved, when the player closes.
  useEffect(() => {
    if (!signedIn) return;
    // Where the video was last seen: on close the element may already be emptied by hls.js. The length is
    // read from the element when it knows it (the beat on 'play' can come before any time update); 0 says
    // "not known", which the catalogue never takes for a length.
    const report = () => {
      const length = video.current?.duration;
      const duration = length && Number.isFinite(length) ? length : seen.current.duration;
      return {
        kind,
        titleId,
        positionSeconds: Math.floor(seen.current.at),
        durationSeconds: Math.floor(duration),
      };
    };
    const beat = () =>
      void api
        .post('playback/heartbeat', { json: report(), context: { session: 'user' } })
        .catch(() => undefined);
    const timer = setInterval(() => {
      if (!video.current?.paused) beat();
    }, HEARTBEAT_MS);
    // Playing again after a pause renews the screen and the stream pass at once; a pause or the end
    // says where the viewer stopped (a title watched into its credits leaves Continue watching).
    const element = video.current;
    const events = ['play', 'pause', 'ended'] as const;
    for (const name of events) element?.addEventListener(name, beat);
    return () => {
      clearInterval(timer);
      for (const name of events) element?.removeEventListener(name, beat);
      const token = getSession().user?.token;
      if (token)
        void fetch('/api/playback/stop', {
          method: 'POST',
          keepalive: true,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(report()),
        }).catch(() => undefined);
    };
  }, [stream, signedIn, api, getSession, kind, titleId]);

  function chooseAudioTrack(index: number) {
    const instance = hls.current;
    if (!instance) return;
    instance.audioTrack = index;
    setAudio(index);
    savePreferences(profileId, { audio: audioTracks[index]?.language || null });
  }

  function chooseSubtitleTrack(index: number) {
    const instance = hls.current;
    if (!instance) return;
    instance.subtitleDisplay = true;
    instance.subtitleTrack = index;
    setSubtitles(index);
    const track = subtitleTracks[index];
    savePreferences(profileId, { subtitles: track ? subtitleKey(track) : null });
  }

  function chooseLooks(change: Partial<Pick<TrackPreferences, 'size' | 'background'>>) {
    setLooks((current) => ({ ...current, ...change }));
    savePreferences(profileId, change);
  }

  function chooseQuality(index: number) {
    setQuality(index);
    if (hls.current) hls.current.currentLevel = index;
  }

  function toggle() {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  }

  function seek(by: number) {
    const element = video.current;
    if (element) element.currentTime = Math.max(0, Math.min(element.duration || 0, element.currentTime + by));
  }

  function seekTo(seconds: number) {
    const element = video.current;
    if (element) element.currentTime = Math.max(0, Math.min(element.duration || 0, seconds));
  }

  function skip() {
    const span = skippableAt(stream.markers, time.at);
    if (span) seekTo(span.endSeconds);
  }

  function fullScreen() {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen().catch(() => undefined);
  }

  function onKey(event: React.KeyboardEvent) {
    if (isControl(event.target)) return;
    const keys: Record<string, () => void> = {
      ' ': toggle,
      k: toggle,
      ArrowRight: () => seek(10),
      ArrowLeft: () => seek(-10),
      f: fullScreen,
      m: () => video.current && (video.current.muted = !video.current.muted),
      s: skip,
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  return (
    <div
      className="vw-player"
      ref={frame}
      role="region"
      aria-label={t('playback.player', { title })}
      onKeyDown={onKey}
      tabIndex={-1}
    >
      <div className="vw-player__screen">
        {/* Before the picture, so the card's buttons are the first Tab stops after the player. */}
        {overlay}
        <SkipButton markers={stream.markers} at={time.at} onSkip={seekTo} />
        <video
          ref={video}
          className={`vw-player__video vw-player__video--cues-${looks.size}${
            looks.background ? ' vw-player__video--cue-background' : ''
          }`}
          poster={poster}
          playsInline
          controls
          aria-label={title}
          data-audio-language={playingAudio || undefined}
          onLoadedMetadata={(e) => {
            if (startAt > 0 && startAt < e.currentTarget.duration - 5) e.currentTarget.currentTime = startAt;
          }}
          onEnded={onEnded}
          onError={() => {
            // hls.js reports its own errors; this is the browser's own HLS (or a plain file) failing.
            if (!hls.current) setFailure('playback.streamFailed');
          }}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onTimeUpdate={(e) => {
            const at = e.currentTarget.currentTime;
            const duration = Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0;
            seen.current = { at, duration };
            setTime({ at, duration });
            onProgress?.(at, duration);
          }}
        />
      </div>
      <SeekBar at={time.at} duration={time.duration} thumbnailsUrl={stream.thumbnailsUrl} onSeek={seekTo} />
      <div className="vw-player__bar">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={toggle}
          aria-keyshortcuts="k Space"
        >
          {playing ? t('playback.pause') : t('playback.play')}
        </button>
        <span className="vw-player__time" aria-live="off">
          {clock(time.at, locale)} / {clock(time.duration, locale)}
        </span>
        <TracksMenu
          audioTracks={audioTracks}
          audio={audio}
          onAudio={chooseAudioTrack}
          subtitleTracks={subtitleTracks}
          subtitles={subtitles}
          onSubtitles={chooseSubtitleTrack}
          size={looks.size}
          onSize={(size) => chooseLooks({ size })}
          background={looks.background}
          onBackground={(background) => chooseLooks({ background })}
        />
        {levels.length > 0 && (
          <label className="vw-player__quality">
            {t('playback.quality')}
            <select value={quality} onChange={(e) => chooseQuality(Number(e.target.value))}>
              <option value={-1}>{qualityLabel(null, t('playback.auto'))}</option>
              {levels.map((level) => (
                <option key={level.index} value={level.index}>
                  {qualityLabel(level.height, t('playback.auto'))}
                </option>
              ))}
            </select>
          </label>
        )}
        <MyListButton titleId={titleId} title={title} variant="player" />
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={fullScreen}
          aria-keyshortcuts="f"
        >
          {t('playback.fullScreen')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {t('playback.close')}
        </button>
      </div>
      {failure && (
        <p className="vw-player__failure" role="alert">
          {t(failure)}
        </p>
      )}
    </div>
  );
}
