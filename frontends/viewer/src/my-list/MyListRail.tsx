import { PosterCard } from '../components/PosterCard';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { Link } from 'react-router';
import { useMyList } from './my-list-api';

/** Home's "My List" rail (issue 22): the signed-in viewer's kept films, newest first; none when empty. */
export function MyListRail() {
  const { t } = useViewerTranslation();
  const list = useMyList();
  const films = (list.data ?? []).filter((entry) => entry.movie);
  if (!list.signedIn || (list.data ?? []).length === 0) return null;
  return (
    <section className="vw-rail vw-rail--my-list" aria-labelledby="vw-rail-my-list">
      <div className="vw-rail__head">
        <h2 id="vw-rail-my-list" className="vw-rail__title">
          {t('myList.title')}
        </h2>
        <div className="vw-rail__tools">
          <Link className="vw-rail__all" to="/my-list">
            {t('rail.viewAll')} <span aria-hidden="true">›</span>
          </Link>
        </div>
      </div>
      {films.length > 0 && (
        <div className="vw-rail__body">
          <ul className="vw-rail__track">
            {films.map((entry) => (
              <li key={entry.titleId} className="vw-rail__item">
                <PosterCard movie={entry.movie!} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
