import { Link } from 'react-router';
import { playPath } from '../catalog/catalog-rules';
import type { Movie } from '../catalog/types';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { MyListButton } from '../my-list/MyListButton';
import { ComingSoon } from './ComingSoon';
import { SmartImage } from './SmartImage';
import { RAIL_POSTER_SIZES } from '../catalog/image-sizes';

/** What a title page may be handed on the way in (DECISIONS D10): shown at once, then refreshed. */
export interface TitleNavigationState {
  id: string;
  movie: Movie;
}

/** A title's poster, linking to its page, with the My List toggle beside the link (over its corner). */
export function PosterCard({
  movie,
  priority = false,
  sizes = RAIL_POSTER_SIZES,
}: {
  movie: Movie;
  priority?: boolean;
  /** How wide the poster shows: a rail's by default (catalog/image-sizes.ts). */
  sizes?: string;
}) {
  const { t } = useViewerTranslation();
  const { year } = useFormats();
  const state: TitleNavigationState = { id: movie._id, movie };
  return (
    <div className="vw-card">
      <Link className="vw-poster" to={playPath(movie)} state={state} data-testid="poster">
        <span className="vw-poster__frame">
          <SmartImage
            src={movie.thumbnailUrl}
            alt={movie.title}
            width={240}
            height={360}
            sizes={sizes}
            className="vw-poster__image"
            priority={priority}
          />
          {movie.isFree && (
            <span className="vw-badge vw-badge--free vw-poster__badge">{t('common.free')}</span>
          )}
          {!movie.playable && <ComingSoon badge className="vw-poster__badge vw-poster__badge--soon" />}
        </span>
        <span className="vw-poster__title">{movie.title}</span>
        <span className="vw-poster__meta">
          {year(movie.releaseYear)} · {t(`languages.${movie.language}`)}
        </span>
      </Link>
      <MyListButton titleId={movie._id} title={movie.title} variant="card" />
    </div>
  );
}
