import { createInboxTable, dropInboxTable } from '@chitram/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans, orders, payments, subscriptions and receipts (DECISIONS D16–D19, D25). The rules that money
 * depends on are constraints here, not only code: one activation per payment and per order, one
 * receipt per payment, receipt numbers unique per financial year.
 */
export class Subscriptions1795373000000 implements MigrationInterface {
  name = 'Subscriptions1795373000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createInboxTable(queryRunner);
    await queryRunner.query(`CREATE TABLE "plan" (
      "plan_key" text PRIMARY KEY,
      "name" text NOT NULL,
      "quality" text NOT NULL,
      "device_text" text NOT NULL,
      "month_text" text NOT NULL,
      "amount_paise" integer NOT NULL CHECK ("amount_paise" > 0),
      "currency" text NOT NULL DEFAULT 'INR',
      "validity_months" integer NOT NULL CHECK ("validity_months" > 0),
      "devices" text[] NOT NULL,
      "max_resolution" integer NOT NULL,
      "max_streams" integer NOT NULL,
      "position" integer NOT NULL,
      "updated_at" timestamptz NOT NULL DEFAULT now())`);

    await queryRunner.query(`CREATE TABLE "payment_order" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "provider" text NOT NULL,
      "provider_order_id" text NOT NULL UNIQUE,
      "viewer_id" uuid,
      "phone_number" text,
      "plan_key" text NOT NULL REFERENCES "plan" ("plan_key"),
      "amount_paise" integer NOT NULL CHECK ("amount_paise" > 0),
      "currency" text NOT NULL,
      "status" text NOT NULL DEFAULT 'created' CHECK ("status" IN ('created', 'paid', 'abandoned')),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "paid_at" timestamptz,
      "checked_at" timestamptz,
      "anonymised_at" timestamptz)`);
    await queryRunner.query(
      `CREATE INDEX "payment_order_open" ON "payment_order" ("viewer_id", "plan_key", "created_at") WHERE "status" = 'created'`,
    );
    await queryRunner.query(
      `CREATE INDEX "payment_order_pending" ON "payment_order" ("created_at") WHERE "status" = 'created'`,
    );

    await queryRunner.query(`CREATE TABLE "payment" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "provider_payment_id" text NOT NULL UNIQUE,
      "order_id" uuid NOT NULL REFERENCES "payment_order" ("id"),
      "viewer_id" uuid,
      "amount_paise" integer NOT NULL,
      "currency" text NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('captured', 'failed')),
      "method" text,
      "failure_reason" text,
      "refund_due" boolean NOT NULL DEFAULT false,
      "at" timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`CREATE INDEX "payment_viewer" ON "payment" ("viewer_id", "at")`);
    await queryRunner.query(`CREATE INDEX "payment_order_id" ON "payment" ("order_id")`);

    // The viewer's plan now: one row each, the latest validity (in the past once it has run out).
    await queryRunner.query(`CREATE TABLE "subscription" (
      "viewer_id" uuid PRIMARY KEY,
      "plan_key" text NOT NULL REFERENCES "plan" ("plan_key"),
      "valid_from" timestamptz NOT NULL,
      "valid_till" timestamptz NOT NULL,
      "expiry_announced" boolean NOT NULL DEFAULT false,
      "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(
      `CREATE INDEX "subscription_expiring" ON "subscription" ("valid_till") WHERE NOT "expiry_announced"`,
    );

    // What each payment bought. UNIQUE on both: one captured payment, one activation (D18).
    await queryRunner.query(`CREATE TABLE "subscription_period" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "viewer_id" uuid,
      "payment_id" uuid NOT NULL UNIQUE REFERENCES "payment" ("id"),
      "order_id" uuid NOT NULL UNIQUE REFERENCES "payment_order" ("id"),
      "plan_key" text NOT NULL REFERENCES "plan" ("plan_key"),
      "change" text NOT NULL CHECK ("change" IN ('activated', 'extended', 'replaced')),
      "valid_from" timestamptz NOT NULL,
      "valid_till" timestamptz NOT NULL CHECK ("valid_till" > "valid_from"),
      "created_at" timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(
      `CREATE INDEX "subscription_period_viewer" ON "subscription_period" ("viewer_id")`,
    );

    await queryRunner.query(`CREATE TABLE "receipt_sequence" (
      "financial_year" text PRIMARY KEY,
      "last_value" integer NOT NULL)`);
    await queryRunner.query(`CREATE TABLE "receipt" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "number" text NOT NULL UNIQUE,
      "financial_year" text NOT NULL,
      "sequence" integer NOT NULL,
      "payment_id" uuid NOT NULL UNIQUE REFERENCES "payment" ("id"),
      "viewer_id" uuid,
      "phone_number" text,
      "plan_key" text NOT NULL,
      "plan_name" text NOT NULL,
      "valid_from" timestamptz NOT NULL,
      "valid_till" timestamptz NOT NULL,
      "amount_paise" integer NOT NULL,
      "taxable_paise" integer NOT NULL,
      "gst_paise" integer NOT NULL,
      "gst_rate_percent" integer NOT NULL,
      "currency" text NOT NULL,
      "issued_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "receipt_sequence_per_year" UNIQUE ("financial_year", "sequence"),
      CONSTRAINT "receipt_adds_up" CHECK ("taxable_paise" + "gst_paise" = "amount_paise"))`);

    await queryRunner.query(`CREATE TABLE "webhook_event" (
      "event_id" text PRIMARY KEY,
      "event" text NOT NULL,
      "received_at" timestamptz NOT NULL DEFAULT now())`);

    // The sandbox provider's own books (D19): what Razorpay's servers would hold.
    await queryRunner.query(`CREATE TABLE "sandbox_order" (
      "id" text PRIMARY KEY,
      "amount" integer NOT NULL,
      "currency" text NOT NULL,
      "receipt" text NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`CREATE TABLE "sandbox_payment" (
      "id" text PRIMARY KEY,
      "order_id" text NOT NULL REFERENCES "sandbox_order" ("id"),
      "amount" integer NOT NULL,
      "currency" text NOT NULL,
      "status" text NOT NULL,
      "error_code" text,
      "error_description" text,
      "created_at" timestamptz NOT NULL DEFAULT now())`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'sandbox_payment',
      'sandbox_order',
      'webhook_event',
      'receipt',
      'receipt_sequence',
      'subscription_period',
      'subscription',
      'payment',
      'payment_order',
      'plan',
    ])
      await queryRunner.query(`DROP TABLE "${table}"`);
    await dropInboxTable(queryRunner);
  }
}
