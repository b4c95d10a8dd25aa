import { useSession } from '../session/session-store';
import { useToasts } from './toast-store';

/**
 * A sign-in is a success too (it shows no toast of its own): the failed attempts before it, a wrong
 * code or password, stop being shown (issue 11). Returns the unsubscribe.
 */
export function dismissFailuresOnSignIn(): () => void {
  return useSession.subscribe((state, previous) => {
    if ((state.user && !previous.user) || (state.admin && !previous.admin))
      useToasts.getState().dismissFailures();
  });
}
