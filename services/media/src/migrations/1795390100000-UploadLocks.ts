import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Locks on video uploads shared by every media instance (uploads/upload-locks.ts): leases, by upload. */
export class UploadLocks1795390100000 implements MigrationInterface {
  name = 'UploadLocks1795390100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "upload_lock" (
      "id" text PRIMARY KEY,
      "token" uuid NOT NULL,
      "expires_at" timestamptz NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "upload_lock"`);
  }
}
