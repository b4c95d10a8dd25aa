import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Least privilege in the back office (issue 20, DECISIONS D34): each admin has a role (the admins there
 * are already stay owners, so existing set-ups keep working) and a status (an invited admin has no
 * password yet); a session keeps the role it was opened with; an admin may hold an authenticator (TOTP)
 * secret and ten recovery codes, kept as hashes; and tickets, kept as hashes, carry an invitation link
 * or the second step of a sign-in, each once and for a while.
 */
export class AdminRolesAndSecondFactor1795410000000 implements MigrationInterface {
  name = 'AdminRolesAndSecondFactor1795410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "admin_account" ADD "role" text NOT NULL DEFAULT 'owner', ADD "status" text NOT NULL DEFAULT 'active', ALTER COLUMN "password_hash" DROP NOT NULL, ADD "totp_secret" text, ADD "totp_pending_secret" text, ADD "totp_last_step" bigint, ADD "disabled_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_account" ADD CONSTRAINT "CHK_admin_account_role" CHECK ("role" IN ('owner', 'content', 'finance', 'support')), ADD CONSTRAINT "CHK_admin_account_status" CHECK ("status" IN ('invited', 'active', 'disabled'))`,
    );
    await queryRunner.query(`ALTER TABLE "auth_session" ADD "admin_role" text`);
    await queryRunner.query(
      `UPDATE "auth_session" SET "admin_role" = 'owner' WHERE "role" = 'admin' AND "revoked_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "admin_recovery_code" ("admin_id" uuid NOT NULL, "code_hash" character(64) NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_admin_recovery_code" PRIMARY KEY ("admin_id", "code_hash"), CONSTRAINT "FK_admin_recovery_code_admin" FOREIGN KEY ("admin_id") REFERENCES "admin_account"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "admin_ticket" ("token_hash" character(64) NOT NULL, "admin_id" uuid NOT NULL, "purpose" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "failures" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_admin_ticket" PRIMARY KEY ("token_hash"), CONSTRAINT "CHK_admin_ticket_purpose" CHECK ("purpose" IN ('invitation', 'sign-in')), CONSTRAINT "FK_admin_ticket_admin" FOREIGN KEY ("admin_id") REFERENCES "admin_account"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_admin_ticket_admin" ON "admin_ticket" ("admin_id", "purpose")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "admin_ticket"`);
    await queryRunner.query(`DROP TABLE "admin_recovery_code"`);
    await queryRunner.query(`ALTER TABLE "auth_session" DROP COLUMN "admin_role"`);
    await queryRunner.query(`DELETE FROM "admin_account" WHERE "password_hash" IS NULL`);
    await queryRunner.query(
      `ALTER TABLE "admin_account" DROP CONSTRAINT "CHK_admin_account_status", DROP CONSTRAINT "CHK_admin_account_role", DROP COLUMN "disabled_at", DROP COLUMN "totp_last_step", DROP COLUMN "totp_pending_secret", DROP COLUMN "totp_secret", ALTER COLUMN "password_hash" SET NOT NULL, DROP COLUMN "status", DROP COLUMN "role"`,
    );
  }
}
