import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D42: whether a video's output folder has its trickplay sheets (older videos have none until the
 * backfill makes them), and the intro, recap and credits markers of the title it plays.
 */
export class TrickplayAndMarkers1795817953299 implements MigrationInterface {
  name = 'TrickplayAndMarkers1795817953299';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video"
      ADD COLUMN "has_trickplay" boolean NOT NULL DEFAULT false,
      ADD COLUMN "markers" jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video" DROP COLUMN "has_trickplay", DROP COLUMN "markers"`);
  }
}
