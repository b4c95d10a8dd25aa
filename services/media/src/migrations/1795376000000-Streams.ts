import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Stream grants' signing key and the screens viewers hold (DECISIONS D23, D24). */
export class Streams1795376000000 implements MigrationInterface {
  name = 'Streams1795376000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One key shared by every media instance, made at first start: no secret to configure or leak.
    await queryRunner.query(`CREATE TABLE "stream_key" (
      "id" integer PRIMARY KEY CHECK ("id" = 1),
      "secret" bytea NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`CREATE TABLE "stream_screen" (
      "viewer_id" uuid NOT NULL,
      "screen_id" uuid NOT NULL,
      "video_id" uuid NOT NULL,
      "expires_at" timestamptz NOT NULL,
      PRIMARY KEY ("viewer_id", "screen_id"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "stream_screen"`);
    await queryRunner.query(`DROP TABLE "stream_key"`);
  }
}
