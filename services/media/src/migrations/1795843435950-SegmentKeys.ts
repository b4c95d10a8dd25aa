import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D35: the AES-128 keys of a video's encrypted segments, one per period of `hls_key_segments`
 * segments, kept here and never in object storage. Null on a clear video (every video transcoded
 * before D35 until it is transcoded again). A copy carries its source's keys with its output folder.
 */
export class SegmentKeys1795843435950 implements MigrationInterface {
  name = 'SegmentKeys1795843435950';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video"
      ADD COLUMN "hls_keys" bytea[],
      ADD COLUMN "hls_key_segments" integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video" DROP COLUMN "hls_keys", DROP COLUMN "hls_key_segments"`);
  }
}
