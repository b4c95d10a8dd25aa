import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reminders before a plan ends (DECISIONS D40): one row per end of a viewer's time and kind, claimed in
 * the transaction that writes the reminder's event, so however many instances sweep, each is sent once.
 * A plan extended or renewed ends at another moment: its reminders are new rows.
 */
export class PlanEndReminders1795818216874 implements MigrationInterface {
  name = 'PlanEndReminders1795818216874';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "plan_end_reminder" (
      "viewer_id" uuid NOT NULL,
      "ends_at" timestamptz NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('3-days', '1-day', 'day-of')),
      "plan_key" text NOT NULL REFERENCES "plan" ("plan_key"),
      "claimed_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("viewer_id", "ends_at", "kind"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "plan_end_reminder"`);
  }
}
