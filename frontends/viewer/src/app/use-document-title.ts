import { useEffect } from 'react';
import { useViewerTranslation } from '../i18n/use-viewer-translation';

/** The browser tab's title: the page's own (in the interface language), or the site's for home. */
export function useDocumentTitle(title: string) {
  const { t } = useViewerTranslation();
  useEffect(() => {
    document.title = title ? t('documentTitle.page', { title }) : t('documentTitle.home');
  }, [title, t]);
}
