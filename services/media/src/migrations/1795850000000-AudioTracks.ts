import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D44: a video's audio renditions (the original, made one when the first dub is added, and the dubs),
 * each an HLS audio-only rendition under the video's own folder (`hls/<video>/audio/<id>/`), so the
 * files go with the video and the rows with it too. One track per language; the original is one.
 * `source_audio` is what ffprobe found of the source's audio streams, kept at transcode time (or when
 * first asked, for a video transcoded before), so a dub can be taken from one of them.
 */
export class AudioTracks1795850000000 implements MigrationInterface {
  name = 'AudioTracks1795850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video" ADD COLUMN "source_audio" jsonb`);
    await queryRunner.query(`CREATE TABLE "video_audio_track" (
      "id" varchar(12) PRIMARY KEY,
      "video_id" uuid NOT NULL REFERENCES "video" ("id") ON DELETE CASCADE,
      "language" varchar(3),
      "original" boolean NOT NULL DEFAULT false,
      "source" varchar(8) NOT NULL,
      "source_stream" integer,
      "state" varchar(12) NOT NULL,
      "error" text,
      "prefix" text NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "video_audio_track_language" ON "video_audio_track" ("video_id", "language")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "video_audio_track_original" ON "video_audio_track" ("video_id") WHERE "original"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "video_audio_track"`);
    await queryRunner.query(`ALTER TABLE "video" DROP COLUMN "source_audio"`);
  }
}
