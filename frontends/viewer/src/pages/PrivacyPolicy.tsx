import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { LegalPage } from './LegalPage';

export function PrivacyPolicy() {
  const { t } = useViewerTranslation();
  return <LegalPage page="privacy" title={t('static.privacy')} />;
}
