import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The UTC day a plan runs out on: the tally's bucket. */
const TILL_DAY = `("valid_till" AT TIME ZONE 'UTC')::date`;

/** Adds up the plans of the rows that `sql` lists with a count of +1 or −1 each. */
const MOVE = (sql: string) => `
  INSERT INTO "running_plan_tally" ("plan_key", "till_day", "subscriptions")
  SELECT "plan_key", "till_day", sum("n") FROM (${sql}) moves
   GROUP BY 1, 2 HAVING sum("n") <> 0 ORDER BY 1, 2
  ON CONFLICT ("plan_key", "till_day")
    DO UPDATE SET "subscriptions" = "running_plan_tally"."subscriptions" + EXCLUDED."subscriptions"`;
const ADDED = `SELECT "plan_key", ${TILL_DAY} AS "till_day", 1 AS "n" FROM added`;
const REMOVED = `SELECT "plan_key", ${TILL_DAY} AS "till_day", -1 AS "n" FROM removed`;

/** Adds to the revenue total what the rows that `sql` lists add or take away. */
const TOTAL = (sql: string) => `
  UPDATE "revenue_total" t SET "revenue_paise" = t."revenue_paise" + moves."revenue_paise", "payments" = t."payments" + moves."payments"
    FROM (SELECT coalesce(sum("revenue_paise"), 0) AS "revenue_paise", coalesce(sum("payments"), 0) AS "payments" FROM (${sql}) m) moves`;
const DAYS_ADDED = `SELECT "revenue_paise", "payments" FROM added`;
const DAYS_REMOVED = `SELECT -"revenue_paise" AS "revenue_paise", -"payments" AS "payments" FROM removed`;

/**
 * Running totals for the dashboard (DECISIONS D13), kept by the database in the same transaction as
 * every change to what they sum, so a visit reads a few rows instead of counting everything:
 * - how many plans of each kind run out on each (UTC) day: the plans running now are the tally of the
 *   days after today, plus today's few counted from the subscriptions themselves (against now);
 * - all the revenue of the per-day aggregates (`revenue_day`), for the all-time figure.
 */
export class DashboardTallies1795400600000 implements MigrationInterface {
  name = 'DashboardTallies1795400600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "running_plan_tally" (
      "plan_key" text NOT NULL,
      "till_day" date NOT NULL,
      "subscriptions" integer NOT NULL,
      PRIMARY KEY ("plan_key", "till_day"))`);
    await queryRunner.query(
      `INSERT INTO "running_plan_tally" ("plan_key", "till_day", "subscriptions")
       SELECT "plan_key", ${TILL_DAY}, count(*) FROM "subscription" GROUP BY 1, 2`,
    );
    for (const [fn, body] of [
      ['running_plan_tally_added', MOVE(ADDED)],
      ['running_plan_tally_removed', MOVE(REMOVED)],
      ['running_plan_tally_moved', MOVE(`${ADDED} UNION ALL ${REMOVED}`)],
      ['running_plan_tally_emptied', `DELETE FROM "running_plan_tally"`],
    ])
      await queryRunner.query(`CREATE FUNCTION "${fn}"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${body};
          RETURN NULL;
        END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "running_plan_tally_insert" AFTER INSERT ON "subscription" REFERENCING NEW TABLE AS added
       FOR EACH STATEMENT EXECUTE FUNCTION "running_plan_tally_added"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "running_plan_tally_delete" AFTER DELETE ON "subscription" REFERENCING OLD TABLE AS removed
       FOR EACH STATEMENT EXECUTE FUNCTION "running_plan_tally_removed"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "running_plan_tally_update" AFTER UPDATE ON "subscription"
       REFERENCING OLD TABLE AS removed NEW TABLE AS added
       FOR EACH STATEMENT EXECUTE FUNCTION "running_plan_tally_moved"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "running_plan_tally_truncate" AFTER TRUNCATE ON "subscription"
       FOR EACH STATEMENT EXECUTE FUNCTION "running_plan_tally_emptied"()`,
    );
    await queryRunner.query(`CREATE TABLE "revenue_total" (
      "one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
      "revenue_paise" bigint NOT NULL,
      "payments" bigint NOT NULL)`);
    await queryRunner.query(
      `INSERT INTO "revenue_total" ("revenue_paise", "payments")
       SELECT coalesce(sum("revenue_paise"), 0), coalesce(sum("payments"), 0) FROM "revenue_day"`,
    );
    for (const [fn, body] of [
      ['revenue_total_added', TOTAL(DAYS_ADDED)],
      ['revenue_total_removed', TOTAL(DAYS_REMOVED)],
      ['revenue_total_moved', TOTAL(`${DAYS_ADDED} UNION ALL ${DAYS_REMOVED}`)],
      ['revenue_total_emptied', `UPDATE "revenue_total" SET "revenue_paise" = 0, "payments" = 0`],
    ])
      await queryRunner.query(`CREATE FUNCTION "${fn}"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${body};
          RETURN NULL;
        END $$`);
    for (const [trigger, when, fn] of [
      ['insert', 'INSERT ON "revenue_day" REFERENCING NEW TABLE AS added', 'added'],
      ['delete', 'DELETE ON "revenue_day" REFERENCING OLD TABLE AS removed', 'removed'],
      ['update', 'UPDATE ON "revenue_day" REFERENCING OLD TABLE AS removed NEW TABLE AS added', 'moved'],
      ['truncate', 'TRUNCATE ON "revenue_day"', 'emptied'],
    ])
      await queryRunner.query(
        `CREATE TRIGGER "revenue_total_${trigger}" AFTER ${when} FOR EACH STATEMENT EXECUTE FUNCTION "revenue_total_${fn}"()`,
      );
    // Today's revenue, read from the index alone (the dashboard asks for it on every visit).
    await queryRunner.query(
      `CREATE INDEX "payment_revenue_at_amount" ON "payment" ("at") INCLUDE ("amount_paise")
        WHERE "status" = 'captured' AND NOT "refund_due"`,
    );
    await queryRunner.query(`DROP INDEX "payment_revenue_at"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "payment_revenue_at" ON "payment" ("at") WHERE "status" = 'captured' AND NOT "refund_due"`,
    );
    await queryRunner.query(`DROP INDEX "payment_revenue_at_amount"`);
    for (const [tally, table] of [
      ['revenue_total', 'revenue_day'],
      ['running_plan_tally', 'subscription'],
    ]) {
      for (const trigger of ['truncate', 'update', 'delete', 'insert'])
        await queryRunner.query(`DROP TRIGGER "${tally}_${trigger}" ON "${table}"`);
      for (const fn of ['emptied', 'moved', 'removed', 'added'])
        await queryRunner.query(`DROP FUNCTION "${tally}_${fn}"()`);
      await queryRunner.query(`DROP TABLE "${tally}"`);
    }
  }
}
