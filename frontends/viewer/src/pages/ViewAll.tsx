import { useParams } from 'react-router';
import { useApi } from '../app/api';
import { useDocumentTitle } from '../app/use-document-title';
import { genreForGroup, genreSlug } from '../catalog/catalog-lists';
import type { Movie } from '../catalog/types';
import { MovieListPage } from '../components/MovieListPage';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { NotFound } from './NotFound';

/**
 * SPEC §2.1 `/{viewall}`: every title of a named group. Only a known group (a genre, trending and
 * featured among them) gets this page; any other single-segment path is the 404.
 */
export function ViewAll() {
  const genre = genreForGroup(useParams().group);
  const api = useApi();
  const { t } = useViewerTranslation();
  useDocumentTitle(genre ? t(`genres.${genre}`) : t('notFound.documentTitle'));
  if (!genre) return <NotFound />;
  const group = genreSlug(genre);
  return (
    <MovieListPage
      eyebrow={t('lists.viewAll')}
      title={t(`genres.${genre}`)}
      listKey={group}
      loadPage={(page, signal) =>
        api.get(`home/viewall/${group}`, { searchParams: { page }, signal }).json<Movie[]>()
      }
    />
  );
}
