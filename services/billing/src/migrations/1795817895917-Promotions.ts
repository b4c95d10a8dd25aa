import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Coupons and the free trial (DECISIONS D33, issue 26).
 *
 * A coupon takes a percent or a flat sum off a plan's price (after an upgrade's credit), within its
 * dates and plans. Each order priced with a coupon holds a redemption of it from the moment it is made:
 * `reserved` while the order is open, `redeemed` once its payment is captured (one per order: UNIQUE),
 * `released` when the order is given up or its payment fails. The total and per-account limits count
 * the reserved and the redeemed, under a lock of the coupon's row, so the limit is never passed and a
 * coupon at its limit is refused before any payment. Orders and receipts keep the discount and the code;
 * the price less the credit less the discount is what was charged (the constraints below).
 *
 * The free trial is kept per phone number as an HMAC of it, with no account id to erase (D25 deletes
 * the account, not the trial): a number has one, ever. The viewer's plan row says when it is a trial.
 */
export class Promotions1795817895917 implements MigrationInterface {
  name = 'Promotions1795817895917';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "coupon" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "code" text NOT NULL UNIQUE CHECK ("code" ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
      "kind" text NOT NULL CHECK ("kind" IN ('percent', 'flat')),
      "percent" integer CHECK ("percent" BETWEEN 1 AND 100),
      "amount_paise" integer CHECK ("amount_paise" >= 100),
      "plan_keys" text[] NOT NULL DEFAULT '{}',
      "valid_from" timestamptz NOT NULL,
      "valid_till" timestamptz,
      "max_redemptions" integer CHECK ("max_redemptions" >= 1),
      "per_account_limit" integer CHECK ("per_account_limit" >= 1),
      "first_purchase_only" boolean NOT NULL DEFAULT false,
      "disabled_at" timestamptz,
      "created_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "coupon_kind_amount" CHECK (
        ("kind" = 'percent' AND "percent" IS NOT NULL AND "amount_paise" IS NULL) OR
        ("kind" = 'flat' AND "amount_paise" IS NOT NULL AND "percent" IS NULL)),
      CONSTRAINT "coupon_dates" CHECK ("valid_till" IS NULL OR "valid_till" > "valid_from"))`);

    await queryRunner.query(`CREATE TABLE "coupon_redemption" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "coupon_id" uuid NOT NULL REFERENCES "coupon" ("id"),
      "order_id" uuid NOT NULL UNIQUE REFERENCES "payment_order" ("id"),
      "viewer_id" uuid,
      "status" text NOT NULL CHECK ("status" IN ('reserved', 'redeemed', 'released')),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(
      `CREATE INDEX "coupon_redemption_counted" ON "coupon_redemption" ("coupon_id", "viewer_id")
        WHERE "status" <> 'released'`,
    );

    await queryRunner.query(`ALTER TABLE "payment_order"
      ADD COLUMN "discount_paise" integer NOT NULL DEFAULT 0 CHECK ("discount_paise" >= 0),
      ADD COLUMN "coupon_id" uuid REFERENCES "coupon" ("id"),
      ADD COLUMN "coupon_code" text,
      DROP CONSTRAINT "payment_order_credit_adds_up",
      ADD CONSTRAINT "payment_order_credit_adds_up" CHECK (
        "list_price_paise" IS NULL OR "list_price_paise" - "credit_paise" - "discount_paise" = "amount_paise"),
      ADD CONSTRAINT "payment_order_discount_has_coupon" CHECK (("discount_paise" = 0) OR "coupon_id" IS NOT NULL)`);
    await queryRunner.query(`ALTER TABLE "receipt"
      ADD COLUMN "discount_paise" integer NOT NULL DEFAULT 0 CHECK ("discount_paise" >= 0),
      ADD COLUMN "coupon_code" text,
      DROP CONSTRAINT "receipt_credit_adds_up",
      ADD CONSTRAINT "receipt_credit_adds_up" CHECK (
        "list_price_paise" IS NULL OR "list_price_paise" - "credit_paise" - "discount_paise" = "amount_paise")`);

    await queryRunner.query(`CREATE TABLE "trial_grant" (
      "phone_hash" text PRIMARY KEY,
      "plan_key" text NOT NULL REFERENCES "plan" ("plan_key"),
      "days" integer NOT NULL CHECK ("days" >= 1),
      "valid_from" timestamptz NOT NULL,
      "valid_till" timestamptz NOT NULL CHECK ("valid_till" > "valid_from"),
      "granted_at" timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`ALTER TABLE "subscription" ADD COLUMN "trial" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "subscription" DROP COLUMN "trial"`);
    await queryRunner.query(`DROP TABLE "trial_grant"`);
    await queryRunner.query(`ALTER TABLE "receipt" DROP CONSTRAINT "receipt_credit_adds_up",
      DROP COLUMN "discount_paise", DROP COLUMN "coupon_code",
      ADD CONSTRAINT "receipt_credit_adds_up" CHECK (
        "list_price_paise" IS NULL OR "list_price_paise" - "credit_paise" = "amount_paise")`);
    await queryRunner.query(`ALTER TABLE "payment_order" DROP CONSTRAINT "payment_order_credit_adds_up",
      DROP CONSTRAINT "payment_order_discount_has_coupon",
      DROP COLUMN "discount_paise", DROP COLUMN "coupon_id", DROP COLUMN "coupon_code",
      ADD CONSTRAINT "payment_order_credit_adds_up" CHECK (
        "list_price_paise" IS NULL OR "list_price_paise" - "credit_paise" = "amount_paise")`);
    await queryRunner.query(`DROP TABLE "coupon_redemption"`);
    await queryRunner.query(`DROP TABLE "coupon"`);
  }
}
