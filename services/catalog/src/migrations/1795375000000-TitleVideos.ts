import { createInboxTable, dropInboxTable } from '@chitram/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each movie's and episode's uploaded video, as media announces it (DECISIONS D23). */
export class TitleVideos1795375000000 implements MigrationInterface {
  name = 'TitleVideos1795375000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The catalogue now consumes events (media's video states), so it keeps an inbox of handled ones.
    await createInboxTable(queryRunner);
    for (const table of ['movie', 'episode']) {
      await queryRunner.query(`ALTER TABLE "${table}"
        ADD COLUMN "video_id" uuid,
        ADD COLUMN "video_state" text,
        ADD COLUMN "video_progress" integer NOT NULL DEFAULT 0,
        ADD COLUMN "video_error" text,
        ADD COLUMN "video_renditions" integer[] NOT NULL DEFAULT '{}',
        ADD COLUMN "video_at" timestamptz`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['movie', 'episode']) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "video_id", DROP COLUMN "video_state",
        DROP COLUMN "video_progress", DROP COLUMN "video_error", DROP COLUMN "video_renditions", DROP COLUMN "video_at"`);
    }
    await dropInboxTable(queryRunner);
  }
}
