import type { ListedTitle } from '@chitram/contracts/web';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '../app/use-document-title';
import { GRID_POSTER_SIZES } from '../catalog/image-sizes';
import { EpisodeCard } from '../components/EpisodeCard';
import { EmptyState, ErrorLine, LoadingLine } from '../components/LoadStatus';
import { PosterCard } from '../components/PosterCard';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { useMyList } from './my-list-api';
import '../styles/my-list.css';

/** One kept title as its card: a film's poster, an episode's banner. */
export function ListedCard({ entry, priority = false }: { entry: ListedTitle; priority?: boolean }) {
  if (entry.movie) return <PosterCard movie={entry.movie} priority={priority} sizes={GRID_POSTER_SIZES} />;
  return entry.episode ? <EpisodeCard episode={entry.episode} /> : null;
}

/** `/my-list` (issue 22): the viewer's kept titles, newest first; a visitor is asked to log in. */
export function MyListPage() {
  const { t } = useViewerTranslation();
  useDocumentTitle(t('myList.title'));
  const list = useMyList();
  if (!list.signedIn) return <Navigate to="/login" replace state={{ returnTo: '/my-list' }} />;
  const entries = list.data ?? [];
  const films = entries.filter((entry) => entry.movie);
  const episodes = entries.filter((entry) => entry.episode);
  return (
    <section className="vw-page vw-my-list-page" aria-labelledby="vw-my-list-title">
      <h1 id="vw-my-list-title" className="vw-page__title">
        {t('myList.title')}
      </h1>
      {list.status === 'loading' && !list.data && <LoadingLine />}
      {list.error && <ErrorLine message={t('common.somethingWrong')} onRetry={list.reload} />}
      {list.data && entries.length === 0 && (
        <div className="vw-my-list-page__empty">
          <EmptyState title={t('myList.empty')} text={t('myList.emptyText')} />
          <Link className="button button--primary" to="/movies">
            {t('myList.browse')}
          </Link>
        </div>
      )}
      {films.length > 0 && (
        <ul className="vw-grid" data-testid="my-list-films">
          {films.map((entry, index) => (
            <li key={entry.titleId}>
              <ListedCard entry={entry} priority={index < 6} />
            </li>
          ))}
        </ul>
      )}
      {episodes.length > 0 && (
        <ul className="vw-found-list vw-my-list-page__episodes" data-testid="my-list-episodes">
          {episodes.map((entry) => (
            <li key={entry.titleId}>
              <ListedCard entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
