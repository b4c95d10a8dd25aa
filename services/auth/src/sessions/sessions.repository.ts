import { Injectable } from '@nestjs/common';
import type { AdminRole, Role } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** A refresh token with its session, as a refresh finds it (both rows locked). */
export interface PresentedRefreshToken {
  id: string;
  sessionId: string;
  expiresAt: Date;
  usedAt: Date | null;
  subjectId: string;
  role: Role;
  /** An admin session's role (D34), kept so that every renewal carries it; null for a viewer's. */
  adminRole: AdminRole | null;
  /** The profile the session chose (D37); null: the account's first. */
  profileId: string | null;
  revokedAt: Date | null;
}

/** A viewer's session that can still be refreshed, for the back office. */
export interface OpenSessionRow {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

/** What SessionsService needs of its storage: the repository below, or an in-memory fake in unit tests. */
export type SessionsStore = Pick<SessionsRepository, keyof SessionsRepository>;

/**
 * Every SQL statement of sessions and refresh tokens (tables auth_session and refresh_token). The
 * rules (rotation, reuse, expiry, revocation) are SessionsService's.
 */
@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction: the caller's when it passes its manager, else a new one. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>, within?: EntityManager): Promise<T> {
    return within ? work(within) : this.dataSource.transaction(work);
  }

  async insertSession(
    manager: EntityManager,
    subjectId: string,
    role: Role,
    adminRole: AdminRole | null = null,
  ): Promise<string> {
    const [session]: Array<{ id: string }> = await manager.query(
      'INSERT INTO "auth_session" ("subject_id", "role", "admin_role") VALUES ($1, $2, $3) RETURNING "id"',
      [subjectId, role, adminRole],
    );
    return session.id;
  }

  async insertRefreshToken(
    manager: EntityManager,
    sessionId: string,
    hash: string,
    expiresAt: Date,
  ): Promise<void> {
    await manager.query(
      'INSERT INTO "refresh_token" ("session_id", "token_hash", "expires_at") VALUES ($1, $2, $3)',
      [sessionId, hash, expiresAt],
    );
  }

  /** The refresh token with this hash and its session, both locked until the transaction ends. */
  async lockPresented(manager: EntityManager, hash: string): Promise<PresentedRefreshToken | undefined> {
    const rows: Array<{
      id: string;
      session_id: string;
      expires_at: Date;
      used_at: Date | null;
      subject_id: string;
      role: Role;
      admin_role: AdminRole | null;
      profile_id: string | null;
      revoked_at: Date | null;
    }> = await manager.query(
      `SELECT t."id", t."session_id", t."expires_at", t."used_at", s."subject_id", s."role", s."admin_role",
              s."profile_id", s."revoked_at"
         FROM "refresh_token" t JOIN "auth_session" s ON s."id" = t."session_id"
        WHERE t."token_hash" = $1
        FOR UPDATE OF t, s`,
      [hash],
    );
    const row = rows[0];
    return (
      row && {
        id: row.id,
        sessionId: row.session_id,
        expiresAt: new Date(row.expires_at),
        usedAt: row.used_at && new Date(row.used_at),
        subjectId: row.subject_id,
        role: row.role,
        adminRole: row.admin_role,
        profileId: row.profile_id,
        revokedAt: row.revoked_at && new Date(row.revoked_at),
      }
    );
  }

  /** Spends a refresh token and notes its session was refreshed now. */
  async spend(manager: EntityManager, tokenId: string, sessionId: string): Promise<void> {
    await manager.query('UPDATE "refresh_token" SET "used_at" = now() WHERE "id" = $1', [tokenId]);
    await manager.query('UPDATE "auth_session" SET "last_refreshed_at" = now() WHERE "id" = $1', [sessionId]);
  }

  /**
   * Notes the profile a viewer's open session chose and ends its unspent refresh tokens (they would
   * renew the profile before it), all under the session's lock; false when the session is not the
   * subject's, not a viewer's, or revoked.
   */
  async chooseProfile(
    manager: EntityManager,
    sessionId: string,
    subjectId: string,
    profileId: string | null,
  ): Promise<boolean> {
    const [, chosen]: [unknown[], number] = await manager.query(
      `UPDATE "auth_session" SET "profile_id" = $3, "last_refreshed_at" = now()
        WHERE "id" = $1 AND "subject_id" = $2 AND "role" = 'user' AND "revoked_at" IS NULL`,
      [sessionId, subjectId, profileId],
    );
    if (chosen === 0) return false;
    await manager.query(
      `UPDATE "refresh_token" SET "expires_at" = least("expires_at", now())
        WHERE "session_id" = $1 AND "used_at" IS NULL`,
      [sessionId],
    );
    return true;
  }

  /** Revokes one session if it is not already; answers nothing either way. */
  async revokeSession(manager: EntityManager, sessionId: string, reason: string): Promise<void> {
    await manager.query(
      `UPDATE "auth_session" SET "revoked_at" = now(), "revoked_reason" = $2 WHERE "id" = $1 AND "revoked_at" IS NULL`,
      [sessionId, reason],
    );
  }

  /** Revokes every open session of a subject; answers how many it revoked. */
  async revokeSubject(manager: EntityManager, subjectId: string, reason: string): Promise<number> {
    // TypeORM answers an UPDATE on Postgres with [rows, affected count].
    const [, revoked]: [unknown[], number] = await manager.query(
      `UPDATE "auth_session" SET "revoked_at" = now(), "revoked_reason" = $2
        WHERE "subject_id" = $1 AND "revoked_at" IS NULL`,
      [subjectId, reason],
    );
    return revoked;
  }

  /**
   * A viewer's sessions not revoked, with a refresh token still unspent and valid; last used first, at
   * most `limit`.
   */
  async openSessionsOf(viewerId: string, limit: number): Promise<OpenSessionRow[]> {
    const rows: Array<{ id: string; created_at: Date; last_used_at: Date; expires_at: Date }> =
      await this.dataSource.query(
        `SELECT s."id", s."created_at", coalesce(s."last_refreshed_at", s."created_at") AS "last_used_at",
                max(t."expires_at") AS "expires_at"
           FROM "auth_session" s
           JOIN "refresh_token" t ON t."session_id" = s."id" AND t."used_at" IS NULL AND t."expires_at" > now()
          WHERE s."subject_id" = $1 AND s."role" = 'user' AND s."revoked_at" IS NULL
          GROUP BY s."id"
          ORDER BY "last_used_at" DESC, s."id"
          LIMIT $2`,
        [viewerId, limit],
      );
    return rows.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at),
      lastUsedAt: new Date(row.last_used_at),
      expiresAt: new Date(row.expires_at),
    }));
  }
}
