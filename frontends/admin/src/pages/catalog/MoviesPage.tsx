import { Link } from 'react-router';
import { useDocumentTitle } from '../../app/use-document-title';
import { ADMIN_PAGE_SIZE } from '../../catalog/catalog-lists';
import { endpoints } from '../../catalog/endpoints';
import { pageCount } from '../../catalog/table-rules';
import type { AdminMoviePage } from '../../catalog/types';
import { Pagination } from '../../components/Pagination';
import { Cell, RowActions, RowThumb, TableFrame, TableSearch } from '../../components/TableTools';
import { useAdminList } from '../../components/use-admin-list';
import { useDeletion } from '../../components/use-deletion';
import { useTableQuery } from '../../components/use-table-query';
import { useVideoStates } from '../../videos/use-video-states';
import { VideoStateCell } from '../../videos/VideoStateCell';

/** SPEC §2.13 Movies: search (500 ms, back to page 1), pages of 10, edit and delete. */
export function MoviesPage() {
  useDocumentTitle('Movies');
  const query = useTableQuery();
  const list = useAdminList<AdminMoviePage>(endpoints.movies, query.search, query.page);
  const movies = list.data?.movies ?? [];
  const videos = useVideoStates(movies.map((movie) => movie.video));
  const totalPages = list.data?.totalPages ?? pageCount(list.data?.totalMovies ?? 0, ADMIN_PAGE_SIZE);
  const deletion = useDeletion({
    path: endpoints.deleteMovie,
    text: 'Do you really want to delete this movie?',
    onDeleted: () => query.afterDelete(movies.length, list.reload),
  });

  return (
    <section className="ad-page">
      <header className="ad-page__header ad-page__header--row">
        <div>
          <h1 className="ad-page__title">Movies</h1>
          {list.data && (
            <p className="ad-page__subtitle">
              {list.data.totalMovies} {list.data.totalMovies === 1 ? 'movie' : 'movies'}
            </p>
          )}
        </div>
        <Link className="button button--primary" to="/admin/movies/upload">
          + Upload New Movie
        </Link>
      </header>
      <div className="ad-toolbar">
        <TableSearch value={query.input} onChange={query.setInput} label="Search movies" />
      </div>
      <TableFrame
        status={list.status}
        error={list.error}
        empty={movies.length === 0}
        emptyText={query.search ? `No movies match “${query.search}”.` : 'No movies yet.'}
        onRetry={list.reload}
      >
        <table className="ad-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Poster</span>
              </th>
              <th scope="col">Title</th>
              <th scope="col">Language</th>
              <th scope="col">Genres</th>
              <th scope="col">Year</th>
              <th scope="col">Rating</th>
              <th scope="col">Access</th>
              <th scope="col">Video</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {movies.map((movie) => (
              <tr key={movie._id}>
                <td className="ad-table__thumb">
                  <RowThumb src={movie.thumbnailUrl} alt="" />
                </td>
                <th scope="row" className="ad-table__title">
                  {movie.title}
                  <span className="ad-table__sub">{movie.duration}</span>
                </th>
                <Cell label="Language">{movie.language}</Cell>
                <Cell label="Genres" className="ad-table__genres">
                  {movie.genre.join(', ')}
                </Cell>
                <Cell label="Year">{movie.releaseYear}</Cell>
                <Cell label="Rating">
                  <span className="ad-pill">{movie.rating}</span>
                </Cell>
                <Cell label="Access">
                  {movie.isFree ? <span className="ad-pill ad-pill--free">Free</span> : 'Paid'}
                </Cell>
                <VideoStateCell
                  title={movie.title}
                  video={videos.now(movie.video)}
                  retrying={videos.retrying === movie.video?.videoId}
                  onRetry={(videoId) => void videos.retry(videoId)}
                />
                <RowActions
                  title={movie.title}
                  editTo={`/admin/movies/edit/${movie._id}`}
                  editState={{ movie }}
                  onDelete={() => deletion.ask(movie._id)}
                />
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Pagination page={query.page} totalPages={totalPages} onPage={query.setPage} />
      {deletion.dialog}
    </section>
  );
}
