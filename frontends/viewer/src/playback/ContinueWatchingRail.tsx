import type { ContinueWatching } from '@chitram/contracts/web';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { useLoader } from '../app/use-loader';
import { PosterCard } from '../components/PosterCard';
import { useViewerTranslation } from '../i18n/use-viewer-translation';

/** Home's 'Continue watching' rail for a signed-in viewer: unfinished films, latest first, with how far in. */
export function ContinueWatchingRail() {
  const api = useApi();
  const { t } = useViewerTranslation();
  const signedIn = useHost().useSession((s) => Boolean(s.user?.token));
  const rail = useLoader(
    signedIn
      ? (signal) =>
          api.get('playback/continue', { signal, context: { session: 'user' } }).json<ContinueWatching[]>()
      : null,
    [api, signedIn],
  );
  const items = (rail.data ?? []).filter((item) => item.movie);
  if (!signedIn || items.length === 0) return null;
  return (
    <section className="vw-rail vw-rail--continue" aria-labelledby="vw-rail-continue">
      <div className="vw-rail__head">
        <h2 id="vw-rail-continue" className="vw-rail__title">
          {t('playback.continueWatching')}
        </h2>
      </div>
      <div className="vw-rail__body">
        <ul className="vw-rail__track">
          {items.map((item) => (
            <li key={item.titleId} className="vw-rail__item">
              <PosterCard movie={item.movie!} />
              <span
                className="vw-rail__progress"
                role="progressbar"
                aria-label={t('playback.watched', { title: item.movie!.title })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round((item.positionSeconds / Math.max(1, item.durationSeconds)) * 100)}
              >
                <span
                  style={{
                    width: `${Math.min(100, (item.positionSeconds / Math.max(1, item.durationSeconds)) * 100)}%`,
                  }}
                />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
