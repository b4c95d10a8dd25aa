import { createRebuildJobTable, dropRebuildJobTable } from '@chitram/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The rebuild jobs of the analytics aggregates: one at a time, their progress readable from any instance. */
export class AnalyticsRebuildJobs1795400500000 implements MigrationInterface {
  name = 'AnalyticsRebuildJobs1795400500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createRebuildJobTable(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropRebuildJobTable(queryRunner);
  }
}
