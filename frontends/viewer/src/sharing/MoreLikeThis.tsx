import { useApi } from '../app/api';
import { useLoader } from '../app/use-loader';
import type { Movie } from '../catalog/types';
import { PosterCard } from '../components/PosterCard';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import '../styles/sharing.css';

/**
 * "More like this" under a title or an episode (issue 19): films of its language sharing a genre,
 * playable ones first, as the catalogue answers them from `route` (under /api):
 * `movie/{slug}/more-like-this` or `series/episodes/{id}/more-like-this`. A section that has nothing
 * to show, or could not load, stays away: the page is whole without it.
 */
export function MoreLikeThis({ route }: { route: string }) {
  const { t } = useViewerTranslation();
  const api = useApi();
  const like = useLoader((signal) => api.get(route, { signal }).json<Movie[]>(), [api, route]);
  if (!like.data?.length) return null;
  return (
    <section
      className="vw-rail vw-more-like"
      aria-labelledby="vw-more-like-title"
      data-testid="more-like-this"
    >
      <div className="vw-rail__head">
        <h2 id="vw-more-like-title" className="vw-rail__title">
          {t('sharing.moreLikeThis')}
        </h2>
      </div>
      <ul className="vw-rail__track">
        {like.data.map((movie) => (
          <li key={movie._id} className="vw-rail__item">
            <PosterCard movie={movie} />
          </li>
        ))}
      </ul>
    </section>
  );
}
