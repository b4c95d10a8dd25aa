import { useSearchParams } from 'react-router';
import { useApi } from '../app/api';
import { type LanguageName, languageFromSlug } from '../app/languages';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { GENRES, type Genre, genreForGroup, genreSlug } from '../catalog/catalog-lists';
import { distinctMovies, homeRails } from '../catalog/catalog-rules';
import type { HomeContent, Movie } from '../catalog/types';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { EmptyState, ErrorLine, LoadingLine } from '../components/LoadStatus';
import { MovieGrid } from '../components/MovieGrid';
import { useViewerTranslation } from '../i18n/use-viewer-translation';

/** SPEC §2.1 /movies: every film, narrowed by language and genre (kept in the address, so it can be shared). */
export function Movies() {
  const { t } = useViewerTranslation();
  useDocumentTitle(t('lists.movies'));
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const language = languageFromSlug(params.get('language') ?? undefined);
  const genre = genreForGroup(params.get('genre') ?? undefined) ?? null;

  const list = useLoader(
    async (signal): Promise<Movie[]> => {
      if (genre)
        return api
          .get(`home/viewall/${genreSlug(genre)}`, { searchParams: language ? { language } : {}, signal })
          .json<Movie[]>();
      if (language) return api.get(`home/languages/${language}`, { signal }).json<Movie[]>();
      const content = await api.get('home/content', { signal }).json<HomeContent>();
      return distinctMovies(homeRails(content));
    },
    [api, language, genre],
  );

  function update(next: { language?: LanguageName | null; genre?: Genre | null }) {
    const nextLanguage = next.language !== undefined ? next.language : language;
    const nextGenre = next.genre !== undefined ? next.genre : genre;
    const query: Record<string, string> = {};
    if (nextLanguage) query.language = nextLanguage;
    if (nextGenre) query.genre = genreSlug(nextGenre);
    setParams(query, { replace: true, preventScrollReset: true });
  }

  const movies = list.data ?? [];
  return (
    <section className="vw-page vw-list">
      <h1 className="vw-page__title">{t('lists.movies')}</h1>
      <div className="vw-filters">
        <LanguageSwitcher value={language} onChange={(l) => update({ language: l })} />
        <div className="vw-switcher vw-switcher--quiet" role="group" aria-label={t('switcher.genre')}>
          <button
            type="button"
            className="vw-switcher__option"
            aria-pressed={genre === null}
            onClick={() => update({ genre: null })}
          >
            {t('switcher.allGenres')}
          </button>
          {GENRES.map((g) => (
            <button
              key={g}
              type="button"
              className="vw-switcher__option"
              aria-pressed={genre === g}
              onClick={() => update({ genre: g })}
            >
              {t(`genres.${g}`)}
            </button>
          ))}
        </div>
      </div>
      {list.status === 'loading' && movies.length === 0 && <LoadingLine />}
      {list.status === 'error' && <ErrorLine message={list.error} onRetry={list.reload} />}
      {list.status === 'success' && movies.length === 0 && <EmptyState title={t('common.noData')} />}
      <div className={list.status === 'loading' ? 'vw-rails--stale' : undefined}>
        {movies.length > 0 && <MovieGrid movies={movies} />}
      </div>
    </section>
  );
}
