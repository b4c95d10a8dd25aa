import type { MigrationInterface, QueryRunner } from 'typeorm';

/** D45: a film or a series may have a trailer, a video of its own owner kind. */
export class Trailers1795843376895 implements MigrationInterface {
  name = 'Trailers1795843376895';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video" DROP CONSTRAINT "video_owner_kind_check"`);
    await queryRunner.query(`ALTER TABLE "video" ADD CONSTRAINT "video_owner_kind_check"
      CHECK ("owner_kind" IN ('movie', 'episode', 'movie-trailer', 'series-trailer'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "video" WHERE "owner_kind" IN ('movie-trailer', 'series-trailer')`);
    await queryRunner.query(`ALTER TABLE "video" DROP CONSTRAINT "video_owner_kind_check"`);
    await queryRunner.query(`ALTER TABLE "video" ADD CONSTRAINT "video_owner_kind_check"
      CHECK ("owner_kind" IN ('movie', 'episode'))`);
  }
}
