import { Injectable } from '@nestjs/common';
import type { DeviceClass, PlanKey, PlanTerms, SubscriptionChange } from '@chitram/contracts';
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

  /**
   * The viewer's plans, a queued plan whose time has come promoted first (D38): the plan held now (or
   * the last one, run out) and the one queued behind it. In the caller's transaction, under lockViewer.
   */
  async current(manager: EntityManager, viewerId: string): Promise<CurrentPlan | null> {
    await this.promoteDue(manager, viewerId);
    const rows: Array<{
      plan_key: PlanKey;
      valid_from: Date;
      valid_till: Date;
      next_plan_key: PlanKey | null;
      next_valid_till: Date | null;
      trial: boolean;
    }> = await manager.query(
      `SELECT "plan_key", "valid_from", "valid_till", "next_plan_key", "next_valid_till", "trial"
         FROM "subscription" WHERE "viewer_id" = $1`,
      [viewerId],
    );
    const row = rows[0];
    return row
      ? {
          planKey: row.plan_key,
          validFrom: new Date(row.valid_from),
          validTill: new Date(row.valid_till),
          trial: row.trial,
          next:
            row.next_plan_key && row.next_valid_till
              ? { planKey: row.next_plan_key, validTill: new Date(row.next_valid_till) }
              : null,
        }
      : null;
  }

  /**
   * Queued plans whose turn has come become the plan held (one viewer's, or everyone's for the sweep):
   * the plan ran out at `valid_till`, the queued one runs from there.
   */
  async promoteDue(manager: EntityManager, viewerId?: string): Promise<number> {
    const [, count]: [unknown, number] = await manager.query(
      `UPDATE "subscription" SET "plan_key" = "next_plan_key", "valid_from" = "valid_till",
         "valid_till" = "next_valid_till", "next_plan_key" = NULL, "next_valid_till" = NULL,
         "expiry_announced" = false, "updated_at" = now()
        WHERE "next_plan_key" IS NOT NULL AND "valid_till" <= now() ${viewerId ? 'AND "viewer_id" = $1' : ''}`,
      viewerId ? [viewerId] : [],
    );
    return count;
  }

  /**
   * The plan the viewer holds now, if it has not run out (one indexed read: it sits on the playback
   * path); a queued plan counts from the moment the one before it ends, promoted or not yet.
   */
  async active(viewerId: string): Promise<ActivePlanRow | null> {
    const rows: ActivePlanDbRow[] = await this.dataSource.query(
      `SELECT p."plan_key", p."name", s."valid_from", s."valid_till" FROM (
           SELECT CASE WHEN "valid_till" > now() THEN "plan_key" ELSE "next_plan_key" END AS "plan_key",
                  CASE WHEN "valid_till" > now() THEN "valid_from" ELSE "valid_till" END AS "valid_from",
                  CASE WHEN "valid_till" > now() THEN "valid_till" ELSE "next_valid_till" END AS "valid_till"
             FROM "subscription" WHERE "viewer_id" = $1) s
           JOIN "plan" p ON p."plan_key" = s."plan_key"
          WHERE s."valid_till" > now()`,
      [viewerId],
    );
    return rows[0] ? toActivePlan(rows[0]) : null;
  }

  /** The plan queued behind the one held, if any and not started yet (the profile shows it, D38). */
  async queued(viewerId: string): Promise<ActivePlanRow | null> {
    const rows: ActivePlanDbRow[] = await this.dataSource.query(
      `SELECT s."next_plan_key" AS "plan_key", p."name", s."valid_till" AS "valid_from",
                s."next_valid_till" AS "valid_till"
           FROM "subscription" s JOIN "plan" p ON p."plan_key" = s."next_plan_key"
          WHERE s."viewer_id" = $1 AND s."valid_till" > now()`,
      [viewerId],
    );
    return rows[0] ? toActivePlan(rows[0]) : null;
  }

  /**
   * The terms the viewer's period of `planKey` running at `at` was sold with (D43), its list price as
   * `amount`: the latest bought of those that cover the moment. Null without one (a free trial, or a plan
   * bought before orders kept their terms).
   */
  async soldTerms(
    viewerId: string,
    planKey: PlanKey,
    at: Date,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PlanTerms | null> {
    const rows: Array<{
      list_price_paise: number | null;
      amount_paise: number;
      validity_months: number;
      devices: DeviceClass[];
      max_resolution: number;
      max_streams: number;
    }> = await manager.query(
      `SELECT o."list_price_paise", o."amount_paise", o."validity_months", o."devices", o."max_resolution",
              o."max_streams"
         FROM "subscription_period" p JOIN "payment_order" o ON o."id" = p."order_id"
        WHERE p."viewer_id" = $1 AND p."plan_key" = $2 AND p."valid_from" <= $3 AND p."valid_till" > $3
        ORDER BY p."created_at" DESC LIMIT 1`,
      [viewerId, planKey, at],
    );
    const row = rows[0];
    return row
      ? {
          amount: row.list_price_paise ?? row.amount_paise,
          validityMonths: row.validity_months,
          devices: row.devices,
          maxResolution: row.max_resolution,
          maxStreams: row.max_streams,
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
    if (period.change === 'queued') {
      // Behind the plan held: it starts when that one ends (D38).
      await manager.query(
        `UPDATE "subscription" SET "next_plan_key" = $2, "next_valid_till" = $3, "updated_at" = now()
          WHERE "viewer_id" = $1`,
        [period.viewerId, period.planKey, period.validTill],
      );
      return toPeriod(rows[0]);
    }
    // An extension keeps the plan's first day; a new or replacing plan starts with this period.
    await manager.query(
      `INSERT INTO "subscription" ("viewer_id", "plan_key", "valid_from", "valid_till")
       VALUES ($1, $2, $3, $4)
       ON CONFLICT ("viewer_id") DO UPDATE SET "plan_key" = EXCLUDED."plan_key",
         "valid_from" = CASE WHEN $5 THEN "subscription"."valid_from" ELSE EXCLUDED."valid_from" END,
         "valid_till" = EXCLUDED."valid_till", "expiry_announced" = false, "updated_at" = now(), "trial" = false,
         "next_plan_key" = CASE WHEN $5 THEN "subscription"."next_plan_key" END,
         "next_valid_till" = CASE WHEN $5 THEN "subscription"."next_valid_till" END`,
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
            AND "next_plan_key" IS NULL
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

interface ActivePlanDbRow {
  plan_key: PlanKey;
  name: string;
  valid_from: Date;
  valid_till: Date;
}

function toActivePlan(row: ActivePlanDbRow): ActivePlanRow {
  return {
    planKey: row.plan_key,
    planName: row.name,
    validFrom: new Date(row.valid_from),
    validTill: new Date(row.valid_till),
  };
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
