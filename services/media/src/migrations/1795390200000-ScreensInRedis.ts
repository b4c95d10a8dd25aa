import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Viewers' screens moved to Redis (streaming/screens.ts): one atomic script per grant, no row lock. */
export class ScreensInRedis1795390200000 implements MigrationInterface {
  name = 'ScreensInRedis1795390200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "stream_screen"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "stream_screen" (
      "viewer_id" uuid NOT NULL,
      "screen_id" uuid NOT NULL,
      "video_id" uuid NOT NULL,
      "expires_at" timestamptz NOT NULL,
      PRIMARY KEY ("viewer_id", "screen_id"))`);
  }
}
