import { Injectable } from '@nestjs/common';
import type { AdminRole } from '@chitram/contracts';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { AdminAccount, AdminRecoveryCode } from './admin-account.entity';

/** The fields of an admin account a service changes. */
export type AdminAccountChanges = Partial<
  Pick<
    AdminAccount,
    | 'role'
    | 'status'
    | 'passwordHash'
    | 'totpSecret'
    | 'totpPendingSecret'
    | 'totpLastStep'
    | 'lastLoginAt'
    | 'disabledAt'
  >
>;

/** What the admin services need of their storage: the repository below, or an in-memory fake in unit tests. */
export type AdminAccountsStore = Pick<AdminAccountsRepository, keyof AdminAccountsRepository>;

/**
 * Every SQL statement of admin accounts and their recovery codes (tables admin_account and
 * admin_recovery_code). The rules (who may sign in, roles, second factors) are the admin services'.
 */
@Injectable()
export class AdminAccountsRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  count(): Promise<number> {
    return this.dataSource.getRepository(AdminAccount).count();
  }

  /** Inserts the first admin, an owner, unless there is an admin already; true when it did. */
  async insertFirst(email: string, passwordHash: string): Promise<boolean> {
    // One statement, so instances starting together create one admin between them.
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO "admin_account" ("email", "password_hash")
       SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM "admin_account")
       ON CONFLICT DO NOTHING RETURNING "id"`,
      [email, passwordHash],
    );
    return rows.length > 0;
  }

  /** Inserts an admin with a password; the new id, or undefined when the e-mail is taken. */
  async insert(email: string, passwordHash: string, role: AdminRole): Promise<string | undefined> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO "admin_account" ("email", "password_hash", "role") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING "id"`,
      [email, passwordHash, role],
    );
    return rows[0]?.id;
  }

  /** Every admin, the first created first. */
  all(): Promise<AdminAccount[]> {
    return this.dataSource.getRepository(AdminAccount).find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  findByEmail(manager: EntityManager, email: string): Promise<AdminAccount | null> {
    return manager.getRepository(AdminAccount).findOneBy({ email });
  }

  find(manager: EntityManager, id: string): Promise<AdminAccount | null> {
    return manager.findOneBy(AdminAccount, { id });
  }

  /** The admin, locked until the transaction ends. */
  hold(manager: EntityManager, id: string): Promise<AdminAccount | null> {
    return manager
      .getRepository(AdminAccount)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The admin of this e-mail, locked until the transaction ends. */
  holdByEmail(manager: EntityManager, email: string): Promise<AdminAccount | null> {
    return manager
      .getRepository(AdminAccount)
      .findOne({ where: { email }, lock: { mode: 'pessimistic_write' } });
  }

  /** An invited admin: no password yet. */
  insertInvited(manager: EntityManager, email: string, role: AdminRole): Promise<AdminAccount> {
    const repository = manager.getRepository(AdminAccount);
    return repository.save(repository.create({ email, role, status: 'invited', passwordHash: null }));
  }

  async update(manager: EntityManager, id: string, changes: AdminAccountChanges): Promise<void> {
    await manager.update(AdminAccount, id, changes);
  }

  /** The admin's recovery codes are these (by hash), none used; earlier ones stop working. */
  async replaceRecoveryCodes(manager: EntityManager, adminId: string, codeHashes: string[]): Promise<void> {
    await this.deleteRecoveryCodes(manager, adminId);
    await manager.insert(
      AdminRecoveryCode,
      codeHashes.map((codeHash) => ({ adminId, codeHash, usedAt: null })),
    );
  }

  async deleteRecoveryCodes(manager: EntityManager, adminId: string): Promise<void> {
    await manager.delete(AdminRecoveryCode, { adminId });
  }

  /** Marks the admin's unused recovery code of this hash used; false when there is none. */
  async spendRecoveryCode(manager: EntityManager, adminId: string, codeHash: string): Promise<boolean> {
    const [, spent]: [unknown[], number] = await manager.query(
      `UPDATE "admin_recovery_code" SET "used_at" = now() WHERE "admin_id" = $1 AND "code_hash" = $2 AND "used_at" IS NULL`,
      [adminId, codeHash],
    );
    return spent === 1;
  }

  recoveryCodesLeft(manager: EntityManager, adminId: string): Promise<number> {
    return manager.count(AdminRecoveryCode, { where: { adminId, usedAt: IsNull() } });
  }
}
