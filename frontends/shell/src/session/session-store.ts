import { create } from 'zustand';
import type { AdminSession, SessionRole, SessionState, UserSession } from '@chitram/shell-contract';
import { revokeOnServer } from '../api/revoke';
import {
  ADMIN_KEY,
  readStoredSessions,
  type SessionStorage,
  USER_KEY,
  writeStoredSession,
} from './session-storage';

/** The pair `POST /api/auth/refresh` answers (DECISIONS D5). */
export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** The viewer fields `GET /api/user/me` may bring up to date. */
export type ViewerProfileUpdate = Partial<
  Pick<UserSession, 'phoneNumber' | 'isSubscribed' | 'activeSubscription' | '_id' | 'profile'>
>;

/** The store as the shell sees it: the contract's state plus what only the shell may do. */
export interface ShellSessionState extends SessionState {
  /** Stores a renewed token pair for a session that is still the one signed in. */
  replaceTokens(role: SessionRole, pair: TokenPair): void;
  mergeUser(update: ViewerProfileUpdate): void;
}

const KEY_BY_ROLE: Record<SessionRole, string> = { user: USER_KEY, admin: ADMIN_KEY };

function browserStorage(): SessionStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The one session of the web app (DECISIONS D2): viewer and admin side by side, persisted separately. */
export const useSession = create<ShellSessionState>()((set, get) => ({
  user: null,
  admin: null,
  restored: false,
  signInUser: (user) => {
    persist(USER_KEY, user);
    set({ user });
  },
  signInAdmin: (admin) => {
    persist(ADMIN_KEY, admin);
    set({ admin });
  },
  updateSubscription: (activeSubscription, isSubscribed) => {
    get().mergeUser({ activeSubscription, isSubscribed });
  },
  mergeUser: (update) => {
    const { user } = get();
    if (!user) return;
    const next: UserSession = { ...user, ...update };
    persist(USER_KEY, next);
    set({ user: next });
  },
  replaceTokens: (role, pair) => {
    const current = get()[role];
    if (!current) return;
    const next: UserSession | AdminSession = { ...current, ...pair };
    persist(KEY_BY_ROLE[role], next);
    set({ [role]: next });
  },
  logout: () => {
    const { user, admin } = get();
    persist(USER_KEY, null);
    persist(ADMIN_KEY, null);
    set({ user: null, admin: null });
    // The page moves on at once; the revocation finishes in the background (SPEC §2.4, DECISIONS D5).
    void revokeOnServer([admin, user]);
  },
  clearSession: (role) => {
    persist(KEY_BY_ROLE[role], null);
    set({ [role]: null });
  },
}));

function persist(key: string, value: object | null): void {
  const storage = browserStorage();
  if (storage) writeStoredSession(storage, key, value);
}

/**
 * Reads one session back from local storage into the store, for the moment another tab may just have
 * renewed it (the token renewal holds a lock across tabs while it does this).
 */
export function reloadSession(role: SessionRole): UserSession | AdminSession | null {
  const storage = browserStorage();
  if (!storage) return useSession.getState()[role];
  const stored = readStoredSessions(storage)[role];
  useSession.setState({ [role]: stored });
  return stored;
}

/** Reads the stored sessions back at start and follows sign-in, renewal and sign-out in other tabs. */
export function restoreSession(): void {
  const storage = browserStorage();
  const stored = storage ? readStoredSessions(storage) : { user: null, admin: null };
  useSession.setState({ ...stored, restored: true });

  window.addEventListener('storage', (event) => {
    if (!storage || (event.key !== USER_KEY && event.key !== ADMIN_KEY && event.key !== null)) return;
    useSession.setState(readStoredSessions(storage));
  });
}
