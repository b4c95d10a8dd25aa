import { useState } from 'react';
import { Link } from 'react-router';
import { genreSlug } from '../catalog/catalog-lists';
import { playPath } from '../catalog/catalog-rules';
import type { Movie } from '../catalog/types';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import type { TitleNavigationState } from './PosterCard';
import { SmartImage } from './SmartImage';
import { PlayAction } from './PlayAction';
import { mediaImageSrcSet } from '@chitram/contracts/web';
import { HERO_IMAGE_SIZES, LOGO_SIZES } from '../catalog/image-sizes';

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
      srcSet={mediaImageSrcSet(movie.titlePngUrl) || undefined}
      sizes={LOGO_SIZES}
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
  const { t } = useViewerTranslation();
  const { runTime, year } = useFormats();
  return (
    <ul className="vw-facts" aria-label={t('title.aboutTitle')}>
      {movie.isFree && (
        <li>
          <span className="vw-badge vw-badge--free">{t('common.free')}</span>
        </li>
      )}
      <li>
        <span className="vw-badge vw-badge--rating" title={t('common.rating')}>
          {movie.rating}
        </span>
      </li>
      <li>{year(movie.releaseYear)}</li>
      <li>{runTime(movie.duration)}</li>
      <li>{t(`languages.${movie.language}`)}</li>
    </ul>
  );
}

/** The home page's hero banner: one title, large, with its logo, facts and a way to watch. */
export function FeatureHero({ movie }: { movie: Movie }) {
  const { t } = useViewerTranslation();
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
          sizes={HERO_IMAGE_SIZES}
          priority
          allowVideo
          className="vw-feature__banner"
          fallback={<span className="vw-feature__banner-fallback" />}
        />
      </div>
      <div className="vw-feature__content">
        <p className="vw-eyebrow">{t('title.featuredToday')}</p>
        <h1 id="vw-feature-title" className="vw-feature__title">
          <TitleLogo movie={movie} />
        </h1>
        <TitleFacts movie={movie} />
        <p className="vw-feature__text">{movie.description}</p>
        <div className="vw-feature__actions">
          <PlayAction
            playable={movie.playable}
            label={t('title.watchNow')}
            to={playPath(movie)}
            state={state}
          />
          {genre && (
            <Link className="button button--ghost" to={`/${genreSlug(genre)}`}>
              {t('title.moreOfGenre', { genre: t(`genres.${genre}`) })}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
