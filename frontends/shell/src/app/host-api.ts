import { api } from '../api/browser-api';
import { problemOf } from '../api/problem';
import type { HostApi } from '../contract';
import { useSession } from '../session/session-store';
import { toast } from '../toast/toast-store';

/** What the shell lends every remote: its toasts, its session and its API client (see contract.ts). */
export const hostApi: HostApi = {
  toast,
  useSession,
  getSession: useSession.getState,
  api,
  problemOf,
};
