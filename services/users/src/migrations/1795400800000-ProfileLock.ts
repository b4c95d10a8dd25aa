import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The optional 4-digit profile lock (issue 22, D37): kept as a salted scrypt hash, with the wrong
 * tries in a row and, after the fifth, the time until which no try is taken.
 */
export class ProfileLock1795400800000 implements MigrationInterface {
  name = 'ProfileLock1795400800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profile"
      ADD COLUMN "lock_hash" text,
      ADD COLUMN "lock_failures" integer NOT NULL DEFAULT 0,
      ADD COLUMN "locked_until" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profile"
      DROP COLUMN "lock_hash", DROP COLUMN "lock_failures", DROP COLUMN "locked_until"`);
  }
}
