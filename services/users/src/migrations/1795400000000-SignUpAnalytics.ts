import { createInboxTable, dropInboxTable } from '@chitram/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-ups per day for analytics (DECISIONS D12): `signup_fact` holds one row per account created (its
 * viewer forgotten once the account is deleted, D25), `signup_day` the count per Indian day, kept from
 * the viewer-signed-up events and rebuilt from the facts. Accounts made before this are taken in here.
 */
export class SignUpAnalytics1795400000000 implements MigrationInterface {
  name = 'SignUpAnalytics1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createInboxTable(queryRunner);
    await queryRunner.query(`CREATE TABLE "signup_fact" (
      "event_id" uuid PRIMARY KEY,
      "viewer_id" uuid,
      "day" date NOT NULL,
      "at" timestamptz NOT NULL)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "signup_fact_viewer" ON "signup_fact" ("viewer_id") WHERE "viewer_id" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "signup_fact_day" ON "signup_fact" ("day")`);
    await queryRunner.query(`CREATE TABLE "signup_day" (
      "day" date PRIMARY KEY,
      "viewers" integer NOT NULL)`);
    await queryRunner.query(
      `INSERT INTO "signup_fact" ("event_id", "viewer_id", "day", "at")
       SELECT gen_random_uuid(), "id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, "created_at" FROM "viewer"`,
    );
    await queryRunner.query(
      `INSERT INTO "signup_day" ("day", "viewers") SELECT "day", count(*) FROM "signup_fact" GROUP BY "day"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "signup_day"`);
    await queryRunner.query(`DROP TABLE "signup_fact"`);
    await dropInboxTable(queryRunner);
  }
}
