import { useSearchParams } from 'react-router';
import { useApi } from '../app/api';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import type { Movie } from '../catalog/types';
import { EmptyState, FullScreenSpinner } from '../components/LoadStatus';
import { MovieGrid } from '../components/MovieGrid';
import { useViewerTranslation } from '../i18n/use-viewer-translation';

/** SPEC §2.11 search page: thumbnails or 'No data found', a full-screen spinner while loading. */
export function Search() {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const api = useApi();
  const { t } = useViewerTranslation();
  useDocumentTitle(term ? t('lists.resultsFor', { term }) : t('lists.searchTitle'));

  // SPEC §7: a failed search shows as no results.
  const results = useLoader(
    term
      ? (signal) =>
          api
            .get('home/search', { searchParams: { q: term }, signal })
            .json<Movie[]>()
            .catch((error: unknown) => {
              if (signal.aborted) throw error;
              return [];
            })
      : null,
    [api, term],
  );
  const movies = term ? (results.data ?? []) : [];
  const loading = Boolean(term) && (results.status === 'loading' || results.status === 'idle');

  return (
    <section className="vw-page vw-list">
      <h1 className="vw-page__title">{term ? t('lists.resultsFor', { term }) : t('lists.searchTitle')}</h1>
      {loading && <FullScreenSpinner label={t('lists.searchingFor', { term })} />}
      {!term && <EmptyState title={t('lists.searchHint')} text={t('lists.searchHintText')} />}
      {term && !loading && movies.length === 0 && (
        <EmptyState title={t('common.noData')} text={t('lists.noResultsText')} />
      )}
      {term && !loading && movies.length > 0 && (
        <p className="vw-list__count">{t('common.titleCount', { count: movies.length })}</p>
      )}
      {!loading && movies.length > 0 && <MovieGrid movies={movies} />}
    </section>
  );
}
