import { Injectable, Module } from '@nestjs/common';
import {
  createOutboxTable,
  defineService,
  dropOutboxTable,
  EventServiceConfig,
  JobHandler,
  JobQueue,
  JobsModule,
  OutboxEvent,
  type JobContext,
  type JobEnvelope,
} from '@chitram/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { isolatedEnv, startTestService, uniqueName, waitFor, type TestService } from './index';

class HandoverInit1763712000000 implements MigrationInterface {
  name = 'HandoverInit1763712000000';
  async up(queryRunner: QueryRunner) {
    await createOutboxTable(queryRunner);
  }
  async down(queryRunner: QueryRunner) {
    await dropOutboxTable(queryRunner);
  }
}

const JOB = `${uniqueName('handover').replace(/_/g, '-')}.work`;
const isolation = isolatedEnv();

/** What the workers saw, across both instances: each delivery, and the jobs done. */
const seen = { deliveries: [] as number[], done: [] as string[] };
let releaseStalled: () => void = () => undefined;
const stalled = new Promise<void>((resolve) => (releaseStalled = resolve));

@Injectable()
class Worker {
  // A worker that stalls on its first delivery, as one whose process froze or died: it never reports.
  @JobHandler(JOB, { ackWaitMs: 1000 })
  async work(job: JobEnvelope<{ item: string }>, context: JobContext): Promise<void> {
    seen.deliveries.push(context.delivery);
    if (context.delivery === 1) await stalled;
    else seen.done.push(job.payload.item);
  }
}

@Module({ imports: [JobsModule.forService()], providers: [Worker] })
class HandoverModule {}

const definition = defineService({
  name: 'users',
  config: EventServiceConfig,
  module: HandoverModule,
  database: { entities: [OutboxEvent], migrations: [HandoverInit1763712000000] },
});

describe('jobs on the shared JetStream consumer loop', () => {
  let first: TestService;
  let second: TestService;

  beforeAll(async () => {
    first = await startTestService(definition, { env: isolation.env });
    second = await startTestService(definition, { env: isolation.env, database: `${first.database}_b` });
  });

  afterAll(async () => {
    releaseStalled();
    await first?.destroy();
    await second?.destroy();
    await isolation.cleanUp();
  });

  it('gives a job whose worker stalls to another instance after its ack wait, and it is done once', async () => {
    await first.app.get(JobQueue).enqueue(JOB, { item: 'mango' });
    await waitFor(async () => seen.done.length === 1, 15_000);
    expect(seen.done).toEqual(['mango']);
    expect(seen.deliveries).toEqual([1, 2]);
  });
});
