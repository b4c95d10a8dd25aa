import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plays and watch time per title and week (Monday to Sunday, India's days), beside the per-day rows: a
 * long period's top titles and partners' figures add up whole weeks, and days only at its ends.
 */
export class ViewingWeeks1795400200000 implements MigrationInterface {
  name = 'ViewingWeeks1795400200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "viewing_title_week" (
      "week" date NOT NULL CHECK (extract(isodow FROM "week") = 1),
      "kind" text NOT NULL,
      "title_id" uuid NOT NULL,
      "plays" integer NOT NULL,
      "watch_seconds" bigint NOT NULL,
      PRIMARY KEY ("week", "kind", "title_id"))`);
    await queryRunner.query(
      `INSERT INTO "viewing_title_week" ("week", "kind", "title_id", "plays", "watch_seconds")
       SELECT date_trunc('week', "day")::date, "kind", "title_id", sum("plays"), sum("watch_seconds")
         FROM "viewing_title_day" GROUP BY 1, 2, 3`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "viewing_title_week"`);
  }
}
