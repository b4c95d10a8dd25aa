import { addOutboxTraceContext, dropOutboxTraceContext } from '@chitram/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each outbox row keeps its writer's trace context, for the consumers' span links (DECISIONS D41). */
export class OutboxTraceContext1795818230247 implements MigrationInterface {
  name = 'OutboxTraceContext1795818230247';

  up = (queryRunner: QueryRunner) => addOutboxTraceContext(queryRunner);
  down = (queryRunner: QueryRunner) => dropOutboxTraceContext(queryRunner);
}
