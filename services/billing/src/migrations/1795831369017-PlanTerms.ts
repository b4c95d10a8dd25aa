import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans the business can change (DECISIONS D43): a plan's terms (price, validity, devices, resolution,
 * streams) become versions, each in force from a moment on; the version the plan had becomes the first,
 * in force since ever. Each order keeps the terms it was sold with, so a change never reaches what was
 * bought before it. The plan keeps its name, texts and place in the list.
 */
export class PlanTerms1795831369017 implements MigrationInterface {
  name = 'PlanTerms1795831369017';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "plan_terms" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "plan_key" text NOT NULL REFERENCES "plan" ("plan_key"),
      "effective_from" timestamptz NOT NULL,
      "amount_paise" integer NOT NULL CHECK ("amount_paise" > 0),
      "validity_months" integer NOT NULL CHECK ("validity_months" BETWEEN 1 AND 36),
      "devices" text[] NOT NULL
        CHECK (cardinality("devices") > 0 AND "devices" <@ ARRAY['mobile', 'website', 'tab', 'tv']::text[]),
      "max_resolution" integer NOT NULL CHECK ("max_resolution" IN (360, 480, 720, 1080, 1440, 2160)),
      "max_streams" integer NOT NULL CHECK ("max_streams" BETWEEN 1 AND 10),
      "created_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      UNIQUE ("plan_key", "effective_from"))`);
    await queryRunner.query(`INSERT INTO "plan_terms" ("plan_key", "effective_from", "amount_paise",
        "validity_months", "devices", "max_resolution", "max_streams")
      SELECT "plan_key", 'epoch', "amount_paise", "validity_months", "devices", "max_resolution", "max_streams"
        FROM "plan"`);

    await queryRunner.query(`ALTER TABLE "payment_order" ADD COLUMN "validity_months" integer,
      ADD COLUMN "devices" text[], ADD COLUMN "max_resolution" integer, ADD COLUMN "max_streams" integer`);
    await queryRunner.query(`UPDATE "payment_order" o SET "validity_months" = p."validity_months",
        "devices" = p."devices", "max_resolution" = p."max_resolution", "max_streams" = p."max_streams"
       FROM "plan" p WHERE p."plan_key" = o."plan_key"`);
    await queryRunner.query(`ALTER TABLE "payment_order" ALTER COLUMN "validity_months" SET NOT NULL,
      ALTER COLUMN "devices" SET NOT NULL, ALTER COLUMN "max_resolution" SET NOT NULL,
      ALTER COLUMN "max_streams" SET NOT NULL`);

    await queryRunner.query(`ALTER TABLE "plan" DROP COLUMN "amount_paise", DROP COLUMN "validity_months",
      DROP COLUMN "devices", DROP COLUMN "max_resolution", DROP COLUMN "max_streams"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "plan" ADD COLUMN "amount_paise" integer CHECK ("amount_paise" > 0),
      ADD COLUMN "validity_months" integer CHECK ("validity_months" > 0), ADD COLUMN "devices" text[],
      ADD COLUMN "max_resolution" integer, ADD COLUMN "max_streams" integer`);
    await queryRunner.query(`UPDATE "plan" p SET "amount_paise" = t."amount_paise",
        "validity_months" = t."validity_months", "devices" = t."devices",
        "max_resolution" = t."max_resolution", "max_streams" = t."max_streams"
       FROM (SELECT DISTINCT ON ("plan_key") * FROM "plan_terms" WHERE "effective_from" <= now()
              ORDER BY "plan_key", "effective_from" DESC) t
      WHERE t."plan_key" = p."plan_key"`);
    await queryRunner.query(`ALTER TABLE "plan" ALTER COLUMN "amount_paise" SET NOT NULL,
      ALTER COLUMN "validity_months" SET NOT NULL, ALTER COLUMN "devices" SET NOT NULL,
      ALTER COLUMN "max_resolution" SET NOT NULL, ALTER COLUMN "max_streams" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "payment_order" DROP COLUMN "validity_months", DROP COLUMN "devices",
      DROP COLUMN "max_resolution", DROP COLUMN "max_streams"`);
    await queryRunner.query(`DROP TABLE "plan_terms"`);
  }
}
