import type { Movie } from '../catalog/types';
import { PosterCard } from './PosterCard';
import { GRID_POSTER_SIZES } from '../catalog/image-sizes';

/** SPEC §2.11: a wrap of thumbnails, each linking to the play page. */
export function MovieGrid({ movies }: { movies: Movie[] }) {
  return (
    <ul className="vw-grid">
      {movies.map((movie, index) => (
        <li key={movie._id}>
          <PosterCard movie={movie} priority={index < 6} sizes={GRID_POSTER_SIZES} />
        </li>
      ))}
    </ul>
  );
}
