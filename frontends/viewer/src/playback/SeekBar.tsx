import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useHost } from '../app/host';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { clock } from './playback-rules';
import { parseThumbnails, thumbnailAt, type Thumbnail } from '@chitram/contracts/web';

interface SeekBarProps {
  at: number;
  duration: number;
  /** The signed trickplay index of the grant (D42); null: the bar shows the time alone. */
  thumbnailsUrl: string | null;
  onSeek(seconds: number): void;
}

/** The trickplay index's thumbnails, fetched once per index (with the viewer's token for a paid title). */
function useThumbnails(url: string | null): Thumbnail[] {
  const { getSession } = useHost();
  const [thumbnails, setThumbnails] = useState<Thumbnail[]>([]);
  useEffect(() => {
    setThumbnails([]);
    if (!url) return;
    const abort = new AbortController();
    const token = getSession().user?.token;
    fetch(url, { signal: abort.signal, headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((answer) => (answer.ok ? answer.text() : ''))
      .then((vtt) => setThumbnails(parseThumbnails(vtt, url)))
      // No pictures is no failure: the bar still seeks and tells the time.
      .catch(() => undefined);
    return () => abort.abort();
  }, [url, getSession]);
  return thumbnails;
}

/**
 * The seek bar (D42): a slider the keyboard moves (arrows, Home, End) as a pointer or a finger does,
 * showing the picture and time of where it points while hovered, dragged or moved by keys. The preview
 * floats above the bar over the picture, so nothing below moves when it appears.
 */
export function SeekBar({ at, duration, thumbnailsUrl, onSeek }: SeekBarProps) {
  const { t } = useViewerTranslation();
  const { locale } = useFormats();
  const thumbnails = useThumbnails(thumbnailsUrl);
  const track = useRef<HTMLDivElement>(null);
  /** Where the preview points, in seconds; null when hidden. */
  const [preview, setPreview] = useState<number | null>(null);
  const [width, setWidth] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  /** Half the preview's width as drawn (a phone draws the picture smaller than its sheet's tile). */
  const [drawnHalf, setDrawnHalf] = useState<number | null>(null);
  const known = duration > 0;

  // Measured after each render that shows the preview, before it is painted: its picture, scaled by the
  // screen's styles, may come as close to the bar's ends as its drawn half, and no closer.
  useLayoutEffect(() => {
    if (!box.current) return;
    const half = Math.max(0, ...[...box.current.children].map((c) => c.getBoundingClientRect().width)) / 2;
    if (half > 0 && half !== drawnHalf) setDrawnHalf(half);
  });

  function pointAt(clientX: number): number {
    const box = track.current?.getBoundingClientRect();
    if (!box || !box.width) return 0;
    return Math.max(0, Math.min(1, (clientX - box.left) / box.width)) * duration;
  }

  const shown = preview === null ? undefined : thumbnailAt(thumbnails, preview);
  // The preview's centre follows the pointer, kept inside the bar.
  const half = drawnHalf ?? (shown ? shown.w / 2 : 40);
  const x =
    preview === null || !known ? 0 : Math.max(half, Math.min(width - half, (preview / duration) * width));

  return (
    <div
      className="vw-seek"
      ref={track}
      onPointerMove={(e) => {
        if (!known) return;
        setWidth(e.currentTarget.getBoundingClientRect().width);
        setPreview(pointAt(e.clientX));
      }}
      onPointerLeave={() => setPreview(null)}
    >
      {preview !== null && known && (
        <div
          className="vw-seek__preview"
          ref={box}
          style={{ left: x }}
          data-testid="seek-preview"
          aria-hidden="true"
        >
          {shown && (
            <span
              className="vw-seek__thumb"
              style={{
                width: shown.w,
                height: shown.h,
                backgroundImage: `url("${shown.sheet}")`,
                backgroundPosition: `${-shown.x}px ${-shown.y}px`,
              }}
            />
          )}
          <span className="vw-seek__time">{clock(preview, locale)}</span>
        </div>
      )}
      <input
        type="range"
        className="vw-seek__range"
        min={0}
        max={known ? duration : 0}
        step={1}
        value={Math.min(at, duration)}
        disabled={!known}
        aria-label={t('playback.seek')}
        aria-valuetext={t('playback.seekPosition', {
          time: clock(at, locale),
          duration: clock(duration, locale),
        })}
        onChange={(e) => {
          const to = Number(e.currentTarget.value);
          setWidth(track.current?.getBoundingClientRect().width ?? 0);
          setPreview(to);
          onSeek(to);
        }}
        onBlur={() => setPreview(null)}
        onPointerUp={() => setPreview(null)}
        onKeyUp={(e) => {
          // Arrows keep the picture up while the slider has the keyboard; Escape puts it away.
          if (e.key === 'Escape') setPreview(null);
        }}
      />
    </div>
  );
}
