import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D42's fingerprints are media's own now (transcoding/chroma-fingerprint.ts), not chromaprint's: the
 * items of the two never match, so those fpcalc made are dropped. Suggestions already offered stay; an
 * episode fingerprinted before is compared again once its video is uploaded again.
 */
export class OwnAudioFingerprints1795860000000 implements MigrationInterface {
  name = 'OwnAudioFingerprints1795860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "video" SET "audio_fingerprint" = NULL WHERE "audio_fingerprint" IS NOT NULL`,
    );
  }

  async down(): Promise<void> {
    // The fingerprints dropped are not made again: nothing to undo.
  }
}
