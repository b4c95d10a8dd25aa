import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Upgrades credit unused time, and lower plans queue (DECISIONS D38, revising D17). Each order keeps what
 * buying its plan did and how it was priced: the plan's price, the credit taken off it and for which
 * plan, the days added for credit the price could not take; the price less the credit is what was
 * charged (a constraint). The receipt shows the credit as a discount, and adds up the same way. The
 * viewer's plan row holds one queued plan, which starts when the plan held ends.
 */
export class UpgradeCredit1795500100000 implements MigrationInterface {
  name = 'UpgradeCredit1795500100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payment_order"
      ADD COLUMN "kind" text CHECK ("kind" IN ('new', 'extend', 'upgrade', 'queue', 'extend-queued')),
      ADD COLUMN "list_price_paise" integer,
      ADD COLUMN "credit_paise" integer NOT NULL DEFAULT 0 CHECK ("credit_paise" >= 0),
      ADD COLUMN "credit_plan_key" text REFERENCES "plan" ("plan_key"),
      ADD COLUMN "extra_days" integer NOT NULL DEFAULT 0 CHECK ("extra_days" >= 0),
      ADD CONSTRAINT "payment_order_credit_adds_up" CHECK (
        "list_price_paise" IS NULL OR "list_price_paise" - "credit_paise" = "amount_paise"),
      ADD CONSTRAINT "payment_order_credit_is_an_upgrades" CHECK (
        ("credit_paise" = 0 AND "extra_days" = 0) OR "kind" = 'upgrade')`);
    await queryRunner.query(`ALTER TABLE "receipt"
      ADD COLUMN "list_price_paise" integer,
      ADD COLUMN "credit_paise" integer NOT NULL DEFAULT 0 CHECK ("credit_paise" >= 0),
      ADD COLUMN "credit_plan_name" text,
      ADD CONSTRAINT "receipt_credit_adds_up" CHECK (
        "list_price_paise" IS NULL OR "list_price_paise" - "credit_paise" = "amount_paise")`);
    await queryRunner.query(`ALTER TABLE "subscription"
      ADD COLUMN "next_plan_key" text REFERENCES "plan" ("plan_key"),
      ADD COLUMN "next_valid_till" timestamptz,
      ADD CONSTRAINT "subscription_next_after" CHECK (
        ("next_plan_key" IS NULL) = ("next_valid_till" IS NULL) AND
        ("next_valid_till" IS NULL OR "next_valid_till" > "valid_till"))`);
    await queryRunner.query(`ALTER TABLE "subscription_period" DROP CONSTRAINT "subscription_period_change_check",
      ADD CONSTRAINT "subscription_period_change_check"
        CHECK ("change" IN ('activated', 'extended', 'replaced', 'queued'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "subscription_period" WHERE "change" = 'queued'`);
    await queryRunner.query(`ALTER TABLE "subscription_period" DROP CONSTRAINT "subscription_period_change_check",
      ADD CONSTRAINT "subscription_period_change_check" CHECK ("change" IN ('activated', 'extended', 'replaced'))`);
    await queryRunner.query(`ALTER TABLE "subscription" DROP CONSTRAINT "subscription_next_after",
      DROP COLUMN "next_plan_key", DROP COLUMN "next_valid_till"`);
    await queryRunner.query(`ALTER TABLE "receipt" DROP CONSTRAINT "receipt_credit_adds_up",
      DROP COLUMN "list_price_paise", DROP COLUMN "credit_paise", DROP COLUMN "credit_plan_name"`);
    await queryRunner.query(`ALTER TABLE "payment_order" DROP CONSTRAINT "payment_order_credit_adds_up",
      DROP CONSTRAINT "payment_order_credit_is_an_upgrades", DROP COLUMN "kind", DROP COLUMN "list_price_paise",
      DROP COLUMN "credit_paise", DROP COLUMN "credit_plan_key", DROP COLUMN "extra_days"`);
  }
}
