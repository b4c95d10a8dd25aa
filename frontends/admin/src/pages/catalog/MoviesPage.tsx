import { useDocumentTitle } from '../../app/use-document-title';
import { CatalogListPage, useCatalogList } from '../../catalog/CatalogList';
import { endpoints } from '../../catalog/endpoints';
import type { AdminMoviePage } from '../../catalog/types';
import { Cell, RowActions, RowThumb } from '../../components/TableTools';
import { useVideoStates } from '../../videos/use-video-states';
import { VideoStateCell } from '../../videos/VideoStateCell';

/** SPEC §2.13 Movies: search (500 ms, back to page 1), pages of 10, edit and delete. */
export function MoviesPage() {
  useDocumentTitle('Movies');
  const catalogue = useCatalogList(
    endpoints.movies,
    (page: AdminMoviePage) => ({ rows: page.movies, total: page.totalMovies, totalPages: page.totalPages }),
    { path: endpoints.deleteMovie, text: 'Do you really want to delete this movie?' },
  );
  const videos = useVideoStates(catalogue.rows.map((movie) => movie.video));

  return (
    <CatalogListPage
      heading="Movies"
      catalogue={catalogue}
      count={(total) => `${total} ${total === 1 ? 'movie' : 'movies'}`}
      upload={{ to: '/admin/movies/upload', label: '+ Upload New Movie' }}
      searchLabel="Search movies"
      emptyText={(search) => (search ? `No movies match “${search}”.` : 'No movies yet.')}
      columns={{
        picture: 'Poster',
        named: ['Title', 'Language', 'Genres', 'Year', 'Rating', 'Access', 'Video'],
      }}
    >
      {catalogue.rows.map((movie) => (
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
            onDelete={() => catalogue.deletion.ask(movie._id)}
          />
        </tr>
      ))}
    </CatalogListPage>
  );
}
