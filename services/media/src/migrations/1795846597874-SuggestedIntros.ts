import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D42, suggested intros: the series an episode's video belongs to (the gateway carries it when the
 * video is created), the raw chromaprint fingerprint of its first minutes of audio (32-bit items,
 * little-endian), the intro span offered to admins until one confirms or dismisses it, and whether one
 * dismissed it (so another episode's transcode does not offer it again).
 */
export class SuggestedIntros1795846597874 implements MigrationInterface {
  name = 'SuggestedIntros1795846597874';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video"
      ADD COLUMN "series_id" uuid,
      ADD COLUMN "audio_fingerprint" bytea,
      ADD COLUMN "suggested_intro" jsonb,
      ADD COLUMN "intro_suggestion_dismissed" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE INDEX "video_series_fingerprinted" ON "video" ("series_id") WHERE "audio_fingerprint" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "video_series_fingerprinted"`);
    await queryRunner.query(`ALTER TABLE "video" DROP COLUMN "series_id", DROP COLUMN "audio_fingerprint",
      DROP COLUMN "suggested_intro", DROP COLUMN "intro_suggestion_dismissed"`);
  }
}
