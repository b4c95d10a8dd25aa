import { createInboxTable, dropInboxTable } from '@chitram/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The inbox of handled events: media consumes the catalogue's released images. */
export class Inbox1795258800000 implements MigrationInterface {
  name = 'Inbox1795258800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createInboxTable(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropInboxTable(queryRunner);
  }
}
