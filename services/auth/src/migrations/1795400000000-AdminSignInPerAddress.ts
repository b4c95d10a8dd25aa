import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin sign-in failures counted per e-mail and client address together (issue 20), so a stranger's
 * wrong passwords lock out only the stranger's address. The counts are short-lived, so the old ones
 * (per e-mail, all addresses together) are dropped rather than carried over.
 */
export class AdminSignInPerAddress1795400000000 implements MigrationInterface {
  name = 'AdminSignInPerAddress1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "admin_login_throttle"`);
    await queryRunner.query(
      `ALTER TABLE "admin_login_throttle" DROP CONSTRAINT "PK_admin_login_throttle", ADD "address" text NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_login_throttle" ADD CONSTRAINT "PK_admin_login_throttle" PRIMARY KEY ("email", "address")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "admin_login_throttle"`);
    await queryRunner.query(
      `ALTER TABLE "admin_login_throttle" DROP CONSTRAINT "PK_admin_login_throttle", DROP COLUMN "address"`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_login_throttle" ADD CONSTRAINT "PK_admin_login_throttle" PRIMARY KEY ("email")`,
    );
  }
}
