import { useEffect, useId, useRef } from 'react';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { useSecondsUntil } from '../sign-in/use-countdown';

/**
 * The card in an episode's end credits: the next episode of the series plays when its countdown ends,
 * or at once with Play now; Cancel leaves the viewer where they are. Both are buttons in the tab order,
 * after the player's own controls.
 */
export function NextEpisodeCard({
  heading,
  deadline,
  onPlayNow,
  onCancel,
}: {
  /** The next episode's heading ('Episode 2 - Jobs in Jamshedpur'). */
  heading: string;
  /** When it plays by itself (epoch ms). */
  deadline: number;
  onPlayNow(): void;
  onCancel(): void;
}) {
  const { t } = useViewerTranslation();
  const seconds = useSecondsUntil(deadline);
  const titleId = useId();
  const playNow = useRef(onPlayNow);
  playNow.current = onPlayNow;

  useEffect(() => {
    if (seconds === 0) playNow.current();
  }, [seconds]);

  return (
    <section className="vw-next" aria-labelledby={titleId}>
      <p className="vw-next__eyebrow" id={titleId}>
        {t('autoplay.upNext')}
      </p>
      <p className="vw-next__title" aria-live="polite">
        {heading}
      </p>
      <p className="vw-next__countdown">{t('autoplay.playsIn', { count: seconds })}</p>
      <div className="vw-next__actions">
        <button type="button" className="button button--primary button--small" onClick={onPlayNow}>
          {t('autoplay.playNow')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          {t('autoplay.cancel')}
        </button>
      </div>
    </section>
  );
}
