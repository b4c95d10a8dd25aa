import {
  ADMIN_KEY,
  parseAdminSession,
  parseUserSession,
  readStoredSessions,
  USER_KEY,
} from './session-storage';

function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('stored sessions (DECISIONS D2)', () => {
  it('restores a stored user with a token and an admin with the admin role', () => {
    const storage = memoryStorage({
      [USER_KEY]: JSON.stringify({
        token: 't1',
        phoneNumber: '+919876543210',
        isSubscribed: true,
        activeSubscription: { planName: 'Gold Plan', validTill: '2026-01-01T00:00:00.000Z' },
      }),
      [ADMIN_KEY]: JSON.stringify({ token: 't2', role: 'admin', email: 'admin@chitram.in' }),
    });
    const { user, admin } = readStoredSessions(storage);
    expect(user?.phoneNumber).toBe('+919876543210');
    expect(user?.activeSubscription?.planName).toBe('Gold Plan');
    expect(admin).toEqual({ token: 't2', role: 'admin', email: 'admin@chitram.in' });
  });

  it('treats a user without a token as signed out and drops unreadable entries', () => {
    const storage = memoryStorage({
      [USER_KEY]: JSON.stringify({ phoneNumber: '+91' }),
      [ADMIN_KEY]: '{not json',
    });
    expect(readStoredSessions(storage)).toEqual({ user: null, admin: null });
    expect(storage.map.size).toBe(0);
  });

  it('keeps the refresh tokens beside the sessions (DECISIONS D5)', () => {
    const storage = memoryStorage({
      [USER_KEY]: JSON.stringify({ token: 'a1', refreshToken: 'r1', phoneNumber: '+919876543210' }),
      [ADMIN_KEY]: JSON.stringify({
        token: 'a2',
        refreshToken: 'r2',
        role: 'admin',
        email: 'admin@chitram.in',
      }),
    });
    const { user, admin } = readStoredSessions(storage);
    expect(user?.refreshToken).toBe('r1');
    expect(admin?.refreshToken).toBe('r2');
  });

  it('refuses an admin entry whose role is not admin', () => {
    expect(parseAdminSession({ token: 'x', role: 'user', email: 'a@b.c' })).toBeNull();
  });

  it('fills the fields a partial user entry lacks', () => {
    expect(parseUserSession({ token: 'x' })).toEqual({
      token: 'x',
      phoneNumber: '',
      isSubscribed: false,
      activeSubscription: null,
    });
  });
});
