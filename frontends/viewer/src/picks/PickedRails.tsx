import type { BecauseYouWatched, Movie, TopToday } from '@chitram/contracts/web';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { LANGUAGES, type LanguageName } from '../app/languages';
import { useLoader } from '../app/use-loader';
import { PosterCard } from '../components/PosterCard';
import { SkeletonRail } from '../components/Skeleton';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import '../styles/picks.css';

// Rows picked for each profile (issue 22): "Because you watched X" (signed-in viewers) and "Top 10 in
// {language} today" (everyone), on home below its first genre rail. While a row is on its way it holds a
// rail's room (SkeletonRail), so nothing below it moves.

/** A picked row of films: a heading and posters, each with its rank when `ranked`. */
function PickedRail({
  id,
  heading,
  movies,
  ranked = false,
}: {
  id: string;
  heading: string;
  movies: Movie[];
  ranked?: boolean;
}) {
  const { t } = useViewerTranslation();
  return (
    <section className={`vw-rail vw-rail--picked vw-rail--${id}`} aria-labelledby={`vw-rail-${id}`}>
      <div className="vw-rail__head">
        <h2 id={`vw-rail-${id}`} className="vw-rail__title">
          {heading}
        </h2>
      </div>
      <ul className="vw-rail__track">
        {movies.map((movie, index) => (
          <li key={movie._id} className={`vw-rail__item${ranked ? ' vw-rail__item--ranked' : ''}`}>
            {ranked && (
              <span className="vw-rank" data-testid="rank">
                <span aria-hidden="true">{index + 1}</span>
                <span className="visually-hidden">{t('picks.rank', { rank: index + 1 })}</span>
              </span>
            )}
            <PosterCard movie={movie} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The catalogue language of the interface's language ('ta' → Tamil), English when none. */
function interfaceCatalogueLanguage(code: string): LanguageName {
  return LANGUAGES.find((language) => language.code === code.split('-')[0])?.name ?? 'English';
}

/** "Because you watched X": the signed-in viewer's row, none before they have finished a film. */
export function BecauseYouWatchedRail() {
  const api = useApi();
  const { t } = useViewerTranslation();
  const signedIn = useHost().useSession((s) => Boolean(s.user?.token));
  const row = useLoader(
    signedIn
      ? (signal) =>
          api
            .get('user/because-you-watched', { signal, context: { session: 'user' } })
            .json<BecauseYouWatched | null>()
      : null,
    [api, signedIn],
  );
  if (!signedIn) return null;
  if (row.status === 'loading' && !row.data) return <SkeletonRail />;
  if (!row.data || row.data.movies.length === 0) return null;
  return (
    <PickedRail
      id="because-you-watched"
      heading={t('picks.becauseYouWatched', { title: row.data.watched.title })}
      movies={row.data.movies}
    />
  );
}

/** "Top 10 in {language} today": home's chosen language, else the interface's. */
export function TopTodayRail({ language }: { language: LanguageName | null }) {
  const api = useApi();
  const { t, i18n } = useViewerTranslation();
  const shown = language ?? interfaceCatalogueLanguage(i18n.language);
  const row = useLoader(
    (signal) => api.get('home/top-today', { searchParams: { language: shown }, signal }).json<TopToday>(),
    [api, shown],
  );
  if (row.status !== 'success' && !row.data) return row.status === 'error' ? null : <SkeletonRail />;
  if (!row.data || row.data.movies.length === 0) return null;
  return (
    <PickedRail
      id="top-today"
      heading={t('picks.topToday', { language: t(`languages.${shown}`) })}
      movies={row.data.movies}
      ranked
    />
  );
}
