// Admin accounts kept in memory for the admin services' unit tests; the SQL they stand in for is
// tested against Postgres (admin-team.integration-spec.ts, admin-login.integration-spec.ts).
import { randomUUID } from 'node:crypto';
import type { AdminRole } from '@chitram/contracts';
import type { EntityManager } from 'typeorm';
import type { AdminAccount } from '../admins/admin-account.entity';
import type { AdminAccountChanges, AdminAccountsStore } from '../admins/admin-accounts.repository';

/** The manager a repository in memory is handed and never reads. */
export const noManager = undefined as unknown as EntityManager;

/** AdminAccountsRepository in memory: accounts and their recovery codes (kept as the hashes given). */
export class InMemoryAdminAccounts implements AdminAccountsStore {
  readonly rows: AdminAccount[] = [];
  readonly recoveryCodes = new Map<string, string[]>();

  transaction<T>(work: (manager: EntityManager) => Promise<T>) {
    return work(noManager);
  }

  count() {
    return Promise.resolve(this.rows.length);
  }

  insertFirst(email: string, passwordHash: string) {
    return this.insert(email, passwordHash, 'owner').then((id) => id !== undefined && this.rows.length === 1);
  }

  insert(
    email: string,
    passwordHash: string | null,
    role: AdminRole,
    status: AdminAccount['status'] = 'active',
  ) {
    if (this.rows.some((row) => row.email === email)) return Promise.resolve(undefined);
    const row: AdminAccount = {
      id: randomUUID(),
      email,
      passwordHash,
      role,
      status,
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      lastLoginAt: null,
      disabledAt: null,
      createdAt: new Date(),
    };
    this.rows.push(row);
    return Promise.resolve(row.id);
  }

  all() {
    return Promise.resolve(this.rows.map((row) => ({ ...row })));
  }

  private copyOf(row: AdminAccount | undefined) {
    return Promise.resolve(row ? { ...row } : null);
  }

  findByEmail(_m: EntityManager, email: string) {
    return this.copyOf(this.rows.find((row) => row.email === email));
  }

  find(_m: EntityManager, id: string) {
    return this.copyOf(this.rows.find((row) => row.id === id));
  }

  hold(m: EntityManager, id: string) {
    return this.find(m, id);
  }

  holdByEmail(m: EntityManager, email: string) {
    return this.findByEmail(m, email);
  }

  async insertInvited(m: EntityManager, email: string, role: AdminRole) {
    const id = await this.insert(email, null, role, 'invited');
    return (await this.find(m, id!))!;
  }

  update(_m: EntityManager, id: string, changes: AdminAccountChanges) {
    Object.assign(
      this.rows.find((row) => row.id === id)!,
      changes,
    );
    return Promise.resolve();
  }

  replaceRecoveryCodes(_m: EntityManager, adminId: string, codeHashes: string[]) {
    this.recoveryCodes.set(adminId, [...codeHashes]);
    return Promise.resolve();
  }

  deleteRecoveryCodes(_m: EntityManager, adminId: string) {
    this.recoveryCodes.delete(adminId);
    return Promise.resolve();
  }

  spendRecoveryCode(_m: EntityManager, adminId: string, codeHash: string) {
    const codes = this.recoveryCodes.get(adminId) ?? [];
    const at = codes.indexOf(codeHash);
    if (at >= 0) codes.splice(at, 1);
    return Promise.resolve(at >= 0);
  }

  recoveryCodesLeft(_m: EntityManager, adminId: string) {
    return Promise.resolve(this.recoveryCodes.get(adminId)?.length ?? 0);
  }
}
