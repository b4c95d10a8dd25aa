import { createOutboxTable, dropOutboxTable } from '@chitram/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1763712000000 implements MigrationInterface {
  name = 'Init1763712000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createOutboxTable(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropOutboxTable(queryRunner);
  }
}
