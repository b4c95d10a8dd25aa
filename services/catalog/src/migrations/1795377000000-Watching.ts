import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where each viewer is in each title (continue watching, issue 8). */
export class Watching1795377000000 implements MigrationInterface {
  name = 'Watching1795377000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "watch_progress" (
      "viewer_id" uuid NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('movie', 'episode')),
      "title_id" uuid NOT NULL,
      "position_seconds" double precision NOT NULL,
      "duration_seconds" double precision NOT NULL,
      "finished" boolean NOT NULL DEFAULT false,
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("viewer_id", "kind", "title_id"))`);
    await queryRunner.query(
      `CREATE INDEX "watch_progress_rail" ON "watch_progress" ("viewer_id", "updated_at" DESC) WHERE NOT "finished"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "watch_progress"`);
  }
}
