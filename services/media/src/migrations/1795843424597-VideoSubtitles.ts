import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D44: a video's subtitle tracks. Their WebVTT segments live in object storage under the video's own
 * folder (`hls/<video>/subtitles/<id>/`), so they go with the video; the rows go with it too.
 */
export class VideoSubtitles1795843424597 implements MigrationInterface {
  name = 'VideoSubtitles1795843424597';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "video_subtitle" (
      "id" varchar(12) PRIMARY KEY,
      "video_id" uuid NOT NULL REFERENCES "video" ("id") ON DELETE CASCADE,
      "language" varchar(3) NOT NULL,
      "forced" boolean NOT NULL DEFAULT false,
      "sdh" boolean NOT NULL DEFAULT false,
      "format" varchar(3) NOT NULL,
      "cue_count" integer NOT NULL,
      "prefix" text NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "video_subtitle_kind" UNIQUE ("video_id", "language", "forced", "sdh")
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "video_subtitle"`);
  }
}
