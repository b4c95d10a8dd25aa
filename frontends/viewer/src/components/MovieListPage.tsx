import { type ReactNode, useEffect, useState } from 'react';
import { useFailureMessage } from '../app/api';
import type { Movie } from '../catalog/types';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { EmptyState, ErrorLine, LoadingLine } from './LoadStatus';
import { MovieGrid } from './MovieGrid';

/** The API answers these lists 60 titles a page; a full page means there may be more. */
export const MOVIE_LIST_PAGE_SIZE = 60;

/**
 * A page of SPEC §2.11 that wraps thumbnails: view-all and language pages. Loads page 1, and more on
 * request while pages come back full.
 */
export function MovieListPage({
  eyebrow,
  title,
  listKey,
  loadPage,
}: {
  eyebrow?: ReactNode;
  title: string;
  /** Changes when the list means something else (another group or language). */
  listKey: string;
  loadPage(page: number, signal: AbortSignal): Promise<Movie[]>;
}) {
  const [movies, setMovies] = useState<Movie[]>([]);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'loading' | 'success' | 'error'>('loading');
  const [failure, setFailure] = useState<unknown>(null);
  const [hasMore, setHasMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const failureMessage = useFailureMessage();
  const { t } = useViewerTranslation();

  useEffect(() => {
    setMovies([]);
    setPage(1);
  }, [listKey]);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    loadPage(page, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        setMovies((previous) => {
          const known = new Set(previous.map((m) => m._id));
          return page === 1 ? found : [...previous, ...found.filter((m) => !known.has(m._id))];
        });
        setHasMore(found.length >= MOVIE_LIST_PAGE_SIZE);
        setStatus('success');
      },
      (problem: unknown) => {
        if (controller.signal.aborted) return;
        setFailure(problem);
        setStatus('error');
      },
    );
    return () => controller.abort();
    // `loadPage` is rebuilt every render; the key and the page say what to load.
  }, [listKey, page, attempt]);

  return (
    <section className="vw-page vw-list">
      {eyebrow && <p className="vw-eyebrow">{eyebrow}</p>}
      <h1 className="vw-page__title">{title}</h1>
      {status === 'loading' && movies.length === 0 && <LoadingLine />}
      {status === 'error' && (
        <ErrorLine message={failureMessage(failure)} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {status === 'success' && movies.length === 0 && <EmptyState title={t('common.noData')} />}
      {movies.length > 0 && <MovieGrid movies={movies} />}
      {hasMore && status !== 'error' && (
        <div className="vw-list__more">
          <button
            type="button"
            className="button button--ghost"
            disabled={status === 'loading'}
            onClick={() => setPage((p) => p + 1)}
          >
            {status === 'loading' ? t('common.loading') : t('common.showMore')}
          </button>
        </div>
      )}
    </section>
  );
}
