import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each title's copy of its video keeps the video's length, as media measured it (issue 19): a viewer's
 * place in a title is then told against the title's length even when the player could not say it.
 */
export class VideoDurations1795400900000 implements MigrationInterface {
  name = 'VideoDurations1795400900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['movie', 'episode'])
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "video_duration_seconds" double precision`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['movie', 'episode'])
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "video_duration_seconds"`);
  }
}
