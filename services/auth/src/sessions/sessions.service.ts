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
import { DataSource, type EntityManager } from 'typeorm';
import { AuthConfig } from '../config';

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
    private readonly dataSource: DataSource,
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
    const sessionId = await this.dataSource.transaction(async (manager) => {
      const [session]: Array<{ id: string }> = await manager.query(
        'INSERT INTO "auth_session" ("subject_id", "role", "admin_role") VALUES ($1, $2, $3) RETURNING "id"',
        [subjectId, role, adminRole ?? null],
      );
      await this.insertRefreshToken(manager, session.id, refresh.hash);
      return session.id;
    });
    const token = await this.signer.sign({ sub: subjectId, role, sid: sessionId, adminRole });
    return { token, refreshToken: refresh.token, sessionId };
  }

  /** Exchanges a refresh token for a new pair; the one sent is spent. */
  async refresh(refreshToken: string): Promise<OpenedSession> {
    const presented = hashRefreshToken(refreshToken);
    const outcome = await this.dataSource.transaction(async (manager): Promise<RefreshOutcome> => {
      const rows: Array<{
        id: string;
        session_id: string;
        expires_at: Date;
        used_at: Date | null;
        subject_id: string;
        role: Role;
        admin_role: AdminRole | null;
        revoked_at: Date | null;
      }> = await manager.query(
        `SELECT t."id", t."session_id", t."expires_at", t."used_at", s."subject_id", s."role", s."admin_role", s."revoked_at"
           FROM "refresh_token" t JOIN "auth_session" s ON s."id" = t."session_id"
          WHERE t."token_hash" = $1
          FOR UPDATE OF t, s`,
        [presented],
      );
      const row = rows[0];
      if (!row) return { ok: false, error: sessionEnded(ErrorCode.TOKEN_INVALID) };
      if (row.revoked_at) return { ok: false, error: sessionEnded(ErrorCode.TOKEN_REVOKED) };
      if (row.used_at) {
        // Reuse: someone holds a copy. End the family for the thief and the owner alike.
        await this.revokeSessionIn(manager, row.session_id, 'refresh token reused');
        this.logger.warn(
          { sessionId: row.session_id, subjectId: row.subject_id },
          'refresh token reused; session revoked',
        );
        return { ok: false, error: sessionEnded(ErrorCode.TOKEN_REVOKED) };
      }
      if (new Date(row.expires_at).getTime() <= Date.now()) {
        return { ok: false, error: sessionEnded(ErrorCode.TOKEN_INVALID) };
      }
      const next = newRefreshToken();
      await manager.query('UPDATE "refresh_token" SET "used_at" = now() WHERE "id" = $1', [row.id]);
      await manager.query('UPDATE "auth_session" SET "last_refreshed_at" = now() WHERE "id" = $1', [
        row.session_id,
      ]);
      await this.insertRefreshToken(manager, row.session_id, next.hash);
      const token = await this.signer.sign({
        sub: row.subject_id,
        role: row.role,
        sid: row.session_id,
        adminRole: row.admin_role ?? undefined,
      });
      return { ok: true, pair: { token, refreshToken: next.token, sessionId: row.session_id } };
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.pair;
  }

  /** Logout: ends the caller's session family at once. */
  async logout(sessionId: string): Promise<void> {
    await this.dataSource.transaction((manager) => this.revokeSessionIn(manager, sessionId, 'logout'));
  }

  /**
   * Ends every session of a viewer or admin (account deletion): refresh tokens stop working and the
   * gateway refuses access tokens issued up to now. Repeating it changes nothing.
   */
  async revokeSubject(subjectId: string, reason: string, manager?: EntityManager): Promise<number> {
    const work = async (m: EntityManager) => {
      // TypeORM answers an UPDATE on Postgres with [rows, affected count].
      const [, revoked]: [unknown[], number] = await m.query(
        `UPDATE "auth_session" SET "revoked_at" = now(), "revoked_reason" = $2
          WHERE "subject_id" = $1 AND "revoked_at" IS NULL`,
        [subjectId, reason],
      );
      // Redis last, inside the transaction: if it fails the whole revocation is retried.
      await this.revocations.revokeSubjectBefore(subjectId, new Date(), this.revocationTtlSeconds);
      return revoked;
    };
    const count = manager ? await work(manager) : await this.dataSource.transaction(work);
    this.logger.info({ subjectId, sessions: count, reason }, 'sessions revoked');
    return count;
  }

  /**
   * A viewer's open sessions for the back office: not revoked, with a refresh token still unspent and
   * valid; last used first. No device is named: sessions do not keep one.
   */
  async openSessionsOf(viewerId: string): Promise<SignedInSession[]> {
    const rows: Array<{ id: string; created_at: Date; last_used_at: Date; expires_at: Date }> =
      await this.dataSource.query(
        `SELECT s."id", s."created_at", coalesce(s."last_refreshed_at", s."created_at") AS "last_used_at",
                max(t."expires_at") AS "expires_at"
           FROM "auth_session" s
           JOIN "refresh_token" t ON t."session_id" = s."id" AND t."used_at" IS NULL AND t."expires_at" > now()
          WHERE s."subject_id" = $1 AND s."role" = 'user' AND s."revoked_at" IS NULL
          GROUP BY s."id"
          ORDER BY "last_used_at" DESC, s."id"
          LIMIT ${OPEN_SESSIONS_SHOWN}`,
        [viewerId],
      );
    return rows.map((row) => ({
      sessionId: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      lastUsedAt: new Date(row.last_used_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
    }));
  }

  private async revokeSessionIn(manager: EntityManager, sessionId: string, reason: string): Promise<void> {
    await manager.query(
      `UPDATE "auth_session" SET "revoked_at" = now(), "revoked_reason" = $2 WHERE "id" = $1 AND "revoked_at" IS NULL`,
      [sessionId, reason],
    );
    await this.revocations.revokeSession(sessionId, this.revocationTtlSeconds);
  }

  private async insertRefreshToken(manager: EntityManager, sessionId: string, hash: string): Promise<void> {
    await manager.query(
      'INSERT INTO "refresh_token" ("session_id", "token_hash", "expires_at") VALUES ($1, $2, $3)',
      [sessionId, hash, this.refreshExpiry()],
    );
  }
}

function sessionEnded(code: ErrorCode.TOKEN_INVALID | ErrorCode.TOKEN_REVOKED): DomainError {
  return new DomainError(code, SignInMessages.sessionEnded);
}
