import { Injectable } from '@nestjs/common';
import type { AnalyticsRebuilt, PlanKey } from '@chitram/contracts';
import type { RebuildStep } from '@chitram/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { Coverage, DayDelta } from './subscription-coverage';

/** The day in India of a timestamptz column, and the moment an Indian day (a date parameter) begins. */
const INDIA_DATE = (column: string) => `("${column}" AT TIME ZONE 'Asia/Kolkata')::date`;
const DAY_START = (param: string) => `(${param}::date::timestamp AT TIME ZONE 'Asia/Kolkata')`;
const DAY_TEXT = (expression: string) => `to_char(${expression}, 'YYYY-MM-DD')`;

/** Revenue is what was captured and kept: a payment owed back is not (as on the dashboard). */
const REVENUE_BY_DAY = (where: string) => `
  SELECT ${INDIA_DATE('at')} AS "day", o."plan_key", sum(p."amount_paise") AS "revenue_paise", count(*) AS "payments"
    FROM "payment" p JOIN "payment_order" o ON o."id" = p."order_id"
   WHERE p."status" = 'captured' AND NOT p."refund_due" ${where}
   GROUP BY 1, 2`;

/**
 * Each period's coverage as the periods say it: from its first day to the day it ends, or to the day the
 * viewer's next period began if that was sooner (a plan replaced by another).
 */
const DESIRED_COVERAGE = (where: string) => `
  SELECT "id" AS "period_id", "viewer_id", "plan_key",
         ${DAY_TEXT(INDIA_DATE('valid_from'))} AS "from_day",
         ${DAY_TEXT(`(greatest("valid_from", least("valid_till", coalesce("next_from", 'infinity'))) AT TIME ZONE 'Asia/Kolkata')::date`)} AS "till_day"
    FROM (SELECT *, lead("valid_from") OVER (PARTITION BY "viewer_id" ORDER BY "valid_from", "created_at", "id") AS "next_from"
            FROM "subscription_period" WHERE ${where}) periods`;

interface CoverageRow {
  period_id: string;
  viewer_id: string | null;
  plan_key: string;
  from_day: string;
  till_day: string;
}

const toCoverage = (r: CoverageRow): Coverage => ({
  periodId: r.period_id,
  viewerId: r.viewer_id,
  planKey: r.plan_key,
  fromDay: r.from_day,
  tillDay: r.till_day,
});

/** Billing's per-day aggregates for analytics (DECISIONS D12), and the facts they come from. */
@Injectable()
export class BillingAnalyticsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Waits for a rebuild in progress, then holds the viewer's coverage still until the transaction ends
   * (two events of one viewer, handled at once, would otherwise both change it).
   */
  async lockForEvent(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query(
      `LOCK TABLE "revenue_day", "subscription_coverage", "subscription_day_delta" IN ROW EXCLUSIVE MODE`,
    );
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`coverage:${viewerId}`]);
  }

  /** Whether a demo payment (by its provider id) was recorded by an earlier run. */
  async knownPayment(manager: EntityManager, providerPaymentId: string): Promise<boolean> {
    const known: unknown[] = await manager.query(`SELECT 1 FROM "payment" WHERE "provider_payment_id" = $1`, [
      providerPaymentId,
    ]);
    return known.length > 0;
  }

  /** Dates a demo payment's rows when the demo says, as if checkout had run then. */
  async backdate(
    manager: EntityManager,
    rows: { orderId: string; paymentId: string; periodId: string; receiptId: string },
    at: Date,
  ): Promise<void> {
    await manager.query(`UPDATE "payment_order" SET "created_at" = $2, "paid_at" = $2 WHERE "id" = $1`, [
      rows.orderId,
      at,
    ]);
    await manager.query(`UPDATE "payment" SET "at" = $2 WHERE "id" = $1`, [rows.paymentId, at]);
    await manager.query(`UPDATE "subscription_period" SET "created_at" = $2 WHERE "id" = $1`, [
      rows.periodId,
      at,
    ]);
    await manager.query(`UPDATE "receipt" SET "issued_at" = $2 WHERE "id" = $1`, [rows.receiptId, at]);
  }

  /**
   * Recounts the revenue of the given Indian days from the payments. One day at a time, across
   * instances: two recounts of one day (two payments handled at once, or a payment beside the demo's)
   * would both delete, then both insert, and the second would break the day's key.
   */
  async recountRevenue(manager: EntityManager, days: string[]): Promise<void> {
    for (const day of [...new Set(days)].sort()) {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`revenue-day:${day}`]);
      await manager.query(`DELETE FROM "revenue_day" WHERE "day" = $1`, [day]);
      await manager.query(
        `INSERT INTO "revenue_day" ("day", "plan_key", "revenue_paise", "payments")
         ${REVENUE_BY_DAY(`AND p."at" >= ${DAY_START('$1')} AND p."at" < ${DAY_START('$1')} + interval '1 day'`)}`,
        [day],
      );
    }
  }

  /** The coverage the viewer's periods call for now. */
  async desiredCoverage(manager: EntityManager, viewerId: string): Promise<Coverage[]> {
    const rows: CoverageRow[] = await manager.query(DESIRED_COVERAGE(`"viewer_id" = $1`), [viewerId]);
    return rows.map(toCoverage);
  }

  /** The coverage stored for these periods, or for this viewer. */
  async storedCoverage(
    manager: EntityManager,
    by: { periodIds: string[] } | { viewerId: string },
  ): Promise<Coverage[]> {
    const rows: CoverageRow[] = await manager.query(
      `SELECT "period_id", "viewer_id", "plan_key", ${DAY_TEXT('"from_day"')} AS "from_day", ${DAY_TEXT('"till_day"')} AS "till_day"
         FROM "subscription_coverage" WHERE ${'periodIds' in by ? `"period_id" = ANY($1::uuid[])` : `"viewer_id" = $1`}`,
      ['periodIds' in by ? by.periodIds : by.viewerId],
    );
    return rows.map(toCoverage);
  }

  async writeCoverage(manager: EntityManager, writes: Coverage[], deltas: DayDelta[]): Promise<void> {
    if (writes.length)
      await manager.query(
        `INSERT INTO "subscription_coverage" ("period_id", "viewer_id", "plan_key", "from_day", "till_day")
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::date[], $5::date[])
         ON CONFLICT ("period_id") DO UPDATE SET "viewer_id" = EXCLUDED."viewer_id", "plan_key" = EXCLUDED."plan_key",
           "from_day" = EXCLUDED."from_day", "till_day" = EXCLUDED."till_day"`,
        [
          writes.map((c) => c.periodId),
          writes.map((c) => c.viewerId),
          writes.map((c) => c.planKey),
          writes.map((c) => c.fromDay),
          writes.map((c) => c.tillDay),
        ],
      );
    if (deltas.length)
      await manager.query(
        `INSERT INTO "subscription_day_delta" ("day", "plan_key", "delta")
         SELECT * FROM unnest($1::date[], $2::text[], $3::int[])
         ON CONFLICT ("day", "plan_key") DO UPDATE SET "delta" = "subscription_day_delta"."delta" + EXCLUDED."delta"`,
        [deltas.map((d) => d.day), deltas.map((d) => d.planKey), deltas.map((d) => d.delta)],
      );
  }

  /**
   * Recomputes every aggregate from payments and periods (inside the rebuild job's transaction): revenue
   * of every day, the coverage of every viewer still known (that of deleted accounts stays as it was
   * cut), and the deltas from the coverage. The aggregates are locked meanwhile; an event arriving now
   * waits and is then applied on top.
   */
  async rebuild(manager: EntityManager, step: RebuildStep): Promise<Omit<AnalyticsRebuilt, 'tookMs'>> {
    await step('revenue_day');
    await manager.query(
      `LOCK TABLE "revenue_day", "subscription_coverage", "subscription_day_delta" IN EXCLUSIVE MODE`,
    );
    await manager.query(`TRUNCATE "revenue_day", "subscription_day_delta"`);
    const count = async (sql: string) => {
      const [{ n }] = await manager.query<Array<{ n: number }>>(
        `WITH written AS (${sql} RETURNING 1) SELECT count(*)::int AS "n" FROM written`,
      );
      return n;
    };
    const revenueRows = await count(
      `INSERT INTO "revenue_day" ("day", "plan_key", "revenue_paise", "payments") ${REVENUE_BY_DAY('')}`,
    );
    await step('subscription_coverage');
    await count(
      `INSERT INTO "subscription_coverage" ("period_id", "viewer_id", "plan_key", "from_day", "till_day")
       SELECT "period_id", "viewer_id", "plan_key", "from_day"::date, "till_day"::date FROM (${DESIRED_COVERAGE(`"viewer_id" IS NOT NULL`)}) desired
       ON CONFLICT ("period_id") DO UPDATE SET "plan_key" = EXCLUDED."plan_key", "from_day" = EXCLUDED."from_day",
         "till_day" = EXCLUDED."till_day" WHERE "subscription_coverage"."viewer_id" IS NOT NULL`,
    );
    await step('subscription_day_delta');
    const deltaRows = await count(
      `INSERT INTO "subscription_day_delta" ("day", "plan_key", "delta")
       SELECT "day", "plan_key", sum("delta") FROM (
         SELECT "from_day" AS "day", "plan_key", 1 AS "delta" FROM "subscription_coverage" WHERE "from_day" < "till_day"
         UNION ALL
         SELECT "till_day", "plan_key", -1 FROM "subscription_coverage" WHERE "from_day" < "till_day") moves
        GROUP BY 1, 2 HAVING sum("delta") <> 0`,
    );
    await manager.query(`ANALYZE "revenue_day", "subscription_coverage", "subscription_day_delta"`);
    const [{ facts }]: Array<{ facts: number }> = await manager.query(
      `SELECT ((SELECT count(*) FROM "payment" WHERE "status" = 'captured') + (SELECT count(*) FROM "subscription_period"))::int AS "facts"`,
    );
    return { facts, rows: revenueRows + deltaRows };
  }

  // ---- Reads ----

  /**
   * The period's revenue per day and plan, the plans running at the end of the day before `from` per
   * plan, and the changes day by day after: one statement.
   */
  async period(
    from: string,
    to: string,
  ): Promise<{
    revenue: Array<{ day: string; planKey: PlanKey; revenue: number; payments: number }>;
    before: Map<string, number>;
    deltas: DayDelta[];
  }> {
    const [row]: Array<{
      revenue: Array<{ day: string; planKey: PlanKey; revenue: number; payments: number }>;
      before: Array<{ planKey: string; running: number }>;
      deltas: DayDelta[];
    }> = await this.dataSource.query(
      `SELECT (SELECT coalesce(json_agg(json_build_object('day', ${DAY_TEXT('"day"')}, 'planKey', "plan_key",
                 'revenue', "revenue_paise", 'payments', "payments")), '[]')
                 FROM "revenue_day" WHERE "day" BETWEEN $1 AND $2) AS "revenue",
              (SELECT coalesce(json_agg(json_build_object('planKey', "plan_key", 'running', "running")), '[]')
                 FROM (SELECT "plan_key", sum("delta") AS "running" FROM "subscription_day_delta"
                        WHERE "day" < $1 GROUP BY "plan_key") running) AS "before",
              (SELECT coalesce(json_agg(json_build_object('day', ${DAY_TEXT('"day"')}, 'planKey', "plan_key",
                 'delta', "delta") ORDER BY "day"), '[]')
                 FROM "subscription_day_delta" WHERE "day" BETWEEN $1 AND $2) AS "deltas"`,
      [from, to],
    );
    return {
      revenue: row.revenue,
      before: new Map(row.before.map((r) => [r.planKey, Number(r.running)])),
      deltas: row.deltas,
    };
  }

  async periodRevenue(from: string, to: string): Promise<{ revenue: number; payments: number }> {
    const [row]: Array<{ revenue: string; payments: number }> = await this.dataSource.query(
      `SELECT coalesce(sum("revenue_paise"), 0)::bigint AS "revenue", coalesce(sum("payments"), 0)::int AS "payments"
         FROM "revenue_day" WHERE "day" BETWEEN $1 AND $2`,
      [from, to],
    );
    return { revenue: Number(row.revenue), payments: row.payments };
  }
}
