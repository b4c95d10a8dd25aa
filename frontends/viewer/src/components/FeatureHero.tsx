import { useState } from 'react';
import { Link } from 'react-router';
import { genreSlug } from '../catalog/catalog-lists';
import { playPath } from '../catalog/catalog-rules';
import type { Movie } from '../catalog/types';
import type { TitleNavigationState } from './PosterCard';
import { SmartImage } from './SmartImage';

/** A title's logo (its title image), or its name in type when the image is missing or broken. */
export function TitleLogo({
  movie,
  className = '',
}: {
  movie: Pick<Movie, 'title' | 'titlePngUrl'>;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!movie.titlePngUrl || failedSrc === movie.titlePngUrl)
    return <span className={`vw-logo-text ${className}`}>{movie.title}</span>;
  return (
    <img
      className={`vw-logo ${className}`}
      src={movie.titlePngUrl}
      alt={movie.title}
      width={480}
      height={180}
      decoding="async"
      onError={() => setFailedSrc(movie.titlePngUrl)}
    />
  );
}

/** Year · Language · rating · running time, and the Free badge. */
export function TitleFacts({ movie }: { movie: Movie }) {
  return (
    <ul className="vw-facts" aria-label="About this title">
      {movie.isFree && (
        <li>
          <span className="vw-badge vw-badge--free">Free</span>
        </li>
      )}
      <li>
        <span className="vw-badge vw-badge--rating" title="Rating">
          {movie.rating}
        </span>
      </li>
      <li>{movie.releaseYear}</li>
      <li>{movie.duration}</li>
      <li>{movie.language}</li>
    </ul>
  );
}

/** The home page's hero banner: one title, large, with its logo, facts and a way to watch. */
export function FeatureHero({ movie }: { movie: Movie }) {
  const state: TitleNavigationState = { id: movie._id, movie };
  const genre = movie.genre[0];
  return (
    <section className="vw-feature" aria-labelledby="vw-feature-title">
      <div className="vw-feature__art">
        <SmartImage
          src={movie.bannerUrl}
          alt=""
          width={1920}
          height={820}
          priority
          allowVideo
          className="vw-feature__banner"
          fallback={<span className="vw-feature__banner-fallback" />}
        />
      </div>
      <div className="vw-feature__content">
        <p className="vw-eyebrow">Featured today</p>
        <h1 id="vw-feature-title" className="vw-feature__title">
          <TitleLogo movie={movie} />
        </h1>
        <TitleFacts movie={movie} />
        <p className="vw-feature__text">{movie.description}</p>
        <div className="vw-feature__actions">
          <Link className="button button--primary vw-feature__play" to={playPath(movie)} state={state}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z"
                fill="currentColor"
              />
            </svg>
            Watch now
          </Link>
          {genre && (
            <Link className="button button--ghost" to={`/${genreSlug(genre)}`}>
              More {genre}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
