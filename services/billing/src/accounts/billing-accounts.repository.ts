import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** The viewer's billing account (D32): the state or union territory that invoices name. */
@Injectable()
export class BillingAccountsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async stateOf(viewerId: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const rows: Array<{ state_code: string }> = await manager.query(
      'SELECT "state_code" FROM "billing_account" WHERE "viewer_id" = $1',
      [viewerId],
    );
    return rows[0]?.state_code ?? null;
  }

  async setState(
    viewerId: string,
    stateCode: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "billing_account" ("viewer_id", "state_code") VALUES ($1, $2)
       ON CONFLICT ("viewer_id") DO UPDATE SET "state_code" = EXCLUDED."state_code", "updated_at" = now()`,
      [viewerId, stateCode],
    );
  }

  /** D25: the account is gone; its invoices keep the place of supply they were issued with. */
  async forget(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query('DELETE FROM "billing_account" WHERE "viewer_id" = $1', [viewerId]);
  }
}
