import { Injectable } from '@nestjs/common';
import type { PlanKey, SubscriptionChange } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentPlan } from './subscription-rules';

export interface ActivePlanRow {
  planKey: PlanKey;
  planName: string;
  validFrom: Date;
  validTill: Date;
}

export interface PeriodRecord {
  viewerId: string;
  paymentId: string;
  orderId: string;
  planKey: PlanKey;
  change: SubscriptionChange;
  validFrom: Date;
  validTill: Date;
}

export interface StoredPeriod extends PeriodRecord {
  id: string;
}

@Injectable()
export class SubscriptionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Holds the viewer's plan still while a payment is turned into validity. */
  async lockViewer(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`plan:${viewerId}`]);
  }

  async current(manager: EntityManager, viewerId: string): Promise<CurrentPlan | null> {
    const rows: Array<{ plan_key: PlanKey; valid_from: Date; valid_till: Date }> = await manager.query(
      'SELECT "plan_key", "valid_from", "valid_till" FROM "subscription" WHERE "viewer_id" = $1',
      [viewerId],
    );
    const row = rows[0];
    return row
      ? { planKey: row.plan_key, validFrom: new Date(row.valid_from), validTill: new Date(row.valid_till) }
      : null;
  }

  /** The plan the viewer holds now, if it has not run out (one indexed read: it sits on the playback path). */
  async active(viewerId: string): Promise<ActivePlanRow | null> {
    const rows: Array<{ plan_key: PlanKey; name: string; valid_from: Date; valid_till: Date }> =
      await this.dataSource.query(
        `SELECT s."plan_key", p."name", s."valid_from", s."valid_till"
           FROM "subscription" s JOIN "plan" p ON p."plan_key" = s."plan_key"
          WHERE s."viewer_id" = $1 AND s."valid_till" > now()`,
        [viewerId],
      );
    const row = rows[0];
    return row
      ? {
          planKey: row.plan_key,
          planName: row.name,
          validFrom: new Date(row.valid_from),
          validTill: new Date(row.valid_till),
        }
      : null;
  }

  async periodOfPayment(manager: EntityManager, paymentId: string): Promise<StoredPeriod | undefined> {
    const rows = await manager.query(`SELECT * FROM "subscription_period" WHERE "payment_id" = $1`, [
      paymentId,
    ]);
    return rows[0] ? toPeriod(rows[0] as PeriodRow) : undefined;
  }

  async periodOfOrder(manager: EntityManager, orderId: string): Promise<StoredPeriod | undefined> {
    const rows = await manager.query(`SELECT * FROM "subscription_period" WHERE "order_id" = $1`, [orderId]);
    return rows[0] ? toPeriod(rows[0] as PeriodRow) : undefined;
  }

  /** Records what a payment bought and makes it the viewer's plan. */
  async apply(manager: EntityManager, period: PeriodRecord): Promise<StoredPeriod> {
    const rows: PeriodRow[] = await manager.query(
      `INSERT INTO "subscription_period" ("viewer_id", "payment_id", "order_id", "plan_key", "change",
         "valid_from", "valid_till") VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [
        period.viewerId,
        period.paymentId,
        period.orderId,
        period.planKey,
        period.change,
        period.validFrom,
        period.validTill,
      ],
    );
    // An extension keeps the plan's first day; a new or replacing plan starts with this period.
    await manager.query(
      `INSERT INTO "subscription" ("viewer_id", "plan_key", "valid_from", "valid_till")
       VALUES ($1, $2, $3, $4)
       ON CONFLICT ("viewer_id") DO UPDATE SET "plan_key" = EXCLUDED."plan_key",
         "valid_from" = CASE WHEN $5 THEN "subscription"."valid_from" ELSE EXCLUDED."valid_from" END,
         "valid_till" = EXCLUDED."valid_till", "expiry_announced" = false, "updated_at" = now()`,
      [period.viewerId, period.planKey, period.validFrom, period.validTill, period.change === 'extended'],
    );
    return toPeriod(rows[0]);
  }

  /** Plans that ran out and have not been announced yet, claimed so that each is announced once. */
  async claimExpired(
    manager: EntityManager,
    limit: number,
  ): Promise<Array<{ viewerId: string; planKey: PlanKey; validTill: Date }>> {
    // TypeORM answers an UPDATE as [rows, count].
    const [rows]: [Array<{ viewer_id: string; plan_key: PlanKey; valid_till: Date }>, number] =
      await manager.query(
        `UPDATE "subscription" SET "expiry_announced" = true WHERE "viewer_id" IN (
         SELECT "viewer_id" FROM "subscription" WHERE NOT "expiry_announced" AND "valid_till" <= now()
          ORDER BY "valid_till" LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING "viewer_id", "plan_key", "valid_till"`,
        [limit],
      );
    return rows.map((r) => ({
      viewerId: r.viewer_id,
      planKey: r.plan_key,
      validTill: new Date(r.valid_till),
    }));
  }

  /** D25: the account is gone, and with it its plan; the periods stay (they explain the receipts) without it. */
  async forget(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query('DELETE FROM "subscription" WHERE "viewer_id" = $1', [viewerId]);
    await manager.query('UPDATE "subscription_period" SET "viewer_id" = NULL WHERE "viewer_id" = $1', [
      viewerId,
    ]);
  }
}

interface PeriodRow {
  id: string;
  viewer_id: string;
  payment_id: string;
  order_id: string;
  plan_key: PlanKey;
  change: SubscriptionChange;
  valid_from: Date;
  valid_till: Date;
}

function toPeriod(row: PeriodRow): StoredPeriod {
  return {
    id: row.id,
    viewerId: row.viewer_id,
    paymentId: row.payment_id,
    orderId: row.order_id,
    planKey: row.plan_key,
    change: row.change,
    validFrom: new Date(row.valid_from),
    validTill: new Date(row.valid_till),
  };
}
