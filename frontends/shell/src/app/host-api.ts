import type { HostApi } from '../contract';
import { useSession } from '../session/session-store';
import { toast } from '../toast/toast-store';

/** What the shell lends every remote: its toasts and its session (see contract.ts). */
export const hostApi: HostApi = {
  toast,
  useSession,
  getSession: useSession.getState,
};
