import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rows picked for each profile (issue 22). `title_finish` keeps, once, each title a profile watched into
 * its end credits (from the title-finished event, and from the places already finished when this runs);
 * `co_watching` counts, for each ordered pair of titles, the profiles that finished both, kept in step
 * with the finishes in the same transaction. Plays of the last 24 hours are read by their moment.
 */
export class PickedRows1795402000000 implements MigrationInterface {
  name = 'PickedRows1795402000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "title_finish" (
      "profile_id" uuid NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('movie', 'episode')),
      "title_id" uuid NOT NULL,
      "finished_at" timestamptz NOT NULL,
      PRIMARY KEY ("profile_id", "kind", "title_id"))`);
    await queryRunner.query(`CREATE INDEX "title_finish_title" ON "title_finish" ("kind", "title_id")`);
    await queryRunner.query(`CREATE TABLE "co_watching" (
      "kind" text NOT NULL,
      "title_id" uuid NOT NULL,
      "other_kind" text NOT NULL,
      "other_id" uuid NOT NULL,
      "profiles" integer NOT NULL CHECK ("profiles" > 0),
      PRIMARY KEY ("kind", "title_id", "other_kind", "other_id"))`);
    await queryRunner.query(
      `CREATE INDEX "co_watching_most" ON "co_watching" ("kind", "title_id", "profiles" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "viewing_fact_recent_plays" ON "viewing_fact" ("at") WHERE "plays" = 1`,
    );
    // The titles already watched to the end, and their pairs.
    await queryRunner.query(
      `INSERT INTO "title_finish" ("profile_id", "kind", "title_id", "finished_at")
       SELECT "viewer_id", "kind", "title_id", "updated_at" FROM "watch_progress" WHERE "finished"`,
    );
    await queryRunner.query(
      `INSERT INTO "co_watching" ("kind", "title_id", "other_kind", "other_id", "profiles")
       SELECT a."kind", a."title_id", b."kind", b."title_id", count(*)
         FROM "title_finish" a JOIN "title_finish" b ON b."profile_id" = a."profile_id"
          AND (b."kind", b."title_id") <> (a."kind", a."title_id")
        GROUP BY 1, 2, 3, 4`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "viewing_fact_recent_plays"`);
    await queryRunner.query(`DROP TABLE "co_watching"`);
    await queryRunner.query(`DROP TABLE "title_finish"`);
  }
}
