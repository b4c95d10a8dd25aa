import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Viewers1764460800000 implements MigrationInterface {
  name = 'Viewers1764460800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "viewer" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "phone_number" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_viewer_phone_number" CHECK ("phone_number" ~ '^\\+91[6-9][0-9]{9}$'), CONSTRAINT "PK_viewer" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_viewer_phone_number" ON "viewer" ("phone_number") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_viewer_phone_number"`);
    await queryRunner.query(`DROP TABLE "viewer"`);
  }
}
