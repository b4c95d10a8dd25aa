import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The interface language a viewer chose while signed in (issue 11), so it follows them to another
 * device; null until they choose one. The database refuses anything but the eight codes.
 */
export class InterfaceLanguage1795400200000 implements MigrationInterface {
  name = 'InterfaceLanguage1795400200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "viewer" ADD COLUMN "interface_language" text
      CONSTRAINT "CHK_viewer_interface_language"
      CHECK ("interface_language" IN ('en', 'hi', 'ta', 'te', 'ml', 'kn', 'bn', 'bho'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "viewer" DROP COLUMN "interface_language"`);
  }
}
