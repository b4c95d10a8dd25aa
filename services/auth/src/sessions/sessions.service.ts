import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  SignInMessages,
  type AdminRole,
  type Role,
  type SignedInSession,
  type TokenPair,
} from '@chitram/contracts';
import { AccessTokenSigner, LOGGER, type Logger, RevocationList } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { AuthConfig } from '../config';
import { SessionsRepository } from './sessions.repository';

/** Revocation entries outlive the last access token they could concern by this much (clock tolerance and then some). */
const REVOCATION_MARGIN_SECONDS = 60;

/** The most sessions a viewer's page lists (each sign-in opens one; refreshes keep it). */
const OPEN_SESSIONS_SHOWN = 50;

export interface OpenedSession extends TokenPair {
  sessionId: string;
}

/** A refresh token is 256 random bits; only its SHA-256 is stored (it is not guessable, so no slow hash is needed). */
function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type RefreshOutcome = { ok: true; pair: OpenedSession } | { ok: false; error: DomainError };

/**
 * Sessions (DECISIONS D5): a 15-minute access token and a 30-day refresh token, rotated on every use.
 * A refresh token used a second time means it was copied: the whole family is revoked.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly store: SessionsRepository,
    private readonly signer: AccessTokenSigner,
    private readonly revocations: RevocationList,
    private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private get revocationTtlSeconds(): number {
    return this.config.ACCESS_TOKEN_TTL_SECONDS + REVOCATION_MARGIN_SECONDS;
  }

  private refreshExpiry(): Date {
    return new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
  }

  /**
   * Starts a session family for a viewer or admin who just proved who they are. An admin's role is kept
   * with the session, so every renewal carries the role it was opened with; a change of role ends the
   * admin's sessions (issue 20).
   */
  async open(subjectId: string, role: Role, adminRole?: AdminRole): Promise<OpenedSession> {
    const refresh = newRefreshToken();
    const sessionId = await this.store.transaction(async (manager) => {
      const id = await this.store.insertSession(manager, subjectId, role, adminRole);
      await this.store.insertRefreshToken(manager, id, refresh.hash, this.refreshExpiry());
      return id;
    });
    const token = await this.signer.sign({ sub: subjectId, role, sid: sessionId, adminRole });
    return { token, refreshToken: refresh.token, sessionId };
  }

  /** Exchanges a refresh token for a new pair; the one sent is spent. */
  async refresh(refreshToken: string): Promise<OpenedSession> {
    const presented = hashRefreshToken(refreshToken);
    const outcome = await this.store.transaction(async (manager): Promise<RefreshOutcome> => {
      const row = await this.store.lockPresented(manager, presented);
      if (!row) return { ok: false, error: sessionEnded(ErrorCode.TOKEN_INVALID) };
      if (row.revokedAt) return { ok: false, error: sessionEnded(ErrorCode.TOKEN_REVOKED) };
      if (row.usedAt) {
        // Reuse: someone holds a copy. End the family for the thief and the owner alike.
        await this.revokeSessionIn(manager, row.sessionId, 'refresh token reused');
        this.logger.warn(
          { sessionId: row.sessionId, subjectId: row.subjectId },
          'refresh token reused; session revoked',
        );
        return { ok: false, error: sessionEnded(ErrorCode.TOKEN_REVOKED) };
      }
      if (row.expiresAt.getTime() <= Date.now()) {
        return { ok: false, error: sessionEnded(ErrorCode.TOKEN_INVALID) };
      }
      const next = newRefreshToken();
      await this.store.spend(manager, row.id, row.sessionId);
      await this.store.insertRefreshToken(manager, row.sessionId, next.hash, this.refreshExpiry());
      const token = await this.signer.sign({
        sub: row.subjectId,
        role: row.role,
        sid: row.sessionId,
        adminRole: row.adminRole ?? undefined,
        profileId: row.profileId ?? undefined,
      });
      return { ok: true, pair: { token, refreshToken: next.token, sessionId: row.sessionId } };
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.pair;
  }

  /**
   * A viewer chose a profile (issue 22, D37; the gateway checked it is the account's): the session keeps
   * it and answers a new pair carrying it; the refresh tokens issued before it stop working, so no
   * renewal brings the previous profile back. The first profile (the viewer's id) is kept as none.
   */
  async selectProfile(sessionId: string, subjectId: string, profileId: string): Promise<OpenedSession> {
    const chosen = profileId === subjectId ? null : profileId;
    const refresh = newRefreshToken();
    await this.store.transaction(async (manager) => {
      if (!(await this.store.chooseProfile(manager, sessionId, subjectId, chosen)))
        throw sessionEnded(ErrorCode.TOKEN_REVOKED);
      await this.store.insertRefreshToken(manager, sessionId, refresh.hash, this.refreshExpiry());
    });
    const token = await this.signer.sign({
      sub: subjectId,
      role: 'user',
      sid: sessionId,
      profileId: chosen ?? undefined,
    });
    return { token, refreshToken: refresh.token, sessionId };
  }

  /** Logout: ends the caller's session family at once. */
  async logout(sessionId: string): Promise<void> {
    await this.store.transaction((manager) => this.revokeSessionIn(manager, sessionId, 'logout'));
  }

  /**
   * Ends every session of a viewer or admin (account deletion): refresh tokens stop working and the
   * gateway refuses access tokens issued up to now. Repeating it changes nothing.
   */
  async revokeSubject(subjectId: string, reason: string, manager?: EntityManager): Promise<number> {
    const count = await this.store.transaction(async (m) => {
      const revoked = await this.store.revokeSubject(m, subjectId, reason);
      // Redis last, inside the transaction: if it fails the whole revocation is retried.
      await this.revocations.revokeSubjectBefore(subjectId, new Date(), this.revocationTtlSeconds);
      return revoked;
    }, manager);
    this.logger.info({ subjectId, sessions: count, reason }, 'sessions revoked');
    return count;
  }

  /**
   * A viewer's open sessions for the back office: not revoked, with a refresh token still unspent and
   * valid; last used first. No device is named: sessions do not keep one.
   */
  async openSessionsOf(viewerId: string): Promise<SignedInSession[]> {
    const rows = await this.store.openSessionsOf(viewerId, OPEN_SESSIONS_SHOWN);
    return rows.map((row) => ({
      sessionId: row.id,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    }));
  }

  private async revokeSessionIn(manager: EntityManager, sessionId: string, reason: string): Promise<void> {
    await this.store.revokeSession(manager, sessionId, reason);
    await this.revocations.revokeSession(sessionId, this.revocationTtlSeconds);
  }
}

function sessionEnded(code: ErrorCode.TOKEN_INVALID | ErrorCode.TOKEN_REVOKED): DomainError {
  return new DomainError(code, SignInMessages.sessionEnded);
}
