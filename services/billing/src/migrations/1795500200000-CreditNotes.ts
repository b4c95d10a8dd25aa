import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credit notes (DECISIONS D32): what a refund takes back of a tax invoice, in their own gapless series
 * per financial year, with the invoice's tax split. The parts add up exactly and follow the invoice's
 * place of supply (constraints); that a payment's notes never exceed its invoice is kept by issuing them
 * one at a time per invoice (the receipt row locked).
 */
export class CreditNotes1795500200000 implements MigrationInterface {
  name = 'CreditNotes1795500200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "credit_note_sequence" (
      "financial_year" text PRIMARY KEY,
      "last_value" integer NOT NULL)`);
    await queryRunner.query(`CREATE TABLE "credit_note" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "number" text NOT NULL UNIQUE,
      "financial_year" text NOT NULL,
      "sequence" integer NOT NULL,
      "receipt_id" uuid NOT NULL REFERENCES "receipt" ("id"),
      "viewer_id" uuid,
      "phone_number" text,
      "reason" text NOT NULL CHECK (length("reason") BETWEEN 1 AND 500),
      "amount_paise" integer NOT NULL CHECK ("amount_paise" > 0),
      "taxable_paise" integer NOT NULL CHECK ("taxable_paise" >= 0),
      "cgst_paise" integer NOT NULL CHECK ("cgst_paise" >= 0),
      "sgst_paise" integer NOT NULL CHECK ("sgst_paise" >= 0),
      "igst_paise" integer NOT NULL CHECK ("igst_paise" >= 0),
      "place_of_supply" text NOT NULL,
      "supplier_state_code" text NOT NULL,
      "issued_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "credit_note_sequence_per_year" UNIQUE ("financial_year", "sequence"),
      CONSTRAINT "credit_note_adds_up" CHECK (
        "taxable_paise" + "cgst_paise" + "sgst_paise" + "igst_paise" = "amount_paise"
        AND "cgst_paise" = "sgst_paise"
        AND CASE WHEN "place_of_supply" = "supplier_state_code" THEN "igst_paise" = 0
                 ELSE "cgst_paise" = 0 END))`);
    await queryRunner.query(`CREATE INDEX "credit_note_receipt" ON "credit_note" ("receipt_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "credit_note"`);
    await queryRunner.query(`DROP TABLE "credit_note_sequence"`);
  }
}
