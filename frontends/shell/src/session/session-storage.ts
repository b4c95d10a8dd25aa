import type { ActiveSubscription, AdminSession, UserSession } from '@chitram/shell-contract';

/** Local-storage keys of DECISIONS D2; the Android app and older clients read the same keys. */
export const USER_KEY = 'user';
export const ADMIN_KEY = 'admin';

/** Storage as the session needs it; `window.localStorage` in the browser, a map in tests. */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readJson(storage: SessionStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function toActiveSubscription(value: unknown): ActiveSubscription | null {
  if (!isRecord(value) || typeof value.planName !== 'string') return null;
  return {
    planName: value.planName,
    validTill: typeof value.validTill === 'string' ? value.validTill : null,
  };
}

/** A stored user with a token counts as logged in (SPEC §3); anything else is no session. */
export function parseUserSession(value: unknown): UserSession | null {
  if (!isRecord(value) || typeof value.token !== 'string' || value.token === '') return null;
  return {
    ...value,
    token: value.token,
    phoneNumber: typeof value.phoneNumber === 'string' ? value.phoneNumber : '',
    isSubscribed: value.isSubscribed === true,
    activeSubscription: toActiveSubscription(value.activeSubscription),
    refreshToken: optionalString(value.refreshToken),
  };
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An admin session needs a token and the role `admin` (SPEC §6). */
export function parseAdminSession(value: unknown): AdminSession | null {
  if (!isRecord(value) || typeof value.token !== 'string' || value.token === '' || value.role !== 'admin')
    return null;
  return {
    token: value.token,
    role: 'admin',
    email: typeof value.email === 'string' ? value.email : '',
    refreshToken: optionalString(value.refreshToken),
  };
}

export function readStoredSessions(storage: SessionStorage): {
  user: UserSession | null;
  admin: AdminSession | null;
} {
  const user = parseUserSession(readJson(storage, USER_KEY));
  const admin = parseAdminSession(readJson(storage, ADMIN_KEY));
  // Unreadable leftovers are dropped so they cannot confuse a later reader.
  if (!user) storage.removeItem(USER_KEY);
  if (!admin) storage.removeItem(ADMIN_KEY);
  return { user, admin };
}

export function writeStoredSession(storage: SessionStorage, key: string, value: object | null): void {
  try {
    if (value) storage.setItem(key, JSON.stringify(value));
    else storage.removeItem(key);
  } catch {
    // Storage full or disabled (private mode): the session still lives for this tab.
  }
}
