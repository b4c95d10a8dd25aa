import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditEntries, type NewAuditEntry } from '../audit/audit-entries.repository';
import { AuthConfig } from '../config';
import type { AdminAccount } from './admin-account.entity';
import type { FailureOutcome } from './email-throttle';

/** One sign-in attempt: the e-mail as typed (normalised), the admin who has it if any, and where it came from. */
export interface SignInAttempt {
  account: AdminAccount | null;
  email: string;
  clientIp: string;
}

/** '45 seconds', '1 minute', '15 minutes', '2 hours'. */
export function spokenDuration(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [Math.ceil(seconds), 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.round((seconds / 3600) * 10) / 10, 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/**
 * Admin sign-ins in the audit trail (issue 9): each success, failure and lock, written in the sign-in's
 * own transaction. A failure names the e-mail typed, and says when no admin has it: only admins read
 * the trail, and they may know who the admins are.
 */
@Injectable()
export class SignInRecords {
  constructor(
    private readonly entries: AuditEntries,
    private readonly config: AuthConfig,
  ) {}

  signedIn(manager: EntityManager, account: AdminAccount, clientIp: string): Promise<boolean> {
    return this.entries.add(manager, {
      ...this.about({ account, email: account.email, clientIp }),
      action: 'signed-in',
    });
  }

  failed(manager: EntityManager, attempt: SignInAttempt, outcome: FailureOutcome): Promise<boolean> {
    const why = attempt.account ? 'Wrong password' : 'No admin has this e-mail';
    return this.entries.add(manager, {
      ...this.about(attempt),
      action: outcome.locked ? 'locked-out' : 'sign-in-failed',
      note: outcome.locked
        ? `${why}; locked for ${spokenDuration(outcome.lockSeconds)} after ${this.config.ADMIN_LOGIN_MAX_FAILURES} failed sign-ins from this address.`
        : `${why}.`,
    });
  }

  refusedWhileLocked(manager: EntityManager, attempt: SignInAttempt, lockedMs: number): Promise<boolean> {
    return this.entries.add(manager, {
      ...this.about(attempt),
      action: 'sign-in-failed',
      note: `Refused: this address is locked for ${spokenDuration(lockedMs / 1000)} more.`,
    });
  }

  /** The right password of a disabled admin: refused, and noted. */
  refusedDisabled(manager: EntityManager, account: AdminAccount, clientIp: string): Promise<boolean> {
    return this.entries.add(manager, {
      ...this.about({ account, email: account.email, clientIp }),
      action: 'sign-in-failed',
      note: 'Refused: this admin is disabled.',
    });
  }

  /** The second step refused a code (issue 20); `ended` when the step is spent by too many. */
  secondFactorFailed(
    manager: EntityManager,
    account: AdminAccount,
    clientIp: string,
    ended: boolean,
  ): Promise<boolean> {
    return this.entries.add(manager, {
      ...this.about({ account, email: account.email, clientIp }),
      action: 'sign-in-failed',
      note: ended
        ? 'Wrong authenticator or recovery code; too many for this sign-in, which has ended.'
        : 'Wrong authenticator or recovery code.',
    });
  }

  /** A second factor enrolled (at the first sign-in, or from the admin's page). */
  enrolled(manager: EntityManager, account: AdminAccount, clientIp: string | null): Promise<boolean> {
    return this.entries.add(manager, {
      ...this.about({ account, email: account.email, clientIp: clientIp ?? '' }),
      action: 'second-factor-enrolled',
    });
  }

  /** A recovery code spent on a sign-in: the admin should look for their authenticator or ask for a reset. */
  recoveryCodeUsed(
    manager: EntityManager,
    account: AdminAccount,
    clientIp: string,
    left: number,
  ): Promise<boolean> {
    return this.entries.add(manager, {
      ...this.about({ account, email: account.email, clientIp }),
      action: 'recovery-code-used',
      note: `${left} recovery code${left === 1 ? '' : 's'} left.`,
    });
  }

  private about({ account, email, clientIp }: SignInAttempt): Omit<NewAuditEntry, 'action'> {
    return {
      adminId: account?.id ?? null,
      adminEmail: email,
      entityType: 'admin',
      entityId: account?.id ?? null,
      entityLabel: email,
      address: clientIp,
    };
  }
}
