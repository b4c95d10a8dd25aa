import { isInterfaceLanguageCode, NATIVE_LANGUAGE_NAMES, ORIGINAL_AUDIO_NAME } from '@chitram/contracts/web';
import { useEffect, useId, useRef, useState } from 'react';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { SUBTITLE_SIZES, type OfferedTrack, type SubtitleSize } from './track-choice';

interface TracksMenuProps {
  audioTracks: OfferedTrack[];
  audio: number;
  onAudio(index: number): void;
  subtitleTracks: OfferedTrack[];
  /** -1: off. */
  subtitles: number;
  onSubtitles(index: number): void;
  size: SubtitleSize;
  onSize(size: SubtitleSize): void;
  background: boolean;
  onBackground(on: boolean): void;
}

/** A track's words: its language in itself (marked with its code for fonts and screen readers). */
function TrackName({ track }: { track: OfferedTrack }) {
  const { t } = useViewerTranslation();
  const code = track.language.split('-')[0];
  const language = isInterfaceLanguageCode(code)
    ? NATIVE_LANGUAGE_NAMES[code]
    : track.name === ORIGINAL_AUDIO_NAME
      ? t('playback.originalAudio')
      : track.name || track.language;
  return (
    <>
      <span lang={code || undefined}>{language}</span>
      {track.sdh && <span className="vw-tracks__kind"> {t('playback.sdh')}</span>}
    </>
  );
}

type Open = 'audio' | 'subtitles' | null;

/**
 * The player's Audio and Subtitles menus (D44): a button each, opening a panel over the picture with a
 * choice per track (radio buttons, so arrows move between them), and for subtitles Off, their size
 * and a background behind the words. Esc or a click elsewhere closes the panel.
 */
export function TracksMenu(props: TracksMenuProps) {
  const { t } = useViewerTranslation();
  const [open, setOpen] = useState<Open>(null);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  const plainSubtitles = props.subtitleTracks.filter((track) => !track.forced);
  const chosenSubtitle = plainSubtitles.find((track) => track.index === props.subtitles);
  const chosenAudio = props.audioTracks.find((track) => track.index === props.audio) ?? props.audioTracks[0];

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (props.audioTracks.length < 2 && plainSubtitles.length === 0) return null;

  const toggle = (which: Exclude<Open, null>) => setOpen((current) => (current === which ? null : which));
  const panel = `${id}-panel`;

  return (
    <div
      className="vw-tracks"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          // Closes the panel, not the player.
          event.preventDefault();
          event.stopPropagation();
          event.nativeEvent.stopImmediatePropagation();
          setOpen(null);
        }
      }}
    >
      {props.audioTracks.length > 1 && (
        <button
          type="button"
          className="button button--ghost button--small vw-tracks__button"
          aria-expanded={open === 'audio'}
          aria-controls={open === 'audio' ? panel : undefined}
          onClick={() => toggle('audio')}
        >
          {/* One piece of text: the button lays its children out with a gap. */}
          <span>
            {t('playback.audio')}
            {chosenAudio && (
              <span className="vw-tracks__current">
                : <TrackName track={chosenAudio} />
              </span>
            )}
          </span>
        </button>
      )}
      {plainSubtitles.length > 0 && (
        <button
          type="button"
          className="button button--ghost button--small vw-tracks__button"
          aria-expanded={open === 'subtitles'}
          aria-controls={open === 'subtitles' ? panel : undefined}
          onClick={() => toggle('subtitles')}
        >
          <span>
            {t('playback.subtitles')}
            <span className="vw-tracks__current">
              : {chosenSubtitle ? <TrackName track={chosenSubtitle} /> : t('playback.subtitlesOff')}
            </span>
          </span>
        </button>
      )}
      {open === 'audio' && (
        <div className="vw-tracks__panel" id={panel}>
          <fieldset className="vw-tracks__set">
            <legend>{t('playback.audio')}</legend>
            {props.audioTracks.map((track) => (
              <label key={track.index} className="vw-tracks__option">
                <input
                  type="radio"
                  name={`${id}-audio`}
                  checked={track.index === chosenAudio?.index}
                  onChange={() => props.onAudio(track.index)}
                />
                <TrackName track={track} />
              </label>
            ))}
          </fieldset>
        </div>
      )}
      {open === 'subtitles' && (
        <div className="vw-tracks__panel" id={panel}>
          <fieldset className="vw-tracks__set">
            <legend>{t('playback.subtitles')}</legend>
            <label className="vw-tracks__option">
              <input
                type="radio"
                name={`${id}-subtitles`}
                checked={!chosenSubtitle}
                onChange={() => props.onSubtitles(-1)}
              />
              {t('playback.subtitlesOff')}
            </label>
            {plainSubtitles.map((track) => (
              <label key={track.index} className="vw-tracks__option">
                <input
                  type="radio"
                  name={`${id}-subtitles`}
                  checked={track.index === chosenSubtitle?.index}
                  onChange={() => props.onSubtitles(track.index)}
                />
                <TrackName track={track} />
              </label>
            ))}
          </fieldset>
          <fieldset className="vw-tracks__set">
            <legend>{t('playback.subtitleSize')}</legend>
            {SUBTITLE_SIZES.map((size) => (
              <label key={size} className="vw-tracks__option">
                <input
                  type="radio"
                  name={`${id}-size`}
                  checked={props.size === size}
                  onChange={() => props.onSize(size)}
                />
                {t(`playback.size.${size}`)}
              </label>
            ))}
            <label className="vw-tracks__option vw-tracks__option--check">
              <input
                type="checkbox"
                checked={props.background}
                onChange={(event) => props.onBackground(event.target.checked)}
              />
              {t('playback.subtitleBackground')}
            </label>
          </fieldset>
        </div>
      )}
    </div>
  );
}
