import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search answers from each catalog instance's own index (titles/search-index.ts), built from the movie
 * rows' word columns: the table of every catalogue word, the triggers that fed it on every write and
 * the word indexes that only search read are no longer needed. The word columns stay: the index reads them.
 */
export class SearchInMemory1795400700000 implements MigrationInterface {
  name = 'SearchInMemory1795400700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TR_movie_words_insert" ON "movie"`);
    await queryRunner.query(`DROP TRIGGER "TR_movie_words_update" ON "movie"`);
    await queryRunner.query(`DROP FUNCTION "catalog_learn_words"()`);
    await queryRunner.query(`DROP TABLE "search_word"`);
    await queryRunner.query(`DROP INDEX "IDX_movie_title_words"`);
    await queryRunner.query(`DROP INDEX "IDX_movie_cast_words"`);
    await queryRunner.query(`DROP INDEX "IDX_movie_description_words"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_movie_title_words" ON "movie" USING gin ("title_words")`);
    await queryRunner.query(`CREATE INDEX "IDX_movie_cast_words" ON "movie" USING gin ("cast_words")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_movie_description_words" ON "movie" USING gin ("description_words")`,
    );
    await queryRunner.query(`CREATE TABLE "search_word" (
      "word" text NOT NULL,
      CONSTRAINT "PK_search_word" PRIMARY KEY ("word"))`);
    await queryRunner.query(
      `CREATE INDEX "IDX_search_word_trgm" ON "search_word" USING gin ("word" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_search_word_prefix" ON "search_word" ("word" text_pattern_ops)`,
    );
    await queryRunner.query(
      `INSERT INTO "search_word" ("word")
         SELECT DISTINCT w FROM "movie", unnest("title_words" || "cast_words" || "description_words") AS w`,
    );
    await queryRunner.query(`CREATE FUNCTION "catalog_learn_words"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "search_word" ("word")
          SELECT DISTINCT w FROM new_rows, unnest(new_rows.title_words || new_rows.cast_words || new_rows.description_words) AS w
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TR_movie_words_insert" AFTER INSERT ON "movie" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_learn_words()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TR_movie_words_update" AFTER UPDATE ON "movie" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_learn_words()`,
    );
  }
}
