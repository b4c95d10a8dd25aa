import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  type AdminSession,
  type RecoveryCodes,
  type SecondFactorRequest,
  type TotpEnrolment,
} from '@chitram/contracts';
import type { EntityManager } from 'typeorm';
import { SessionsService } from '../sessions/sessions.service';
import type { AdminAccount } from './admin-account.entity';
import { AdminAccountsRepository } from './admin-accounts.repository';
import { openAdminSession } from './admin-session';
import { AdminTickets } from './admin-tickets';
import { acceptedStep, newAuthenticator, newRecoveryCodes, recoveryCodeHash } from './authenticator';
import { SignInRecords } from './sign-in-records';

/** Wrong codes one sign-in step survives; the next ends it (the password is asked again). */
export const SECOND_STEP_MAX_FAILURES = 5;
/** Wrong codes for one admin, all steps together, within the window; beyond them no code is checked. */
export const SECOND_FACTOR_MAX_RECENT_FAILURES = 10;
const SECOND_FACTOR_WINDOW_MS = 15 * 60_000;

const stepEnded = () =>
  new DomainError(ErrorCode.SECOND_FACTOR_INVALID, 'This sign-in has ended. Please sign in again.');
const wrongCode = () =>
  new DomainError(ErrorCode.SECOND_FACTOR_INVALID, 'That code is not right. Please try again.');

type Outcome<T> = { ok: true; value: T } | { ok: false; error: DomainError };

/**
 * An admin's second factor (issue 20, DECISIONS D34): TOTP (RFC 6238) enrolled with a QR code, ten
 * recovery codes kept as hashes, each working once. The sign-in's second step is a ticket the password
 * step handed out: it lives a few minutes, works once, and ends after SECOND_STEP_MAX_FAILURES wrong codes.
 */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly accounts: AdminAccountsRepository,
    private readonly tickets: AdminTickets,
    private readonly sessions: SessionsService,
    private readonly records: SignInRecords,
  ) {}

  /** First sign-in where a second factor is required: a secret to enrol, for the admin of the challenge. */
  async enrolAtSignIn(challenge: string): Promise<TotpEnrolment> {
    return this.accounts.transaction(async (manager) => {
      const ticket = await this.tickets.holdLive(manager, challenge, 'sign-in');
      if (!ticket) throw stepEnded();
      const account = await this.holdAccount(manager, ticket.adminId);
      if (!account || account.status !== 'active' || account.totpSecret) throw stepEnded();
      return this.offer(manager, account);
    });
  }

  /** The second step: the session once the authenticator's code (or an unused recovery code) is right. */
  async complete(request: SecondFactorRequest): Promise<AdminSession> {
    const outcome = await this.accounts.transaction(
      async (manager): Promise<Outcome<{ account: AdminAccount; recoveryCodes?: string[] }>> => {
        const ticket = await this.tickets.holdLive(manager, request.challenge, 'sign-in');
        if (!ticket) return { ok: false, error: stepEnded() };
        const account = await this.holdAccount(manager, ticket.adminId);
        if (!account || account.status !== 'active') return { ok: false, error: stepEnded() };
        const since = new Date(Date.now() - SECOND_FACTOR_WINDOW_MS);
        if (
          (await this.tickets.recentFailures(manager, account.id, since)) >= SECOND_FACTOR_MAX_RECENT_FAILURES
        )
          return {
            ok: false,
            error: DomainError.retryLater(
              ErrorCode.RATE_LIMITED,
              'Too many wrong codes. Please try again later.',
              SECOND_FACTOR_WINDOW_MS / 1000,
            ),
          };
        const proof = await this.check(manager, account, request);
        if (!proof) {
          const failures = await this.tickets.countFailure(manager, ticket);
          const ended = failures >= SECOND_STEP_MAX_FAILURES;
          if (ended) await this.tickets.spend(manager, ticket);
          await this.records.secondFactorFailed(manager, account, request.clientIp, ended);
          return { ok: false, error: ended ? stepEnded() : wrongCode() };
        }
        await this.tickets.spend(manager, ticket);
        await this.accounts.update(manager, account.id, { lastLoginAt: new Date() });
        let recoveryCodes: string[] | undefined;
        if (proof.kind === 'enrolled') {
          recoveryCodes = await this.enrol(manager, account, proof.step);
          await this.records.enrolled(manager, account, request.clientIp);
        } else if (proof.kind === 'recovery') {
          await this.records.recoveryCodeUsed(manager, account, request.clientIp, proof.left);
        }
        await this.records.signedIn(manager, account, request.clientIp);
        return { ok: true, value: { account, recoveryCodes } };
      },
    );
    if (!outcome.ok) throw outcome.error;
    return openAdminSession(this.sessions, outcome.value.account, outcome.value.recoveryCodes);
  }

  /** A signed-in admin adds an authenticator (where it is optional); one already enrolled must be reset by the owner. */
  async start(adminId: string): Promise<TotpEnrolment> {
    return this.accounts.transaction(async (manager) => {
      const account = await this.holdAccount(manager, adminId);
      if (!account || account.status !== 'active')
        throw new DomainError(ErrorCode.NOT_FOUND, 'No such admin.');
      if (account.totpSecret)
        throw new DomainError(
          ErrorCode.CONFLICT,
          'A second factor is enrolled already. The owner can reset it if it is lost.',
        );
      return this.offer(manager, account);
    });
  }

  /** The first code of the authenticator being added: it is enrolled, and the recovery codes are shown once. */
  async confirm(adminId: string, code: string): Promise<RecoveryCodes> {
    const outcome = await this.accounts.transaction(async (manager): Promise<Outcome<string[]>> => {
      const account = await this.holdAccount(manager, adminId);
      if (!account?.totpPendingSecret || account.totpSecret)
        return {
          ok: false,
          error: new DomainError(ErrorCode.CONFLICT, 'Start adding an authenticator first.'),
        };
      const step = await acceptedStep(account.totpPendingSecret, code, null);
      if (step === null) return { ok: false, error: wrongCode() };
      const recoveryCodes = await this.enrol(manager, account, step);
      await this.records.enrolled(manager, account, null);
      return { ok: true, value: recoveryCodes };
    });
    if (!outcome.ok) throw outcome.error;
    return { recoveryCodes: outcome.value };
  }

  private holdAccount(manager: EntityManager, adminId: string): Promise<AdminAccount | null> {
    return this.accounts.hold(manager, adminId);
  }

  private async offer(manager: EntityManager, account: AdminAccount): Promise<TotpEnrolment> {
    const offered = newAuthenticator(account.email);
    await this.accounts.update(manager, account.id, { totpPendingSecret: offered.secret });
    return offered;
  }

  /** What the second step proves, or null for a wrong, reused or stale code. */
  private async check(
    manager: EntityManager,
    account: AdminAccount,
    { code, recoveryCode }: Pick<SecondFactorRequest, 'code' | 'recoveryCode'>,
  ): Promise<
    | { kind: 'code'; step: number }
    | { kind: 'enrolled'; step: number }
    | { kind: 'recovery'; left: number }
    | null
  > {
    if (recoveryCode && account.totpSecret) {
      if (!(await this.accounts.spendRecoveryCode(manager, account.id, recoveryCodeHash(recoveryCode))))
        return null;
      const left = await this.accounts.recoveryCodesLeft(manager, account.id);
      return { kind: 'recovery', left };
    }
    if (!code) return null;
    if (account.totpSecret) {
      const step = await acceptedStep(account.totpSecret, code, account.totpLastStep);
      if (step === null) return null;
      await this.accounts.update(manager, account.id, { totpLastStep: String(step) });
      return { kind: 'code', step };
    }
    if (!account.totpPendingSecret) return null;
    const step = await acceptedStep(account.totpPendingSecret, code, null);
    return step === null ? null : { kind: 'enrolled', step };
  }

  /** Makes the offered secret the admin's, with ten fresh recovery codes (answered in clear this once). */
  private async enrol(manager: EntityManager, account: AdminAccount, step: number): Promise<string[]> {
    const recoveryCodes = newRecoveryCodes();
    await this.accounts.update(manager, account.id, {
      totpSecret: account.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: String(step),
    });
    await this.accounts.replaceRecoveryCodes(manager, account.id, recoveryCodes.map(recoveryCodeHash));
    account.totpSecret = account.totpPendingSecret;
    return recoveryCodes;
  }
}
