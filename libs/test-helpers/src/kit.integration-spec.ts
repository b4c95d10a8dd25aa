import { Controller, Inject, Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DomainError, ErrorCode, subject } from '@chitram/contracts';
import {
  connectNats,
  createOutboxTable,
  defineService,
  dropOutboxTable,
  Handles,
  loadConfig,
  LOGGER,
  migrateService,
  OutboxEvent,
  RpcClient,
  runWithRequestContext,
  ServiceConfig,
  type Logger,
} from '@chitram/nest-kit';
import { memoryLogger, startTestService, testInfrastructure, uniqueName, type TestService } from './index';
import { IsString, MaxLength } from 'class-validator';
import type { NatsConnection } from 'nats';
import type { MigrationInterface, QueryRunner } from 'typeorm';

class KitTestInit1763712000000 implements MigrationInterface {
  name = 'KitTestInit1763712000000';
  up = (queryRunner: QueryRunner) => createOutboxTable(queryRunner);
  down = (queryRunner: QueryRunner) => dropOutboxTable(queryRunner);
}

// Subjects of this test only, so a platform running on the same NATS is never disturbed.
const prefix = uniqueName('chitram.kittest');
class EchoRequest {
  @IsString()
  @MaxLength(20)
  text: string;
}

type Nothing = Record<string, never>;
const SUBJECT = {
  whoAmI: subject<Nothing, string>(`${prefix}.whoami.v1`),
  echo: subject<EchoRequest, EchoRequest>(`${prefix}.echo.v1`),
  fail: subject<Nothing, never>(`${prefix}.fail.v1`),
  logged: subject<Nothing, string>(`${prefix}.logged.v1`),
  slow: subject<Nothing, string>(`${prefix}.slow.v1`),
  nobody: subject<Nothing, never>(`${prefix}.nobody.v1`),
};

const instanceId = { next: 0 };

function exampleModule() {
  const id = `instance-${++instanceId.next}`;
  @Controller()
  class ExampleController {
    constructor(@Inject(LOGGER) private readonly logger: Logger) {}

    @Handles(SUBJECT.logged)
    logged(): string {
      this.logger.info('handled');
      return id;
    }

    @Handles(SUBJECT.whoAmI)
    whoAmI(): string {
      return id;
    }

    @Handles(SUBJECT.echo)
    echo(@Payload() request: EchoRequest): EchoRequest {
      return { text: request.text };
    }

    @Handles(SUBJECT.fail)
    fail(): never {
      throw new DomainError(ErrorCode.CONFLICT, 'That already exists.');
    }

    @Handles(SUBJECT.slow)
    async slow(): Promise<string> {
      await new Promise((r) => setTimeout(r, 1500));
      return 'late';
    }
  }
  @Module({ controllers: [ExampleController] })
  class ExampleModule {}
  return ExampleModule;
}

const definition = (module = exampleModule()) =>
  defineService({
    name: 'media',
    config: ServiceConfig,
    module,
    database: { entities: [OutboxEvent], migrations: [KitTestInit1763712000000] },
  });

describe('a service built with the NestJS kit, over real NATS and Postgres', () => {
  const database = uniqueName('test_kit');
  const logs = memoryLogger('media');
  let first: TestService;
  let second: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  beforeAll(async () => {
    first = await startTestService(definition(), { database, logger: logs.logger });
    second = await startTestService(definition(), { database });
    nats = await connectNats(testInfrastructure().NATS_URL, 'kit-test');
    rpc = new RpcClient(nats, 1000);
  });

  afterAll(async () => {
    await nats?.close();
    await second?.close();
    await first?.destroy();
  });

  it('migrates a database that exists already without applying anything twice', async () => {
    const config = loadConfig(ServiceConfig, {
      ...testInfrastructure(),
      DATABASE_NAME: database,
      LOG_LEVEL: 'silent',
    });
    expect(await migrateService(definition(), config)).toEqual([]);
  });

  it('shares requests between two instances of the queue group', async () => {
    const answers = new Set<string>();
    for (let i = 0; i < 40; i++) answers.add(await rpc.call(SUBJECT.whoAmI, {}));
    expect(answers.size).toBe(2);
  });

  it('validates payloads, refusing unknown fields with the field named', async () => {
    await expect(rpc.call(SUBJECT.echo, { text: 'hi' })).resolves.toEqual({ text: 'hi' });
    await expect(rpc.uncheckedRequest(SUBJECT.echo, { text: 'hi', admin: true })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      fields: { admin: ['property admin should not exist'] },
    });
    await expect(rpc.call(SUBJECT.echo, { text: 'x'.repeat(21) })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
  });

  it('carries a domain error back to the caller with its code and message', async () => {
    await expect(rpc.call(SUBJECT.fail, {})).rejects.toEqual(
      new DomainError(ErrorCode.CONFLICT, 'That already exists.'),
    );
  });

  it('answers SERVICE_UNAVAILABLE at once when nobody serves a subject', async () => {
    const started = Date.now();
    await expect(rpc.call(SUBJECT.nobody, {})).rejects.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('answers SERVICE_UNAVAILABLE when a service is too slow, after the timeout and not before', async () => {
    const started = Date.now();
    await expect(rpc.call(SUBJECT.slow, {}, { timeoutMs: 300 })).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: expect.stringContaining('did not answer within 300 ms'),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("carries the caller's request id into the service's log lines", async () => {
    const requestId = uniqueName('req');
    // The queue group may pick either instance; ask until the one whose log we read has answered.
    for (
      let i = 0;
      i < 40 && !logs.lines.some((l) => l.msg === 'handled' && l.requestId === requestId);
      i++
    ) {
      await runWithRequestContext({ requestId }, () => rpc.call(SUBJECT.logged, {}));
    }
    expect(logs.lines).toContainEqual(expect.objectContaining({ app: 'media', msg: 'handled', requestId }));
  });
});
