import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { LegalPage } from './LegalPage';

export function Terms() {
  const { t } = useViewerTranslation();
  return <LegalPage page="terms" title={t('static.terms')} />;
}
