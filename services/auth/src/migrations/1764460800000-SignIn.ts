import { createInboxTable, dropInboxTable } from '@chitram/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SignIn1764460800000 implements MigrationInterface {
  name = 'SignIn1764460800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "admin_account" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" text NOT NULL, "password_hash" text NOT NULL, "failed_logins" integer NOT NULL DEFAULT 0, "failure_window_started_at" TIMESTAMP WITH TIME ZONE, "lockouts" integer NOT NULL DEFAULT 0, "locked_until" TIMESTAMP WITH TIME ZONE, "last_login_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_admin_account_email_lower" CHECK ("email" = lower("email")), CONSTRAINT "PK_admin_account" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_admin_account_email" ON "admin_account" ("email") `);
    await queryRunner.query(
      `CREATE TABLE "auth_session" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "subject_id" uuid NOT NULL, "role" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_refreshed_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "revoked_reason" text, CONSTRAINT "CHK_auth_session_role" CHECK ("role" IN ('user', 'admin')), CONSTRAINT "PK_auth_session" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_auth_session_subject" ON "auth_session" ("subject_id") `);
    await queryRunner.query(
      `CREATE TABLE "refresh_token" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "session_id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_refresh_token" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_refresh_token_hash" ON "refresh_token" ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "IDX_refresh_token_session" ON "refresh_token" ("session_id") `);
    await queryRunner.query(
      `ALTER TABLE "refresh_token" ADD CONSTRAINT "FK_refresh_token_session" FOREIGN KEY ("session_id") REFERENCES "auth_session"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await createInboxTable(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropInboxTable(queryRunner);
    await queryRunner.query(`ALTER TABLE "refresh_token" DROP CONSTRAINT "FK_refresh_token_session"`);
    await queryRunner.query(`DROP INDEX "IDX_refresh_token_session"`);
    await queryRunner.query(`DROP INDEX "UQ_refresh_token_hash"`);
    await queryRunner.query(`DROP TABLE "refresh_token"`);
    await queryRunner.query(`DROP INDEX "IDX_auth_session_subject"`);
    await queryRunner.query(`DROP TABLE "auth_session"`);
    await queryRunner.query(`DROP INDEX "UQ_admin_account_email"`);
    await queryRunner.query(`DROP TABLE "admin_account"`);
  }
}
