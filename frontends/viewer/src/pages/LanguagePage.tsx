import { useParams } from 'react-router';
import { useApi } from '../app/api';
import { languageFromSlug } from '../app/languages';
import { useDocumentTitle } from '../app/use-document-title';
import type { Movie } from '../catalog/types';
import { MovieListPage } from '../components/MovieListPage';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { NotFound } from './NotFound';

/** SPEC §2.11 language page, titled '{Language} Movies'; only the eight languages exist (DECISIONS D27). */
export function LanguagePage() {
  const language = languageFromSlug(useParams().language);
  const api = useApi();
  const { t } = useViewerTranslation();
  const title = language ? t('lists.languageMovies', { language: t(`languages.${language}`) }) : '';
  useDocumentTitle(language ? title : t('notFound.documentTitle'));
  if (!language) return <NotFound />;
  return (
    <MovieListPage
      title={title}
      listKey={language}
      loadPage={(page, signal) =>
        api.get(`home/languages/${language}`, { searchParams: { page }, signal }).json<Movie[]>()
      }
    />
  );
}
