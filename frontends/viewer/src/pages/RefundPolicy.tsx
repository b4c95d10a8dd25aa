import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { LegalPage } from './LegalPage';

export function RefundPolicy() {
  const { t } = useViewerTranslation();
  return <LegalPage page="refund" title={t('static.refund')} />;
}
