import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search covers series and episodes too (issue 19): each gets the movie's word columns, split by the
 * same catalog_tokens() (Catalogue migration), which each catalog instance's search index reads. A
 * series' tags count as words of its description.
 */
export class SearchShows1795401900000 implements MigrationInterface {
  name = 'SearchShows1795401900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "series"
      ADD "title_words" text array GENERATED ALWAYS AS (catalog_tokens("title")) STORED,
      ADD "cast_words" text array GENERATED ALWAYS AS (catalog_tokens(catalog_words("cast"))) STORED,
      ADD "description_words" text array GENERATED ALWAYS AS (catalog_tokens(coalesce("description", '') || ' ' || catalog_words("tags"))) STORED`);
    await queryRunner.query(`ALTER TABLE "episode"
      ADD "title_words" text array GENERATED ALWAYS AS (catalog_tokens("title")) STORED,
      ADD "cast_words" text array GENERATED ALWAYS AS (catalog_tokens(catalog_words("cast"))) STORED,
      ADD "description_words" text array GENERATED ALWAYS AS (catalog_tokens("description")) STORED`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "episode" DROP COLUMN "title_words", DROP COLUMN "cast_words", DROP COLUMN "description_words"`,
    );
    await queryRunner.query(
      `ALTER TABLE "series" DROP COLUMN "title_words", DROP COLUMN "cast_words", DROP COLUMN "description_words"`,
    );
  }
}
