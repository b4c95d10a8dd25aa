import type { EntityManager } from 'typeorm';
import type { AuthConfig } from '../config';
import { noManager } from '../testing/in-memory-admin-accounts';
import type { AdminLoginThrottle } from './admin-login-throttle.entity';
import type { AdminLoginThrottlesRepository, ThrottleChanges } from './admin-login-throttles.repository';
import { EmailThrottle } from './email-throttle';

/**
 * EmailThrottle's rules (DECISIONS D6, issue 20: failures per e-mail and address, locks that double,
 * other addresses untouched, quiet records forgotten) with its repository in memory; the SQL is tested
 * against Postgres in admin-sign-in-limits.integration-spec.ts.
 */

type Store = Pick<AdminLoginThrottlesRepository, keyof AdminLoginThrottlesRepository>;

/** The admin_login_throttle table in memory; `updatedAt` moves on every change, as its column does. */
class InMemoryThrottles implements Store {
  readonly rows: AdminLoginThrottle[] = [];

  private find(email: string, address: string) {
    return this.rows.find((row) => row.email === email && row.address === address);
  }

  hold(_m: EntityManager, email: string, address: string) {
    let row = this.find(email, address);
    if (!row) {
      row = {
        email,
        address,
        failedLogins: 0,
        failureWindowStartedAt: null,
        lockouts: 0,
        lockedUntil: null,
        updatedAt: new Date(),
      };
      this.rows.push(row);
    }
    return Promise.resolve({ ...row });
  }

  update(
    _m: EntityManager,
    { email, address }: Pick<AdminLoginThrottle, 'email' | 'address'>,
    changes: ThrottleChanges,
  ) {
    Object.assign(this.find(email, address)!, changes, { updatedAt: new Date() });
    return Promise.resolve();
  }

  delete(_m: EntityManager, email: string, address: string) {
    const at = this.rows.findIndex((row) => row.email === email && row.address === address);
    if (at >= 0) this.rows.splice(at, 1);
    return Promise.resolve();
  }

  deleteQuietFor(_m: EntityManager, seconds: number) {
    const quiet = this.rows.filter((row) => Date.now() - row.updatedAt.getTime() > seconds * 1000);
    for (const row of quiet) this.rows.splice(this.rows.indexOf(row), 1);
    return Promise.resolve();
  }
}

const CONFIG = {
  ADMIN_LOGIN_MAX_FAILURES: 3,
  ADMIN_LOGIN_WINDOW_SECONDS: 15 * 60,
  ADMIN_LOCK_SECONDS: 15 * 60,
  ADMIN_LOCK_MAX_SECONDS: 50 * 60,
} as AuthConfig;

const START = Date.parse('2026-03-01T10:00:00Z');
const EMAIL = 'ops@chitram.test';
const HOME = '203.0.113.7';
const STRANGER = '198.51.100.9';

function setUp() {
  jest.useFakeTimers({ now: START });
  const records = new InMemoryThrottles();
  const throttle = new EmailThrottle(CONFIG, records);
  /** One failed sign-in from `address`, `at` ms: how it ended. */
  const fail = async (address: string, at = Date.now()) =>
    throttle.countFailure(noManager, await throttle.hold(noManager, EMAIL, address), at);
  const lockedFor = async (address: string, at = Date.now()) =>
    throttle.lockedFor(await throttle.hold(noManager, EMAIL, address), at);
  return { records, throttle, fail, lockedFor };
}

afterEach(() => jest.useRealTimers());

describe('EmailThrottle (repository in memory)', () => {
  it('locks the e-mail for the address after the allowed failures, each lock in a row twice as long up to the longest', async () => {
    const { fail, lockedFor } = setUp();
    expect(await fail(HOME)).toEqual({ locked: false });
    expect(await fail(HOME)).toEqual({ locked: false });
    expect(await lockedFor(HOME)).toBe(0);
    expect(await fail(HOME)).toEqual({ locked: true, lockSeconds: 15 * 60 });
    expect(await lockedFor(HOME)).toBe(15 * 60_000);
    expect(await lockedFor(HOME, START + 10 * 60_000)).toBe(5 * 60_000);

    // Once a lock has run out the count starts again, and the next lock is twice as long, up to the
    // longest; a record quiet for longer than the longest lock is forgotten, locks in a row and all.
    const locks: number[] = [15 * 60];
    for (let lock = 0; lock < 3; lock += 1) {
      jest.setSystemTime(Date.now() + locks[locks.length - 1] * 1000 + 1000);
      for (let attempt = 1; attempt < CONFIG.ADMIN_LOGIN_MAX_FAILURES; attempt += 1)
        expect(await fail(HOME)).toEqual({ locked: false });
      const outcome = await fail(HOME);
      locks.push(outcome.locked ? outcome.lockSeconds : 0);
    }
    expect(locks).toEqual([15 * 60, 30 * 60, 50 * 60, 15 * 60]);
  });

  it('counts only failures within the window: older ones are forgotten', async () => {
    const { fail, records } = setUp();
    await fail(HOME);
    await fail(HOME);
    // The window has closed: this failure starts a new count instead of locking.
    jest.setSystemTime(START + CONFIG.ADMIN_LOGIN_WINDOW_SECONDS * 1000);
    expect(await fail(HOME)).toEqual({ locked: false });
    expect(records.rows[0]).toMatchObject({
      failedLogins: 1,
      failureWindowStartedAt: new Date(Date.now()),
      lockouts: 0,
    });
  });

  it("locks out only the address that failed: the admin's own address signs in, and success clears only it", async () => {
    const { fail, lockedFor, throttle, records } = setUp();
    for (let attempt = 0; attempt < CONFIG.ADMIN_LOGIN_MAX_FAILURES; attempt += 1) await fail(STRANGER);
    expect(await lockedFor(STRANGER)).toBeGreaterThan(0);
    expect(await lockedFor(HOME)).toBe(0);
    await fail(HOME);
    await throttle.clear(noManager, EMAIL, HOME);
    expect(records.rows.map((row) => row.address)).toEqual([STRANGER]);
    expect(await lockedFor(STRANGER)).toBeGreaterThan(0);
  });

  it('forgets records quiet for longer than the longest lock, looking at most every ten minutes', async () => {
    const { records, throttle } = setUp();
    /** A record last touched just over the longest lock ago. */
    const quiet = (email: string) =>
      records.rows.push({
        email,
        address: STRANGER,
        failedLogins: 1,
        failureWindowStartedAt: null,
        lockouts: 0,
        lockedUntil: null,
        updatedAt: new Date(Date.now() - (CONFIG.ADMIN_LOCK_MAX_SECONDS + 1) * 1000),
      });
    const emails = () => records.rows.map((row) => row.email);
    quiet('first@chitram.test');
    await throttle.hold(noManager, EMAIL, HOME);
    expect(emails()).toEqual([EMAIL]);
    // Five minutes on, a quiet record stays: the last look was too recent.
    jest.setSystemTime(Date.now() + 5 * 60_000);
    quiet('second@chitram.test');
    await throttle.hold(noManager, EMAIL, HOME);
    expect(emails()).toEqual([EMAIL, 'second@chitram.test']);
    // Ten minutes after the last look, it goes; the record in use stays.
    jest.setSystemTime(Date.now() + 5 * 60_000);
    await throttle.hold(noManager, EMAIL, HOME);
    expect(emails()).toEqual([EMAIL]);
  });
});
