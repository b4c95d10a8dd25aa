import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Profiles (issue 22, D37): up to five per account. The account's first profile has the viewer's id,
 * so every key written per viewer so far (My List's profile_id, the catalog's positions and Continue
 * watching) is already the first profile's: this migration creates that profile for every existing
 * viewer, named "Me", with the viewer's interface language and the adult level, and moves no other row.
 * A profile goes with its account (ON DELETE CASCADE). "viewer"."interface_language" stays for one
 * release but is no longer read: the first profile's language is the account's.
 */
export class Profiles1795400700000 implements MigrationInterface {
  name = 'Profiles1795400700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "profile" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "account_id" uuid NOT NULL,
      "name" text NOT NULL CONSTRAINT "CHK_profile_name" CHECK (char_length("name") BETWEEN 1 AND 20),
      "avatar" text NOT NULL,
      "interface_language" text CONSTRAINT "CHK_profile_interface_language"
        CHECK ("interface_language" IN ('en', 'hi', 'ta', 'te', 'ml', 'kn', 'bn', 'bho')),
      "maturity" text NOT NULL CONSTRAINT "CHK_profile_maturity" CHECK ("maturity" IN ('kids', 'kids-ua', 'adult')),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_profile" PRIMARY KEY ("id"),
      CONSTRAINT "FK_profile_account" FOREIGN KEY ("account_id") REFERENCES "viewer" ("id") ON DELETE CASCADE)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_profile_account_name" ON "profile" ("account_id", lower("name"))`,
    );
    await queryRunner.query(`INSERT INTO "profile" ("id", "account_id", "name", "avatar", "interface_language", "maturity", "created_at")
      SELECT "id", "id", 'Me', 'lotus', "interface_language", 'adult', "created_at" FROM "viewer"
      ON CONFLICT ("id") DO NOTHING`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profile"`);
  }
}
