import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Videos of titles and their transcoding into HLS (DECISIONS D23). */
export class Videos1795374000000 implements MigrationInterface {
  name = 'Videos1795374000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "video" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "owner_kind" text NOT NULL CHECK ("owner_kind" IN ('movie', 'episode')),
      "owner_id" uuid NOT NULL,
      "state" text NOT NULL DEFAULT 'uploading'
        CHECK ("state" IN ('uploading', 'queued', 'transcoding', 'ready', 'failed')),
      "progress" integer NOT NULL DEFAULT 0 CHECK ("progress" BETWEEN 0 AND 100),
      "error" text,
      "source_key" text,
      "output_prefix" text,
      "renditions" integer[] NOT NULL DEFAULT '{}',
      "width" integer,
      "height" integer,
      "duration_seconds" double precision,
      "has_audio" boolean,
      "poster_key" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      -- A ready video has exactly one visible result.
      CONSTRAINT "video_ready_has_output" CHECK ("state" <> 'ready' OR "output_prefix" IS NOT NULL))`);
    await queryRunner.query(`CREATE INDEX "video_owner" ON "video" ("owner_kind", "owner_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "video"`);
  }
}
