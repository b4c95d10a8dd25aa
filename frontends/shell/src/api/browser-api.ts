import i18next from 'i18next';
import type { AdminSession, SessionRole, UserSession } from '@chitram/shell-contract';
import { goTo } from '../app/navigation';
import { reloadSession, useSession } from '../session/session-store';
import { toast } from '../toast/toast-store';
import { createApiClient } from './api-client';
import type { CrossTabLock, SessionTokens, TokenStore } from './token-renewal';

/** Where each kind of person signs in again (SPEC §2.1, §2.2). */
export const LOGIN_PATH: Record<SessionRole, string> = { user: '/login', admin: '/admin' };

function tokensOf(session: UserSession | AdminSession | null): SessionTokens | null {
  return session ? { token: session.token, refreshToken: session.refreshToken } : null;
}

const sessionTokens: TokenStore = {
  current: (role) => tokensOf(useSession.getState()[role]),
  latest: (role) => tokensOf(reloadSession(role)),
  replace: (role, pair) => useSession.getState().replaceTokens(role, pair),
  end: (role) => {
    useSession.getState().clearSession(role);
    // The back office speaks English whatever the interface language (issue 11).
    toast(i18next.t('session.ended', role === 'admin' ? { lng: 'en' } : {}), 'info');
    goTo(LOGIN_PATH[role]);
  },
};

/** One renewal at a time across every tab of the site, where the browser offers Web Locks. */
const acrossTabs: CrossTabLock = async (task) => {
  if (typeof navigator === 'undefined' || !navigator.locks) return task();
  let result: Awaited<ReturnType<typeof task>> | undefined;
  await navigator.locks.request('chitram-token-renewal', async () => {
    result = await task();
  });
  return result as Awaited<ReturnType<typeof task>>;
};

/** The API client of the web app, lent to the remotes as `host.api`. */
export const api = createApiClient({ prefixUrl: '/api', tokens: sessionTokens, lock: acrossTabs });
