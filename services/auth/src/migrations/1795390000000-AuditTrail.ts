import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail (issue 9), and admin sign-in failures counted per e-mail rather than per account, so
 * an e-mail no admin has is locked the same way (issue 10: a lock must not tell real e-mails apart).
 */
export class AuditTrail1795390000000 implements MigrationInterface {
  name = 'AuditTrail1795390000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_entry" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "admin_id" uuid, "admin_email" text, "action" text NOT NULL, "entity_type" text NOT NULL, "entity_id" text, "entity_label" text NOT NULL, "changes" jsonb NOT NULL DEFAULT '[]', "note" text, "address" text, CONSTRAINT "PK_audit_entry" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_audit_entry_time" ON "audit_entry" ("occurred_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_audit_entry_admin" ON "audit_entry" ("admin_id", "occurred_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_audit_entry_entity" ON "audit_entry" ("entity_type", "occurred_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_audit_entry_action" ON "audit_entry" ("action", "occurred_at" DESC, "id" DESC)`,
    );

    await queryRunner.query(
      `CREATE TABLE "admin_login_throttle" ("email" text NOT NULL, "failed_logins" integer NOT NULL DEFAULT 0, "failure_window_started_at" TIMESTAMP WITH TIME ZONE, "lockouts" integer NOT NULL DEFAULT 0, "locked_until" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_admin_login_throttle" PRIMARY KEY ("email"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_admin_login_throttle_updated" ON "admin_login_throttle" ("updated_at")`,
    );
    await queryRunner.query(
      `INSERT INTO "admin_login_throttle" ("email", "failed_logins", "failure_window_started_at", "lockouts", "locked_until")
       SELECT "email", "failed_logins", "failure_window_started_at", "lockouts", "locked_until" FROM "admin_account"
       WHERE "failed_logins" > 0 OR "lockouts" > 0 OR "locked_until" IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_account" DROP COLUMN "failed_logins", DROP COLUMN "failure_window_started_at", DROP COLUMN "lockouts", DROP COLUMN "locked_until"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "admin_account" ADD "failed_logins" integer NOT NULL DEFAULT 0, ADD "failure_window_started_at" TIMESTAMP WITH TIME ZONE, ADD "lockouts" integer NOT NULL DEFAULT 0, ADD "locked_until" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `UPDATE "admin_account" a SET "failed_logins" = t."failed_logins", "failure_window_started_at" = t."failure_window_started_at", "lockouts" = t."lockouts", "locked_until" = t."locked_until"
       FROM "admin_login_throttle" t WHERE t."email" = a."email"`,
    );
    await queryRunner.query(`DROP TABLE "admin_login_throttle"`);
    await queryRunner.query(`DROP TABLE "audit_entry"`);
  }
}
