import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DomainError, ErrorCode, SignInMessages, type AdminSession } from '@chitram/contracts';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { isEmail } from 'class-validator';
import { DataSource, type Repository } from 'typeorm';
import { AuthConfig, DEMO_ADMIN, MIN_ADMIN_PASSWORD_LENGTH } from '../config';
import { SessionsService } from '../sessions/sessions.service';
import { AdminAccount } from './admin-account.entity';
import { hashPassword, normaliseEmail, passwordMatches } from './password';

type LoginOutcome = { ok: true; account: AdminAccount } | { ok: false; error: DomainError };

function invalidCredentials(): DomainError {
  return new DomainError(ErrorCode.INVALID_CREDENTIALS, SignInMessages.invalidCredentials);
}

/** Why an e-mail and password cannot make an admin account, or undefined when they can. */
export function adminAccountProblem(email: string, password: string): string | undefined {
  if (!isEmail(normaliseEmail(email))) return 'the e-mail address is not valid';
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH)
    return `the password must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`;
  if (password.length > 256) return 'the password must have at most 256 characters';
  return undefined;
}

/** Inserts an admin; undefined when the e-mail is taken. Callers check adminAccountProblem first. */
export async function insertAdminAccount(
  dataSource: DataSource,
  email: string,
  password: string,
): Promise<{ id: string; email: string } | undefined> {
  const normalised = normaliseEmail(email);
  const rows: Array<{ id: string }> = await dataSource.query(
    `INSERT INTO "admin_account" ("email", "password_hash") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "id"`,
    [normalised, await hashPassword(password)],
  );
  return rows.length ? { id: rows[0].id, email: normalised } : undefined;
}

/**
 * Admin accounts and their login (DECISIONS D6): Argon2id hashes; after ADMIN_LOGIN_MAX_FAILURES
 * failures within ADMIN_LOGIN_WINDOW_SECONDS the account is locked, first for ADMIN_LOCK_SECONDS and
 * twice as long for each further lock in a row. A locked account refuses even the right password.
 */
@Injectable()
export class AdminAccountsService implements OnApplicationBootstrap {
  /** Checked against when the e-mail is unknown, so a miss takes as long as a wrong password. */
  private decoyHash?: Promise<string>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.createFirstAdmin();
  }

  /** The admin of ADMIN_EMAIL/ADMIN_PASSWORD, when there is no admin at all yet. */
  async createFirstAdmin(): Promise<boolean> {
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = this.config;
    if (!ADMIN_EMAIL) return false;
    const repository = this.dataSource.getRepository(AdminAccount);
    let created = false;
    if ((await repository.count()) === 0) {
      const passwordHash = await hashPassword(ADMIN_PASSWORD);
      // One statement, so instances starting together create one admin between them.
      const rows: unknown[] = await this.dataSource.query(
        `INSERT INTO "admin_account" ("email", "password_hash")
         SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM "admin_account")
         ON CONFLICT DO NOTHING RETURNING "id"`,
        [normaliseEmail(ADMIN_EMAIL), passwordHash],
      );
      created = rows.length > 0;
      if (created)
        this.logger.info({ email: normaliseEmail(ADMIN_EMAIL) }, 'first admin created from ADMIN_EMAIL');
    }
    if (!this.config.isProduction && ADMIN_PASSWORD === DEMO_ADMIN.password) {
      this.logger.info(`development: demo admin ${normaliseEmail(ADMIN_EMAIL)} / ${ADMIN_PASSWORD}`);
    }
    return created;
  }

  /** Adds an admin (DECISIONS D6: "a command creates more"). */
  async create(email: string, password: string): Promise<{ id: string; email: string }> {
    const problem = adminAccountProblem(email, password);
    if (problem) throw new DomainError(ErrorCode.VALIDATION_FAILED, `Cannot create the admin: ${problem}.`);
    const created = await insertAdminAccount(this.dataSource, email, password);
    if (!created)
      throw new DomainError(
        ErrorCode.CONFLICT,
        `An admin with the e-mail ${normaliseEmail(email)} exists already.`,
      );
    return created;
  }

  async login(emailInput: string, password: string): Promise<AdminSession> {
    const email = normaliseEmail(emailInput);
    const outcome = await this.dataSource.transaction(async (manager): Promise<LoginOutcome> => {
      // The row lock makes concurrent guesses queue, so none slips past the failure count.
      const account = await manager
        .getRepository(AdminAccount)
        .findOne({ where: { email }, lock: { mode: 'pessimistic_write' } });
      if (!account) {
        await passwordMatches(await this.decoy(), password);
        return { ok: false, error: invalidCredentials() };
      }
      const now = Date.now();
      if (account.lockedUntil && account.lockedUntil.getTime() > now) {
        return { ok: false, error: this.locked(account.lockedUntil.getTime() - now) };
      }
      if (await passwordMatches(account.passwordHash, password)) {
        await manager.update(AdminAccount, account.id, {
          failedLogins: 0,
          failureWindowStartedAt: null,
          lockouts: 0,
          lockedUntil: null,
          lastLoginAt: new Date(now),
        });
        return { ok: true, account };
      }
      return {
        ok: false,
        error: await this.recordFailure(manager.getRepository(AdminAccount), account, now),
      };
    });
    if (!outcome.ok) throw outcome.error;
    const session = await this.sessions.open(outcome.account.id, 'admin');
    return {
      token: session.token,
      refreshToken: session.refreshToken,
      role: 'admin',
      email: outcome.account.email,
    };
  }

  private async recordFailure(
    repository: Repository<AdminAccount>,
    account: AdminAccount,
    now: number,
  ): Promise<DomainError> {
    const c = this.config;
    const windowOpen =
      account.failureWindowStartedAt !== null &&
      now - account.failureWindowStartedAt.getTime() < c.ADMIN_LOGIN_WINDOW_SECONDS * 1000;
    const failures = (windowOpen ? account.failedLogins : 0) + 1;
    const windowStart = windowOpen ? account.failureWindowStartedAt : new Date(now);
    if (failures < c.ADMIN_LOGIN_MAX_FAILURES) {
      await repository.update(account.id, { failedLogins: failures, failureWindowStartedAt: windowStart });
      return invalidCredentials();
    }
    const lockouts = account.lockouts + 1;
    const lockSeconds = Math.min(c.ADMIN_LOCK_SECONDS * 2 ** (lockouts - 1), c.ADMIN_LOCK_MAX_SECONDS);
    await repository.update(account.id, {
      failedLogins: 0,
      failureWindowStartedAt: null,
      lockouts,
      lockedUntil: new Date(now + lockSeconds * 1000),
    });
    this.logger.warn(
      { adminId: account.id, lockouts, lockSeconds },
      'admin account locked after failed logins',
    );
    return this.locked(lockSeconds * 1000);
  }

  private locked(remainingMs: number): DomainError {
    return DomainError.retryLater(ErrorCode.ACCOUNT_LOCKED, SignInMessages.accountLocked, remainingMs / 1000);
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.decoyHash;
  }
}
