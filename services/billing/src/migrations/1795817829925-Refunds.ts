import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds (DECISIONS D39): each asks the provider to give back part or all of one captured payment. The
 * payment keeps what its refunds hold (those processed and those under way), never more than its amount
 * (a constraint), so two refunds at once cannot exceed it; a payment owed back is refunded by billing once
 * (a unique index over its automatic refund). A processed refund has at most one credit note.
 */
export class Refunds1795817829925 implements MigrationInterface {
  name = 'Refunds1795817829925';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payment"
      ADD COLUMN "refund_held_paise" integer NOT NULL DEFAULT 0,
      ADD CONSTRAINT "payment_refunds_within_amount" CHECK (
        "refund_held_paise" >= 0 AND "refund_held_paise" <= "amount_paise")`);
    await queryRunner.query(`CREATE TABLE "refund" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "payment_id" uuid NOT NULL REFERENCES "payment" ("id"),
      "provider_refund_id" text UNIQUE,
      "amount_paise" integer NOT NULL CHECK ("amount_paise" > 0),
      "reason" text NOT NULL CHECK (length("reason") BETWEEN 1 AND 500),
      "origin" text NOT NULL CHECK ("origin" IN ('admin', 'automatic')),
      "requested_by" uuid,
      "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'processed', 'failed')),
      "failure_reason" text,
      "credit_note_id" uuid UNIQUE REFERENCES "credit_note" ("id"),
      "taken_back_seconds" integer NOT NULL DEFAULT 0 CHECK ("taken_back_seconds" >= 0),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "processed_at" timestamptz,
      CONSTRAINT "refund_admin_named" CHECK (("origin" = 'admin') = ("requested_by" IS NOT NULL)),
      CONSTRAINT "refund_processed_at" CHECK (("status" = 'processed') = ("processed_at" IS NOT NULL)))`);
    await queryRunner.query(`CREATE INDEX "refund_payment" ON "refund" ("payment_id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "refund_automatic_once" ON "refund" ("payment_id") WHERE "origin" = 'automatic' AND "status" <> 'failed'`,
    );
    await queryRunner.query(
      `CREATE INDEX "payment_refund_due" ON "payment" ("at") WHERE "refund_due" AND "refund_held_paise" = 0`,
    );
    // The sandbox provider's refunds (D19): what Razorpay's servers would hold.
    await queryRunner.query(`CREATE TABLE "sandbox_refund" (
      "id" text PRIMARY KEY,
      "payment_id" text NOT NULL REFERENCES "sandbox_payment" ("id"),
      "amount" integer NOT NULL CHECK ("amount" > 0),
      "created_at" timestamptz NOT NULL DEFAULT now())`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sandbox_refund"`);
    await queryRunner.query(`DROP INDEX "payment_refund_due"`);
    await queryRunner.query(`DROP TABLE "refund"`);
    await queryRunner.query(`ALTER TABLE "payment" DROP CONSTRAINT "payment_refunds_within_amount",
      DROP COLUMN "refund_held_paise"`);
  }
}
