import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many viewer accounts there are, kept by the database in the same transaction as every account
 * made or deleted, so the dashboard (DECISIONS D13) reads one row instead of counting them all.
 */
export class ViewerTally1795400100000 implements MigrationInterface {
  name = 'ViewerTally1795400100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "viewer_tally" (
      "one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
      "viewers" bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO "viewer_tally" ("viewers") SELECT count(*) FROM "viewer"`);
    await queryRunner.query(`CREATE FUNCTION "viewer_tally_added"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "viewer_tally" SET "viewers" = "viewers" + (SELECT count(*) FROM added);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "viewer_tally_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "viewer_tally" SET "viewers" = "viewers" - (SELECT count(*) FROM removed);
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "viewer_tally_insert" AFTER INSERT ON "viewer" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "viewer_tally_added"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "viewer_tally_delete" AFTER DELETE ON "viewer" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "viewer_tally_removed"()`,
    );
    // TRUNCATE fires no row triggers: the tally starts again from what is left (nothing).
    await queryRunner.query(`CREATE FUNCTION "viewer_tally_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "viewer_tally" SET "viewers" = 0;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "viewer_tally_truncate" AFTER TRUNCATE ON "viewer" FOR EACH STATEMENT EXECUTE FUNCTION "viewer_tally_emptied"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['viewer_tally_truncate', 'viewer_tally_delete', 'viewer_tally_insert'])
      await queryRunner.query(`DROP TRIGGER "${trigger}" ON "viewer"`);
    for (const fn of ['viewer_tally_emptied', 'viewer_tally_removed', 'viewer_tally_added'])
      await queryRunner.query(`DROP FUNCTION "${fn}"()`);
    await queryRunner.query(`DROP TABLE "viewer_tally"`);
  }
}
