import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Content partners (the spec's Vendor page; DECISIONS D12) and the titles each supplies (one partner a title). */
export class Partners1795400100000 implements MigrationInterface {
  name = 'Partners1795400100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "partner" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "name" text NOT NULL,
      "contact_person" text NOT NULL,
      "email" text NOT NULL,
      "phone" text NOT NULL,
      "revenue_share_percent" numeric(5, 2) NOT NULL CHECK ("revenue_share_percent" BETWEEN 0 AND 100),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`CREATE UNIQUE INDEX "partner_name" ON "partner" (lower("name"))`);
    await queryRunner.query(`CREATE INDEX "partner_name_trgm" ON "partner" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE TABLE "partner_title" (
      "kind" text NOT NULL CHECK ("kind" IN ('movie', 'episode')),
      "title_id" uuid NOT NULL,
      "partner_id" uuid NOT NULL REFERENCES "partner" ("id") ON DELETE CASCADE,
      "assigned_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("kind", "title_id"))`);
    await queryRunner.query(`CREATE INDEX "partner_title_partner" ON "partner_title" ("partner_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "partner_title"`);
    await queryRunner.query(`DROP TABLE "partner"`);
  }
}
