import { useTranslation } from 'react-i18next';
import { VIEWER_NAMESPACE } from './catalogues';

/**
 * The viewer's words in the interface language. The i18next instance is the shell's (a shared
 * singleton) whose default namespace is the shell's, so the viewer always names its own.
 */
export function useViewerTranslation() {
  return useTranslation(VIEWER_NAMESPACE);
}
