import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether plan-end reminders come by SMS (DECISIONS D40): on the account (one number), on until the
 * viewer turns them off on the profile page.
 */
export class SmsReminders1795818377930 implements MigrationInterface {
  name = 'SmsReminders1795818377930';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "viewer" ADD COLUMN "sms_reminders" boolean NOT NULL DEFAULT true`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "viewer" DROP COLUMN "sms_reminders"`);
  }
}
