import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plays and watch time for analytics (DECISIONS D12). `viewing_fact` holds one row per play-started or
 * watch-time event (the stored facts); the `viewing_*` tables are per-day aggregates kept up to date as
 * the events arrive and rebuilt from the facts on demand. `viewer_plan_period` is a copy of billing's
 * subscription periods, fed by its events, that tells which plan a viewer held when they watched.
 */
export class ViewingAnalytics1795400000000 implements MigrationInterface {
  name = 'ViewingAnalytics1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "viewing_fact" (
      "event_id" uuid PRIMARY KEY,
      "viewer_id" uuid,
      "kind" text NOT NULL CHECK ("kind" IN ('movie', 'episode')),
      "title_id" uuid NOT NULL,
      "day" date NOT NULL,
      "at" timestamptz NOT NULL,
      "plays" smallint NOT NULL CHECK ("plays" IN (0, 1)),
      "watch_seconds" integer NOT NULL CHECK ("watch_seconds" >= 0),
      "plan_key" text NOT NULL)`);
    await queryRunner.query(
      `CREATE INDEX "viewing_fact_viewer" ON "viewing_fact" ("viewer_id", "at") WHERE "viewer_id" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE TABLE "viewer_plan_period" (
      "payment_id" text PRIMARY KEY,
      "viewer_id" uuid NOT NULL,
      "plan_key" text NOT NULL,
      "valid_from" timestamptz NOT NULL,
      "valid_till" timestamptz NOT NULL)`);
    await queryRunner.query(
      `CREATE INDEX "viewer_plan_period_viewer" ON "viewer_plan_period" ("viewer_id", "valid_from" DESC)`,
    );
    await queryRunner.query(`CREATE TABLE "viewing_day" (
      "day" date NOT NULL,
      "plan_key" text NOT NULL,
      "plays" integer NOT NULL,
      "watch_seconds" bigint NOT NULL,
      PRIMARY KEY ("day", "plan_key"))`);
    await queryRunner.query(`CREATE TABLE "viewing_title_day" (
      "day" date NOT NULL,
      "kind" text NOT NULL,
      "title_id" uuid NOT NULL,
      "plays" integer NOT NULL,
      "watch_seconds" bigint NOT NULL,
      PRIMARY KEY ("day", "kind", "title_id"))`);
    await queryRunner.query(`CREATE TABLE "viewing_title_plan_day" (
      "day" date NOT NULL,
      "plan_key" text NOT NULL,
      "kind" text NOT NULL,
      "title_id" uuid NOT NULL,
      "plays" integer NOT NULL,
      "watch_seconds" bigint NOT NULL,
      PRIMARY KEY ("plan_key", "day", "kind", "title_id"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'viewing_title_plan_day',
      'viewing_title_day',
      'viewing_day',
      'viewer_plan_period',
      'viewing_fact',
    ])
      await queryRunner.query(`DROP TABLE "${table}"`);
  }
}
