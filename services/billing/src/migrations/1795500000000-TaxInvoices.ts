import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GST tax invoices (DECISIONS D32): the viewer's state on their billing account, the place of supply on
 * each order, and each receipt's tax split. The constraint makes the split add up exactly: CGST equal to
 * SGST and no IGST within the supplier's state, IGST alone between states, the taxes together the GST
 * of the receipt (taxable + GST = amount was already a constraint). Receipts issued before have no place
 * of supply and keep their single GST figure.
 */
export class TaxInvoices1795500000000 implements MigrationInterface {
  name = 'TaxInvoices1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "billing_account" (
      "viewer_id" uuid PRIMARY KEY,
      "state_code" text NOT NULL CHECK ("state_code" ~ '^[0-9]{2}$'),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(
      `ALTER TABLE "payment_order" ADD COLUMN "place_of_supply" text CHECK ("place_of_supply" ~ '^[0-9]{2}$')`,
    );
    await queryRunner.query(`ALTER TABLE "receipt"
      ADD COLUMN "supplier_state_code" text,
      ADD COLUMN "place_of_supply" text,
      ADD COLUMN "sac" text,
      ADD COLUMN "cgst_paise" integer,
      ADD COLUMN "sgst_paise" integer,
      ADD COLUMN "igst_paise" integer,
      ADD CONSTRAINT "receipt_taxes_add_up" CHECK ("place_of_supply" IS NULL OR (
        "supplier_state_code" IS NOT NULL AND "sac" IS NOT NULL
        AND "taxable_paise" > 0 AND "cgst_paise" >= 0 AND "igst_paise" >= 0
        AND "cgst_paise" = "sgst_paise"
        AND "cgst_paise" + "sgst_paise" + "igst_paise" = "gst_paise"
        AND CASE WHEN "place_of_supply" = "supplier_state_code" THEN "igst_paise" = 0
                 ELSE "cgst_paise" = 0 END))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "receipt" DROP CONSTRAINT "receipt_taxes_add_up",
      DROP COLUMN "supplier_state_code", DROP COLUMN "place_of_supply", DROP COLUMN "sac",
      DROP COLUMN "cgst_paise", DROP COLUMN "sgst_paise", DROP COLUMN "igst_paise"`);
    await queryRunner.query(`ALTER TABLE "payment_order" DROP COLUMN "place_of_supply"`);
    await queryRunner.query(`DROP TABLE "billing_account"`);
  }
}
