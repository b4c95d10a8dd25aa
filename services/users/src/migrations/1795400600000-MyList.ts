import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * My List (issue 22): the titles a profile keeps for later, one row per title. Profiles come later:
 * the account's first profile has the viewer's id, so today "profile_id" holds the viewer's id and the
 * profiles step keeps these rows as they are. No foreign key: a profile need not be a viewer row, and
 * the titles live in the catalog service's database (its event removes a deleted title from every list).
 */
export class MyList1795400600000 implements MigrationInterface {
  name = 'MyList1795400600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "my_list_entry" (
      "profile_id" uuid NOT NULL,
      "title_id" uuid NOT NULL,
      "kind" text NOT NULL CONSTRAINT "CHK_my_list_entry_kind" CHECK ("kind" IN ('movie', 'episode')),
      "added_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_my_list_entry" PRIMARY KEY ("profile_id", "title_id"))`);
    await queryRunner.query(
      `CREATE INDEX "IDX_my_list_entry_newest" ON "my_list_entry" ("profile_id", "added_at" DESC)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_my_list_entry_title" ON "my_list_entry" ("title_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "my_list_entry"`);
  }
}
