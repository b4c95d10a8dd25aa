import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  SignInMessages,
  type AdminLoginReply,
  type AdminRole,
} from '@chitram/contracts';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { isEmail } from 'class-validator';
import { AuthConfig, DEMO_ADMIN, MIN_ADMIN_PASSWORD_LENGTH } from '../config';
import { SessionsService } from '../sessions/sessions.service';
import { rateLimitAddress } from '../otp/client-address';
import { AccountSlowdown } from './account-slowdown';
import type { AdminAccount } from './admin-account.entity';
import { AdminAccountsRepository } from './admin-accounts.repository';
import { AdminLoginAddressLimit } from './address-limit';
import { openAdminSession } from './admin-session';
import { AdminTickets } from './admin-tickets';
import { EmailThrottle } from './email-throttle';
import { hashPassword, normaliseEmail, passwordMatches } from './password';
import { SignInRecords } from './sign-in-records';

type LoginOutcome =
  | { ok: true; account: AdminAccount; secondStep?: { secondFactor: 'code' | 'enrol'; challenge: string } }
  | { ok: false; error: DomainError; wrongPassword: boolean };

/** How long the second step of a sign-in (the authenticator's code) may wait after the password. */
const SECOND_STEP_SECONDS = 5 * 60;

function invalidCredentials(): DomainError {
  return new DomainError(ErrorCode.INVALID_CREDENTIALS, SignInMessages.invalidCredentials);
}

function locked(remainingMs: number): DomainError {
  return DomainError.retryLater(ErrorCode.ACCOUNT_LOCKED, SignInMessages.accountLocked, remainingMs / 1000);
}

/** Why an e-mail and password cannot make an admin account, or undefined when they can. */
export function adminAccountProblem(email: string, password: string): string | undefined {
  if (!isEmail(normaliseEmail(email))) return 'the e-mail address is not valid';
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH)
    return `the password must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`;
  if (password.length > 256) return 'the password must have at most 256 characters';
  return undefined;
}

/**
 * Inserts an admin, an owner unless a role is given (issue 20: existing set-ups keep working); undefined
 * when the e-mail is taken. Callers check adminAccountProblem first.
 */
export async function insertAdminAccount(
  accounts: AdminAccountsRepository,
  email: string,
  password: string,
  role: AdminRole = 'owner',
): Promise<{ id: string; email: string } | undefined> {
  const normalised = normaliseEmail(email);
  const id = await accounts.insert(normalised, await hashPassword(password), role);
  return id ? { id, email: normalised } : undefined;
}

/**
 * Admin accounts and their login (DECISIONS D6): Argon2id hashes; failures counted per client address
 * (AdminLoginAddressLimit), per e-mail and address together (EmailThrottle, which locks the e-mail for
 * that address: there it refuses even the right password) and per e-mail from all addresses
 * (AccountSlowdown, which only slows the answers). So a stranger's failures never keep the admin, at
 * another address, out (issue 20).
 */
@Injectable()
export class AdminAccountsService implements OnApplicationBootstrap {
  /** Checked against when the e-mail is unknown, so a miss takes as long as a wrong password. */
  private decoyHash?: Promise<string>;

  constructor(
    private readonly accounts: AdminAccountsRepository,
    private readonly sessions: SessionsService,
    private readonly addressLimit: AdminLoginAddressLimit,
    private readonly slowdown: AccountSlowdown,
    private readonly throttle: EmailThrottle,
    private readonly signIns: SignInRecords,
    private readonly tickets: AdminTickets,
    private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.createFirstAdmin();
    // Made now, so the first miss takes no longer than the next.
    await this.decoy();
  }

  /** The admin of ADMIN_EMAIL/ADMIN_PASSWORD, when there is no admin at all yet. */
  async createFirstAdmin(): Promise<boolean> {
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = this.config;
    if (!ADMIN_EMAIL) return false;
    let created = false;
    if ((await this.accounts.count()) === 0) {
      created = await this.accounts.insertFirst(
        normaliseEmail(ADMIN_EMAIL),
        await hashPassword(ADMIN_PASSWORD),
      );
      if (created)
        this.logger.info({ email: normaliseEmail(ADMIN_EMAIL) }, 'first admin created from ADMIN_EMAIL');
    }
    if (!this.config.isProduction && ADMIN_PASSWORD === DEMO_ADMIN.password) {
      this.logger.info(`development: demo admin ${normaliseEmail(ADMIN_EMAIL)} / ${ADMIN_PASSWORD}`);
    }
    return created;
  }

  /** Adds an admin (DECISIONS D6: "a command creates more"), an owner unless a role is given. */
  async create(email: string, password: string, role?: AdminRole): Promise<{ id: string; email: string }> {
    const problem = adminAccountProblem(email, password);
    if (problem) throw new DomainError(ErrorCode.VALIDATION_FAILED, `Cannot create the admin: ${problem}.`);
    const created = await insertAdminAccount(this.accounts, email, password, role);
    if (!created)
      throw new DomainError(
        ErrorCode.CONFLICT,
        `An admin with the e-mail ${normaliseEmail(email)} exists already.`,
      );
    return created;
  }

  /**
   * Signs an admin in (DECISIONS D6; issues 10, 20). An e-mail no admin has goes through the same steps
   * as a wrong password (a password check against a decoy hash, the same failure counts, wait and lock,
   * the same answers), so neither the answer, its timing nor a lock tells which e-mails are real. Every
   * attempt is filed in the audit trail in the same transaction. An admin with an authenticator (or who
   * must enrol one, where a second factor is required) gets the second step instead of a session (issue
   * 20); an invited admin has no password yet, and a disabled one is refused after the right password.
   */
  async login(emailInput: string, password: string, clientIp: string): Promise<AdminLoginReply> {
    const email = normaliseEmail(emailInput);
    const address = rateLimitAddress(clientIp);
    const place = await this.addressLimit.takePlace(clientIp);
    await this.slowdown.wait(email);
    const outcome = await this.accounts.transaction(async (manager): Promise<LoginOutcome> => {
      const throttle = await this.throttle.hold(manager, email, address);
      const account = await this.accounts.findByEmail(manager, email);
      const attempt = { account, email, clientIp };
      const now = Date.now();
      const lockedMs = this.throttle.lockedFor(throttle, now);
      if (lockedMs > 0) {
        await this.signIns.refusedWhileLocked(manager, attempt, lockedMs);
        return { ok: false, error: locked(lockedMs), wrongPassword: false };
      }
      const matches = await passwordMatches(account?.passwordHash ?? (await this.decoy()), password);
      if (account?.passwordHash && matches) {
        await this.throttle.clear(manager, email, address);
        if (account.status !== 'active') {
          await this.signIns.refusedDisabled(manager, account, clientIp);
          return {
            ok: false,
            error: new DomainError(ErrorCode.ACCOUNT_DISABLED, 'This admin account has been disabled.'),
            wrongPassword: false,
          };
        }
        const secondFactor = account.totpSecret
          ? 'code'
          : this.config.secondFactorRequired
            ? 'enrol'
            : undefined;
        if (secondFactor) {
          const { token } = await this.tickets.issue(manager, account.id, 'sign-in', SECOND_STEP_SECONDS);
          return { ok: true, account, secondStep: { secondFactor, challenge: token } };
        }
        await this.accounts.update(manager, account.id, { lastLoginAt: new Date(now) });
        await this.signIns.signedIn(manager, account, clientIp);
        return { ok: true, account };
      }
      const failure = await this.throttle.countFailure(manager, throttle, now);
      await this.signIns.failed(manager, attempt, failure);
      if (!failure.locked) return { ok: false, error: invalidCredentials(), wrongPassword: true };
      this.logger.warn(
        { adminId: account?.id, address, lockSeconds: failure.lockSeconds },
        'admin sign-in locked for an address after failed logins',
      );
      return { ok: false, error: locked(failure.lockSeconds * 1000), wrongPassword: true };
    });
    if (!outcome.ok) {
      if (outcome.wrongPassword) await this.slowdown.countFailure(email);
      throw outcome.error;
    }
    await this.slowdown.clear(email);
    await this.addressLimit.giveBack(place);
    if (outcome.secondStep) return { ...outcome.secondStep, email: outcome.account.email };
    return openAdminSession(this.sessions, outcome.account);
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.decoyHash;
  }
}
