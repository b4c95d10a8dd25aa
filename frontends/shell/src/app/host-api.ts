import { api } from '../api/browser-api';
import { problemOf } from '../api/problem';
import type { HostApi } from '@chitram/shell-contract';
import { registerCatalogue } from '../i18n/catalogue-backend';
import { intlLocaleOf } from '../i18n/languages';
import { problemMessage } from '../i18n/problem-message';
import { useSession } from '../session/session-store';
import { toast } from '../toast/toast-store';
import { answerEarly } from './early-requests';

/** What the shell lends every remote: its toasts, its session, its API client and its languages (`@chitram/shell-contract`). */
export const hostApi: HostApi = {
  toast,
  useSession,
  getSession: useSession.getState,
  api,
  problemOf,
  problemMessage,
  addCatalogue: registerCatalogue,
  intlLocale: intlLocaleOf,
  answerEarly,
};
