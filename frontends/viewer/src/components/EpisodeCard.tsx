import { Link } from 'react-router';
import { episodePath } from '../catalog/episode-groups';
import { FOUND_SIZES } from '../catalog/image-sizes';
import type { Episode } from '../catalog/types';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { MyListButton } from '../my-list/MyListButton';
import { SmartImage } from './SmartImage';

/** An episode (found by search, or kept in My List): its banner, number and title, and its category; opens the episode's page. */
export function EpisodeCard({ episode }: { episode: Episode }) {
  const { t } = useViewerTranslation();
  const { runTime } = useFormats();
  const length = runTime(episode.duration);
  return (
    <div className="vw-card vw-card--episode">
      <Link className="vw-found" to={episodePath(episode.category, episode)} data-testid="episode-result">
        <SmartImage
          src={episode.bannerUrl}
          alt=""
          width={320}
          height={180}
          sizes={FOUND_SIZES}
          className="vw-found__art"
          fallback={<span className="vw-found__initial">{episode.episodeNumber}</span>}
        />
        <span className="vw-found__body">
          <span className="vw-found__title">
            {t('episode.heading', { number: episode.episodeNumber, title: episode.title })}
          </span>
          <span className="vw-found__meta">
            {t(`category.${episode.category}.title`)}
            {length && ` · ${length}`}
          </span>
          <span className="vw-found__text">{episode.description}</span>
        </span>
      </Link>
      <MyListButton titleId={episode._id} title={episode.title} variant="card" />
    </div>
  );
}
