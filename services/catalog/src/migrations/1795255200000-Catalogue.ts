import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Catalogue1795255200000 implements MigrationInterface {
  name = 'Catalogue1795255200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // Search words of a text: lower-cased, split on white space and ASCII or common Unicode punctuation,
    // so words in Indian scripts stay whole. array_to_string is only STABLE; joining a list of names
    // gives the same text every time, which generated columns need the database to know.
    await queryRunner.query(
      `CREATE FUNCTION "catalog_words"(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ') $$`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "catalog_tokens"(text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_agg(DISTINCT t), '{}') FROM regexp_split_to_table(lower($1), '[[:space:]!-/:-@[-\`{-~\u00a0\u0964\u0965\u2013\u2014\u2018\u2019\u201c\u201d\u2026]+') AS t WHERE t <> '' AND length(t) <= 60 $$`,
    );
    await queryRunner.query(`CREATE TABLE "movie" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "slug" text NOT NULL,
      "title" text NOT NULL,
      "description" text NOT NULL,
      "cast" text array NOT NULL,
      "genre" text array NOT NULL,
      "language" text NOT NULL,
      "rating" text NOT NULL,
      "release_year" integer NOT NULL,
      "duration" text NOT NULL,
      "thumbnail" text NOT NULL,
      "banner" text NOT NULL,
      "title_image" text NOT NULL,
      "trailer_url" text,
      "movie_url" text NOT NULL,
      "is_free" boolean NOT NULL DEFAULT false,
      "type" text NOT NULL DEFAULT 'movie',
      "vendor" text,
      "title_words" text array GENERATED ALWAYS AS (catalog_tokens("title")) STORED,
      "cast_words" text array GENERATED ALWAYS AS (catalog_tokens(catalog_words("cast"))) STORED,
      "description_words" text array GENERATED ALWAYS AS (catalog_tokens("description")) STORED,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "UQ_movie_slug" UNIQUE ("slug"),
      CONSTRAINT "PK_movie" PRIMARY KEY ("id"))`);
    await queryRunner.query(
      `CREATE INDEX "IDX_movie_language_created" ON "movie" ("language", "created_at" DESC)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_movie_created" ON "movie" ("created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "IDX_movie_genre" ON "movie" USING gin ("genre")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_movie_title_trgm" ON "movie" USING gin ("title" gin_trgm_ops)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_movie_title_words" ON "movie" USING gin ("title_words")`);
    await queryRunner.query(`CREATE INDEX "IDX_movie_cast_words" ON "movie" USING gin ("cast_words")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_movie_description_words" ON "movie" USING gin ("description_words")`,
    );

    // Every word of the catalogue, once: search finds the words nearest a (mistyped) term here with
    // trigrams, then the titles holding them through the word indexes above. Words of changed or
    // deleted titles stay; they match no title and cost nothing.
    await queryRunner.query(`CREATE TABLE "search_word" (
      "word" text NOT NULL,
      CONSTRAINT "PK_search_word" PRIMARY KEY ("word"))`);
    await queryRunner.query(
      `CREATE INDEX "IDX_search_word_trgm" ON "search_word" USING gin ("word" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_search_word_prefix" ON "search_word" ("word" text_pattern_ops)`,
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

    await queryRunner.query(`CREATE TABLE "series" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "title" text NOT NULL,
      "description" text,
      "trailer_url" text,
      "cast" text array NOT NULL,
      "language" text NOT NULL,
      "rating" text NOT NULL,
      "tags" text array NOT NULL,
      "title_image" text,
      "genre" text array NOT NULL,
      "category" text NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_series" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_series_created" ON "series" ("created_at" DESC)`);
    await queryRunner.query(
      `CREATE INDEX "IDX_series_title_trgm" ON "series" USING gin ("title" gin_trgm_ops)`,
    );

    await queryRunner.query(`CREATE TABLE "episode" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "series_id" uuid,
      "title" text NOT NULL,
      "description" text NOT NULL,
      "video_url" text NOT NULL,
      "duration" text NOT NULL,
      "release_date" date NOT NULL,
      "cast" text array NOT NULL,
      "rating" text NOT NULL,
      "category" text NOT NULL,
      "banner" text NOT NULL,
      "title_image" text,
      "episode_number" integer NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_episode" PRIMARY KEY ("id"))`);
    await queryRunner.query(
      `ALTER TABLE "episode" ADD CONSTRAINT "FK_episode_series" FOREIGN KEY ("series_id") REFERENCES "series"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_episode_series_number" ON "episode" ("series_id", "episode_number")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_episode_category_number" ON "episode" ("category", "episode_number")`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_episode_created" ON "episode" ("created_at" DESC)`);
    await queryRunner.query(
      `CREATE INDEX "IDX_episode_title_trgm" ON "episode" USING gin ("title" gin_trgm_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "episode" DROP CONSTRAINT "FK_episode_series"`);
    await queryRunner.query(`DROP TABLE "episode"`);
    await queryRunner.query(`DROP TABLE "series"`);
    await queryRunner.query(`DROP TABLE "movie"`);
    await queryRunner.query(`DROP TABLE "search_word"`);
    await queryRunner.query(`DROP FUNCTION "catalog_learn_words"()`);
    await queryRunner.query(`DROP FUNCTION "catalog_tokens"(text)`);
    await queryRunner.query(`DROP FUNCTION "catalog_words"(text[])`);
    // pg_trgm stays: other objects of the database may use it.
  }
}
