import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuthConfig } from '../config';
import type { AdminLoginThrottle } from './admin-login-throttle.entity';
import { AdminLoginThrottlesRepository } from './admin-login-throttles.repository';

/** What a failed sign-in did to its record: counted it, or locked the e-mail for the address a while. */
export type FailureOutcome = { locked: false } | { locked: true; lockSeconds: number };

/** Rows quiet for longer than this are removed, at most once per PRUNE_EVERY_MS per instance. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * DECISIONS D6 per e-mail and client address together (issue 20): after ADMIN_LOGIN_MAX_FAILURES
 * failures from one address (IPv6: one /64) within ADMIN_LOGIN_WINDOW_SECONDS the e-mail is locked
 * for that address, first for ADMIN_LOCK_SECONDS and twice as long for each further lock in a row.
 * Other addresses are not locked out, so a stranger cannot keep the admin out; what all addresses
 * together do to an e-mail only slows its answers (AccountSlowdown). Kept for every e-mail typed, an
 * admin's or not (issue 10), so the answers cannot tell them apart. The row is locked for the
 * transaction: guesses sent together queue behind one another, and none slips past the count.
 */
@Injectable()
export class EmailThrottle {
  private lastPruned = 0;

  constructor(
    private readonly config: AuthConfig,
    private readonly records: AdminLoginThrottlesRepository,
  ) {}

  /** The record of the e-mail from the address, created if new, locked until the caller's transaction ends. */
  async hold(manager: EntityManager, email: string, address: string): Promise<AdminLoginThrottle> {
    await this.pruneQuietRows(manager);
    return this.records.hold(manager, email, address);
  }

  /** Milliseconds the e-mail stays locked, 0 when it is not. */
  lockedFor(throttle: AdminLoginThrottle, now: number): number {
    return throttle.lockedUntil ? Math.max(0, throttle.lockedUntil.getTime() - now) : 0;
  }

  async countFailure(
    manager: EntityManager,
    throttle: AdminLoginThrottle,
    now: number,
  ): Promise<FailureOutcome> {
    const c = this.config;
    const windowOpen =
      throttle.failureWindowStartedAt !== null &&
      now - throttle.failureWindowStartedAt.getTime() < c.ADMIN_LOGIN_WINDOW_SECONDS * 1000;
    const failures = (windowOpen ? throttle.failedLogins : 0) + 1;
    if (failures < c.ADMIN_LOGIN_MAX_FAILURES) {
      const windowStart = windowOpen ? throttle.failureWindowStartedAt : new Date(now);
      await this.records.update(manager, throttle, {
        failedLogins: failures,
        failureWindowStartedAt: windowStart,
      });
      return { locked: false };
    }
    const lockouts = throttle.lockouts + 1;
    const lockSeconds = Math.min(c.ADMIN_LOCK_SECONDS * 2 ** (lockouts - 1), c.ADMIN_LOCK_MAX_SECONDS);
    await this.records.update(manager, throttle, {
      failedLogins: 0,
      failureWindowStartedAt: null,
      lockouts,
      lockedUntil: new Date(now + lockSeconds * 1000),
    });
    return { locked: true, lockSeconds };
  }

  /** A successful sign-in forgets the e-mail's failures and locks from its address; other addresses keep theirs. */
  async clear(manager: EntityManager, email: string, address: string): Promise<void> {
    await this.records.delete(manager, email, address);
  }

  /**
   * Forgets e-mails quiet for longer than the longest lock: no lock can still be running, and typed
   * e-mails no admin has do not pile up.
   */
  private async pruneQuietRows(manager: EntityManager): Promise<void> {
    if (Date.now() - this.lastPruned < PRUNE_EVERY_MS) return;
    this.lastPruned = Date.now();
    await this.records.deleteQuietFor(manager, this.config.ADMIN_LOCK_MAX_SECONDS);
  }
}
