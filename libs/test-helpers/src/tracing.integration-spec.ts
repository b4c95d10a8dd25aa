import { Controller, Inject, Injectable, Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Events, subject } from '@chitram/contracts';
import {
  beginSpan,
  connectNats,
  EventHandler,
  EventsModule,
  type EventOf,
  Handles,
  LOGGER,
  type Logger,
  Outbox,
  RpcClient,
  SpanKind,
  startTracing,
  stopTracing,
  withSpan,
} from '@chitram/nest-kit';
import { context } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { IsString, MaxLength } from 'class-validator';
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from 'nats';
import {
  eventTestService,
  isolatedEnv,
  memoryLogger,
  queryDatabase,
  startTestService,
  testInfrastructure,
  uniqueName,
  waitFor,
  type TestService,
} from './index';

const prefix = uniqueName('chitram.tracingtest');
const isolation = isolatedEnv();

class DeleteRequest {
  @IsString()
  @MaxLength(40)
  viewerId: string;
}

/** A request that writes an event, as a real handler does: its answer, and an outbox row in one transaction. */
const DELETE = subject<DeleteRequest, { deleted: string }>(`${prefix}.delete.v1`);

@Controller()
class DeleteController {
  constructor(
    private readonly outbox: Outbox,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Handles(DELETE)
  async delete(@Payload() request: DeleteRequest): Promise<{ deleted: string }> {
    this.logger.info({ viewerId: request.viewerId }, 'deleting a viewer');
    await this.outbox.transaction((_manager, emit) =>
      emit(Events.userDeleted, { viewerId: request.viewerId, deletedAt: new Date().toISOString() }),
    );
    return { deleted: request.viewerId };
  }
}

@Injectable()
class DeletionListener {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  @EventHandler(Events.userDeleted, { durable: 'tracing-test-user-deleted' })
  async userDeleted(event: EventOf<typeof Events.userDeleted>): Promise<void> {
    this.logger.info({ eventId: event.id }, 'viewer deletion seen');
  }
}

@Module({
  imports: [EventsModule.forService()],
  controllers: [DeleteController],
  providers: [DeletionListener],
})
class TracingTestModule {}

const definition = eventTestService(TracingTestModule);

const isChildOf = (span: ReadableSpan, parent: ReadableSpan) =>
  span.parentSpanContext?.spanId === parent.spanContext().spanId &&
  span.spanContext().traceId === parent.spanContext().traceId;

/**
 * Traces over real NATS, Postgres and JetStream (DECISIONS D41), with an in-memory exporter: a call
 * continues its caller's trace into the service, the service's log lines carry it, and the consumer of
 * the event the call wrote links its span to the writer's.
 */
describe('tracing a request over NATS and the event it writes', () => {
  const exporter = new InMemorySpanExporter();
  const log = memoryLogger('users');
  let service: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  beforeAll(async () => {
    await startTracing({ app: 'tracing-test', exporter });
    service = await startTestService(definition, { env: isolation.env, logger: log.logger });
    nats = await connectNats(testInfrastructure().NATS_URL, 'tracing-test');
    rpc = new RpcClient(nats, 5000);
  });

  afterAll(async () => {
    await nats?.close();
    await service?.destroy();
    await stopTracing();
    await isolation.cleanUp();
  });

  it('follows a call from its caller through NATS into the handler, its log lines and the event it wrote', async () => {
    const viewerId = randomUUID();
    const caller = beginSpan('caller', SpanKind.INTERNAL)!;
    const traceId = caller.spanContext().traceId;
    await withSpan(caller, context.active(), () => rpc.call(DELETE, { viewerId }));
    caller.end();

    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const client = spans.find((s) => s.name === DELETE && s.kind === SpanKind.CLIENT);
    const server = spans.find((s) => s.name === DELETE && s.kind === SpanKind.SERVER);
    expect(
      client &&
        isChildOf(
          client,
          spans.find((s) => s.name === 'caller')!,
        ),
    ).toBe(true);
    expect(server && isChildOf(server, client!)).toBe(true);
    expect(server!.resource.attributes['service.name']).toBe('tracing-test');

    // The handler's log line carries the trace and the server span it was written in.
    const line = log.lines.find((l) => l.msg === 'deleting a viewer' && l.viewerId === viewerId);
    expect(line).toMatchObject({ traceId, spanId: server!.spanContext().spanId });

    // The outbox row keeps the writer's context: the server span, as W3C traceparent.
    const [row] = await queryDatabase<{ trace_context: string }>(
      testInfrastructure().DATABASE_URL,
      service.database,
      `SELECT "trace_context" FROM "outbox_event" WHERE "payload"->>'viewerId' = $1`,
      [viewerId],
    );
    expect(row.trace_context).toBe(`00-${traceId}-${server!.spanContext().spanId}-01`);
  });

  it("starts the event consumer's own trace, linked to the span that wrote the event", async () => {
    const viewerId = randomUUID();
    const caller = beginSpan('caller', SpanKind.INTERNAL)!;
    await withSpan(caller, context.active(), () => rpc.call(DELETE, { viewerId }));
    caller.end();
    const writer = exporter
      .getFinishedSpans()
      .find((s) => s.kind === SpanKind.SERVER && s.spanContext().traceId === caller.spanContext().traceId)!;

    const consumer = await waitFor(async () =>
      exporter
        .getFinishedSpans()
        .find(
          (s) =>
            s.kind === SpanKind.CONSUMER &&
            s.links.some((link) => link.context.spanId === writer.spanContext().spanId),
        ),
    );
    expect(consumer.name).toBe(`event ${Events.userDeleted}`);
    expect(consumer.links[0].context.traceId).toBe(writer.spanContext().traceId);
    // A trace of its own: the writer answered long before the consumer ran.
    expect(consumer.spanContext().traceId).not.toBe(writer.spanContext().traceId);
    expect(consumer.parentSpanContext).toBeUndefined();
    // The consumer's log line carries the consumer's trace.
    const eventId = consumer.attributes['chitram.event_id'];
    const line = await waitFor(async () =>
      log.lines.find((l) => l.msg === 'viewer deletion seen' && l.eventId === eventId),
    );
    expect(line.traceId).toBe(consumer.spanContext().traceId);
  });
});
