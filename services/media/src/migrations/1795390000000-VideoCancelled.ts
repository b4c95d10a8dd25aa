import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A video whose upload the admin cancelled leaves "uploading" for "cancelled" (it takes a new file), and
 * the stream origin asks whether an object is some video's source (sources are never served publicly).
 */
export class VideoCancelled1795390000000 implements MigrationInterface {
  name = 'VideoCancelled1795390000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video" DROP CONSTRAINT "video_state_check"`);
    await queryRunner.query(`ALTER TABLE "video" ADD CONSTRAINT "video_state_check"
      CHECK ("state" IN ('uploading', 'queued', 'transcoding', 'ready', 'failed', 'cancelled'))`);
    await queryRunner.query(
      `CREATE INDEX "video_source_key" ON "video" ("source_key") WHERE "source_key" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "video_source_key"`);
    await queryRunner.query(`UPDATE "video" SET "state" = 'failed', "error" = 'Upload cancelled'
      WHERE "state" = 'cancelled'`);
    await queryRunner.query(`ALTER TABLE "video" DROP CONSTRAINT "video_state_check"`);
    await queryRunner.query(`ALTER TABLE "video" ADD CONSTRAINT "video_state_check"
      CHECK ("state" IN ('uploading', 'queued', 'transcoding', 'ready', 'failed'))`);
  }
}
