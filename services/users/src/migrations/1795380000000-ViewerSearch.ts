import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin's viewer list: a search by part of a number (`ILIKE '%…%'`, which a b-tree cannot serve, so
 * trigrams) and the newest sign-ups first (the list's order and the dashboard's latest).
 */
export class ViewerSearch1795380000000 implements MigrationInterface {
  name = 'ViewerSearch1795380000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE INDEX "IDX_viewer_phone_number_trgm" ON "viewer" USING gin ("phone_number" gin_trgm_ops)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_viewer_created_at" ON "viewer" ("created_at" DESC, "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_viewer_created_at"`);
    await queryRunner.query(`DROP INDEX "IDX_viewer_phone_number_trgm"`);
    // pg_trgm stays: other objects of the database may use it.
  }
}
