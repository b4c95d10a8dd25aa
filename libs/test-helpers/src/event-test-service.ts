import type { Type } from '@nestjs/common';
import {
  createInboxTable,
  createOutboxTable,
  defineService,
  dropInboxTable,
  dropOutboxTable,
  EventServiceConfig,
  OutboxEvent,
  ProcessedEvent,
} from '@chitram/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The one migration of a test's own event service: its outbox and inbox tables. */
class EventTablesTestInit1763712000000 implements MigrationInterface {
  name = 'EventTablesTestInit1763712000000';
  async up(queryRunner: QueryRunner) {
    await createOutboxTable(queryRunner);
    await createInboxTable(queryRunner);
  }
  async down(queryRunner: QueryRunner) {
    await dropInboxTable(queryRunner);
    await dropOutboxTable(queryRunner);
  }
}

/**
 * A service of a test's own that writes and consumes events, made of `module` (its handlers, with
 * EventsModule), in the users queue group (start it on subjects and streams of the test's own).
 */
export function eventTestService(module: Type<unknown>) {
  return defineService({
    name: 'users',
    config: EventServiceConfig,
    module,
    database: { entities: [OutboxEvent, ProcessedEvent], migrations: [EventTablesTestInit1763712000000] },
  });
}
