import { Injectable } from '@nestjs/common';
import {
  FIRST_PROFILE_NAME,
  type InterfaceLanguageCode,
  type MaturityLevel,
  type Profile,
  type ProfileAvatar,
} from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** The fields of a profile its account chooses. */
export interface ProfileFields {
  name: string;
  avatar: ProfileAvatar;
  interfaceLanguage: InterfaceLanguageCode | null;
  maturity: MaturityLevel;
}

interface ProfileRow extends ProfileFields {
  id: string;
  accountId: string;
  createdAt: Date;
  hasLock: boolean;
}

/** A profile's lock as its tries need it. */
export interface LockState {
  lockHash: string | null;
  failures: number;
  lockedUntil: Date | null;
}

const PROFILE_COLUMNS = `"id", "account_id" AS "accountId", "name", "avatar",
  "interface_language" AS "interfaceLanguage", "maturity", "created_at" AS "createdAt",
  ("lock_hash" IS NOT NULL) AS "hasLock"`;

function toProfile(row: ProfileRow): Profile {
  return {
    _id: row.id,
    name: row.name,
    avatar: row.avatar,
    interfaceLanguage: row.interfaceLanguage,
    maturity: row.maturity,
    isFirst: row.id === row.accountId,
    hasLock: row.hasLock,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The rows of "profile" (issue 22, D37): an account's profiles, the first one with the viewer's id. */
@Injectable()
export class ProfilesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The first profile first, then by creation. */
  async list(accountId: string, manager: EntityManager = this.dataSource.manager): Promise<Profile[]> {
    const rows = await manager.query<ProfileRow[]>(
      `SELECT ${PROFILE_COLUMNS} FROM "profile" WHERE "account_id" = $1
        ORDER BY ("id" = "account_id") DESC, "created_at", "id"`,
      [accountId],
    );
    return rows.map(toProfile);
  }

  async find(accountId: string, profileId: string): Promise<Profile | null> {
    const [row] = await this.dataSource.query<ProfileRow[]>(
      `SELECT ${PROFILE_COLUMNS} FROM "profile" WHERE "account_id" = $1 AND "id" = $2`,
      [accountId, profileId],
    );
    return row ? toProfile(row) : null;
  }

  /** Holds the account's row until the transaction ends, so two creations at once count each other. */
  async lockAccount(manager: EntityManager, accountId: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(`SELECT 1 FROM "viewer" WHERE "id" = $1 FOR UPDATE`, [
      accountId,
    ]);
    return rows.length > 0;
  }

  /** Whether another profile of the account has this name (letter case aside). */
  async nameTaken(
    manager: EntityManager,
    accountId: string,
    name: string,
    except?: string,
  ): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM "profile" WHERE "account_id" = $1 AND lower("name") = lower($2)
        AND ($3::uuid IS NULL OR "id" <> $3::uuid)`,
      [accountId, name, except ?? null],
    );
    return rows.length > 0;
  }

  async insert(
    manager: EntityManager,
    accountId: string,
    fields: ProfileFields,
    lockHash: string | null,
  ): Promise<Profile> {
    const [row] = await manager.query<ProfileRow[]>(
      `INSERT INTO "profile" ("account_id", "name", "avatar", "interface_language", "maturity", "lock_hash")
        VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${PROFILE_COLUMNS}`,
      [accountId, fields.name, fields.avatar, fields.interfaceLanguage, fields.maturity, lockHash],
    );
    return toProfile(row);
  }

  /** The account's first profile, with the viewer's id; nothing when it exists already. */
  async insertFirst(manager: EntityManager, accountId: string): Promise<void> {
    await manager.query(
      `INSERT INTO "profile" ("id", "account_id", "name", "avatar", "maturity")
        VALUES ($1, $1, $2, 'lotus', 'adult') ON CONFLICT ("id") DO NOTHING`,
      [accountId, FIRST_PROFILE_NAME],
    );
  }

  async update(
    manager: EntityManager,
    accountId: string,
    profileId: string,
    fields: Partial<ProfileFields>,
    /** A new lock's hash, null to take the lock off, undefined to leave it. */
    lockHash?: string | null,
  ): Promise<Profile | null> {
    const [rows] = await manager.query<[ProfileRow[], number]>(
      `UPDATE "profile" SET "name" = COALESCE($3, "name"), "avatar" = COALESCE($4, "avatar"),
          "interface_language" = CASE WHEN $5::boolean THEN $6 ELSE "interface_language" END,
          "maturity" = COALESCE($7, "maturity"),
          "lock_hash" = CASE WHEN $8::boolean THEN $9 ELSE "lock_hash" END,
          "lock_failures" = CASE WHEN $8::boolean THEN 0 ELSE "lock_failures" END,
          "locked_until" = CASE WHEN $8::boolean THEN NULL ELSE "locked_until" END
        WHERE "account_id" = $1 AND "id" = $2 RETURNING ${PROFILE_COLUMNS}`,
      [
        accountId,
        profileId,
        fields.name ?? null,
        fields.avatar ?? null,
        fields.interfaceLanguage !== undefined,
        fields.interfaceLanguage ?? null,
        fields.maturity ?? null,
        lockHash !== undefined,
        lockHash ?? null,
      ],
    );
    return rows[0] ? toProfile(rows[0]) : null;
  }

  /** The lock of one profile of the account, held until the transaction ends; null when there is no such profile. */
  async lockedState(manager: EntityManager, accountId: string, profileId: string): Promise<LockState | null> {
    const [row] = await manager.query<LockState[]>(
      `SELECT "lock_hash" AS "lockHash", "lock_failures" AS "failures", "locked_until" AS "lockedUntil"
         FROM "profile" WHERE "account_id" = $1 AND "id" = $2 FOR UPDATE`,
      [accountId, profileId],
    );
    return row ? { ...row, lockedUntil: row.lockedUntil && new Date(row.lockedUntil) } : null;
  }

  /** Notes the wrong tries in a row, and until when no try is taken. */
  async saveTries(
    manager: EntityManager,
    profileId: string,
    failures: number,
    lockedUntil: Date | null,
  ): Promise<void> {
    await manager.query(`UPDATE "profile" SET "lock_failures" = $2, "locked_until" = $3 WHERE "id" = $1`, [
      profileId,
      failures,
      lockedUntil,
    ]);
  }

  /** Deletes a profile that is not the account's first; whether one was deleted. */
  async delete(manager: EntityManager, accountId: string, profileId: string): Promise<boolean> {
    const [, count] = await manager.query<[unknown, number]>(
      `DELETE FROM "profile" WHERE "account_id" = $1 AND "id" = $2 AND "id" <> "account_id"`,
      [accountId, profileId],
    );
    return count > 0;
  }
}
