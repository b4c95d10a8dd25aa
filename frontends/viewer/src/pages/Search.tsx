import { useSearchParams } from 'react-router';
import { useApi } from '../app/api';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import type { Movie } from '../catalog/types';
import { EmptyState, FullScreenSpinner } from '../components/LoadStatus';
import { MovieGrid } from '../components/MovieGrid';

/** SPEC §2.11 search page: thumbnails or 'No data found', a full-screen spinner while loading. */
export function Search() {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const api = useApi();
  useDocumentTitle(term ? `Results for “${term}”` : 'Search');

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
      <h1 className="vw-page__title">{term ? <>Results for “{term}”</> : 'Search'}</h1>
      {loading && <FullScreenSpinner label={`Searching for ${term}`} />}
      {!term && (
        <EmptyState
          title="Search Chitram"
          text="Type a title, an actor or a word from the story in the search box above."
        />
      )}
      {term && !loading && movies.length === 0 && (
        <EmptyState title="No data found" text="Try another spelling, or a name from the cast." />
      )}
      {term && !loading && movies.length > 0 && (
        <p className="vw-list__count">
          {movies.length} {movies.length === 1 ? 'title' : 'titles'}
        </p>
      )}
      {!loading && movies.length > 0 && <MovieGrid movies={movies} />}
    </section>
  );
}
