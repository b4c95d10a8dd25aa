import { create } from 'zustand';
import type { SessionState } from '../contract';
import {
  ADMIN_KEY,
  readStoredSessions,
  type SessionStorage,
  USER_KEY,
  writeStoredSession,
} from './session-storage';

function browserStorage(): SessionStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The one session of the web app (DECISIONS D2): viewer and admin side by side, persisted separately. */
export const useSession = create<SessionState>()((set, get) => ({
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
    const { user } = get();
    if (!user) return;
    const next = { ...user, activeSubscription, isSubscribed };
    persist(USER_KEY, next);
    set({ user: next });
  },
  logout: () => {
    persist(USER_KEY, null);
    persist(ADMIN_KEY, null);
    set({ user: null, admin: null });
  },
}));

function persist(key: string, value: object | null): void {
  const storage = browserStorage();
  if (storage) writeStoredSession(storage, key, value);
}

/**
 * Reads the stored sessions back at start and follows sign-in and sign-out in other tabs.
 * Returns once restored; token renewal (DECISIONS D5) will hook in here, which is why the
 * route guard already waits for `restored`.
 */
export function restoreSession(): void {
  const storage = browserStorage();
  const stored = storage ? readStoredSessions(storage) : { user: null, admin: null };
  useSession.setState({ ...stored, restored: true });

  window.addEventListener('storage', (event) => {
    if (!storage || (event.key !== USER_KEY && event.key !== ADMIN_KEY && event.key !== null)) return;
    useSession.setState(readStoredSessions(storage));
  });
}
