import type { MarkerKind, VideoMarkers } from '@chitram/contracts/web';
import { useViewerTranslation } from '../i18n/use-viewer-translation';

/** The markers a viewer may skip (D42); credits instead start the next episode's countdown. */
const SKIPPABLE = ['intro', 'recap'] as const satisfies readonly MarkerKind[];

/** The skippable span a position is in, if any. */
export function skippableAt(markers: VideoMarkers, at: number) {
  for (const kind of SKIPPABLE) {
    const span = markers[kind];
    if (span && at >= span.startSeconds && at < span.endSeconds - 0.5) return { kind, ...span };
  }
  return undefined;
}

/**
 * "Skip intro" / "Skip recap" over the picture's corner while the position is in that span: a button
 * (Tab reaches it; the player's S key presses it) that jumps to the span's end.
 */
export function SkipButton({
  markers,
  at,
  onSkip,
}: {
  markers: VideoMarkers;
  at: number;
  onSkip(to: number): void;
}) {
  const { t } = useViewerTranslation();
  const span = skippableAt(markers, at);
  if (!span) return null;
  return (
    <button
      type="button"
      className="button vw-skip"
      aria-keyshortcuts="s"
      onClick={() => onSkip(span.endSeconds)}
    >
      {span.kind === 'intro' ? t('playback.skipIntro') : t('playback.skipRecap')}
    </button>
  );
}
