import { Link } from 'react-router';
import { useDocumentTitle } from '../app/use-document-title';
import { useViewerTranslation } from '../i18n/use-viewer-translation';

export function NotFound() {
  const { t } = useViewerTranslation();
  useDocumentTitle(t('notFound.documentTitle'));
  return (
    <section className="vw-page vw-soon">
      <p className="vw-404" aria-hidden="true">
        404
      </p>
      <h1 className="vw-page__title">{t('notFound.title')}</h1>
      <p className="vw-soon__text">{t('notFound.text')}</p>
      <Link className="button button--primary" to="/">
        {t('common.goHome')}
      </Link>
    </section>
  );
}
