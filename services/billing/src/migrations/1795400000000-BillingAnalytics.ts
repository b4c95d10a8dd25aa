import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Revenue and subscriptions per day for analytics (DECISIONS D12), kept from billing's own events and
 * rebuilt from its payments and subscription periods. `subscription_coverage` is the days each period
 * counts as running (cut short by a plan that replaced it, or by the account's deletion);
 * `subscription_day_delta` holds +1/−1 per plan on the days coverage starts and ends, so the running
 * count of any day is the sum of the deltas up to it.
 */
export class BillingAnalytics1795400000000 implements MigrationInterface {
  name = 'BillingAnalytics1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "payment_revenue_at" ON "payment" ("at") WHERE "status" = 'captured' AND NOT "refund_due"`,
    );
    // The dashboard: its latest payments, and its running plans per plan, each read from an index.
    await queryRunner.query(
      `CREATE INDEX "payment_captured_latest" ON "payment" ("at" DESC, "id") WHERE "status" = 'captured'`,
    );
    await queryRunner.query(
      `CREATE INDEX "subscription_running" ON "subscription" ("valid_till") INCLUDE ("plan_key")`,
    );
    await queryRunner.query(`CREATE TABLE "revenue_day" (
      "day" date NOT NULL,
      "plan_key" text NOT NULL,
      "revenue_paise" bigint NOT NULL,
      "payments" integer NOT NULL,
      PRIMARY KEY ("day", "plan_key"))`);
    await queryRunner.query(`CREATE TABLE "subscription_coverage" (
      "period_id" uuid PRIMARY KEY,
      "viewer_id" uuid,
      "plan_key" text NOT NULL,
      "from_day" date NOT NULL,
      "till_day" date NOT NULL CHECK ("till_day" >= "from_day"))`);
    await queryRunner.query(
      `CREATE INDEX "subscription_coverage_viewer" ON "subscription_coverage" ("viewer_id") WHERE "viewer_id" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE TABLE "subscription_day_delta" (
      "day" date NOT NULL,
      "plan_key" text NOT NULL,
      "delta" integer NOT NULL,
      PRIMARY KEY ("day", "plan_key"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['subscription_day_delta', 'subscription_coverage', 'revenue_day'])
      await queryRunner.query(`DROP TABLE "${table}"`);
    for (const index of ['subscription_running', 'payment_captured_latest', 'payment_revenue_at'])
      await queryRunner.query(`DROP INDEX "${index}"`);
  }
}
