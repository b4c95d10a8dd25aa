import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The profile a viewer's session has chosen (issue 22, D37): every access token the session issues
 * carries it (`prf`). Null: none chosen, the account's first profile (the viewer's own id).
 */
export class SessionProfile1795420000000 implements MigrationInterface {
  name = 'SessionProfile1795420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth_session" ADD COLUMN "profile_id" uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth_session" DROP COLUMN "profile_id"`);
  }
}
