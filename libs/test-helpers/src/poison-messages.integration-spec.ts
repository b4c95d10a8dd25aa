import { Controller, Injectable, Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { deletedViewerId, ErrorCode, Events, subject } from '@chitram/contracts';
import {
  busSubject,
  connectNats,
  EventHandler,
  Handles,
  EventsModule,
  jobStreamName,
  jobSubject,
  JobHandler,
  type EventOf,
  type JobEnvelope,
  JobsModule,
  RPC_REPLY_HEADER,
  RpcClient,
} from '@chitram/nest-kit';
import { IsString, MaxLength } from 'class-validator';
import { randomBytes, randomUUID } from 'node:crypto';
import { JSONCodec, type NatsConnection } from 'nats';
import type { EntityManager } from 'typeorm';
import {
  eventTestService,
  isolatedEnv,
  startTestService,
  testInfrastructure,
  uniqueName,
  waitFor,
  type TestService,
} from './index';

// Subjects and streams of this test only: a platform on the same NATS never sees its garbage.
const prefix = uniqueName('chitram.poisontest');
const JOB = 'poisontest.work';
const isolation = isolatedEnv();

class EchoRequest {
  @IsString()
  @MaxLength(20)
  text: string;
}

const ECHO = subject<EchoRequest, EchoRequest>(`${prefix}.echo.v1`);

const seen = { deletedUsers: [] as string[], jobs: [] as string[] };

@Controller()
class EchoController {
  @Handles(ECHO)
  echo(@Payload() request: EchoRequest): EchoRequest {
    return { text: request.text };
  }
}

@Injectable()
class Listeners {
  // Written as real handlers are: trusting the contract's payload shape.
  @EventHandler(Events.userDeleted, { durable: 'poison-test-user-deleted' })
  async userDeleted(event: EventOf<typeof Events.userDeleted>, _manager: EntityManager): Promise<void> {
    seen.deletedUsers.push(deletedViewerId(event.payload).toLowerCase());
  }

  @JobHandler(JOB)
  async work(job: JobEnvelope<{ item: string }>): Promise<void> {
    seen.jobs.push(job.payload.item.toUpperCase());
  }
}

@Module({
  imports: [EventsModule.forService(), JobsModule.forService()],
  controllers: [EchoController],
  providers: [Listeners],
})
class PoisonTestModule {}

const definition = eventTestService(PoisonTestModule);

/** Bytes nobody should send, each as a service might meet it. */
const deep = '['.repeat(100_000) + ']'.repeat(100_000);
const GARBAGE: Record<string, Uint8Array> = {
  'plain text': Buffer.from('probe'),
  empty: new Uint8Array(0),
  binary: randomBytes(512),
  'cut-off JSON': Buffer.from('{"pattern":"x","data":{"te'),
  'JSON null': Buffer.from('null'),
  'JSON array': Buffer.from('[1,2,3]'),
  'JSON text': Buffer.from('"hello"'),
  'JSON object without id': Buffer.from('{"data":{"text":"hi"}}'),
  'deeply nested': Buffer.from(`{"data":{"text":${deep}},"id":"1"}`),
  'huge (near the NATS payload limit)': randomBytes(900_000),
  'invalid UTF-8': Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
};

describe('poison messages: a service meets garbage on every kind of subject and keeps serving', () => {
  let service: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    service = await startTestService(definition, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'poison-test');
    rpc = new RpcClient(nats, 2000);
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await nats?.close();
    await service?.destroy();
    await isolation.cleanUp();
  });

  it.each(Object.entries(GARBAGE))(
    'answers %s on a request subject with BAD_MESSAGE, then serves a real request',
    async (_kind, bytes) => {
      const reply = await nats.request(ECHO, bytes, { timeout: 2000 });
      expect(reply.headers?.get(RPC_REPLY_HEADER)).toBe('error');
      expect(JSONCodec().decode(reply.data)).toMatchObject({ code: ErrorCode.BAD_MESSAGE });
      await expect(rpc.call(ECHO, { text: 'still here' })).resolves.toEqual({ text: 'still here' });
    },
  );

  it('refuses a well-formed request of the wrong shape as invalid, not as an error of its own', async () => {
    await expect(rpc.uncheckedRequest(ECHO, { text: 42 })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
    await expect(rpc.uncheckedRequest(ECHO, 'just text')).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
    await expect(rpc.call(ECHO, { text: 'x'.repeat(900_000) })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
  });

  it('drops garbage published with no reply subject, counts it, and keeps serving', async () => {
    const before = service.rejections.counts().request;
    for (const bytes of Object.values(GARBAGE)) nats.publish(ECHO, bytes);
    await nats.flush();
    await waitFor(async () => service.rejections.counts().request >= before + Object.keys(GARBAGE).length);
    await expect(rpc.call(ECHO, { text: 'still here' })).resolves.toEqual({ text: 'still here' });
    expect(unhandled).toEqual([]);
  });

  it('terminates unreadable events once each, never redelivering them, and handles the next real one', async () => {
    const js = nats.jetstream();
    const subject = busSubject(isolation.env, Events.userDeleted);
    const envelope = (payload: unknown, id: string = randomUUID()) =>
      Buffer.from(
        JSON.stringify({ id, subject: Events.userDeleted, occurredAt: new Date().toISOString(), payload }),
      );
    const poison = [
      Buffer.from('probe'),
      new Uint8Array(0),
      randomBytes(64),
      Buffer.from('null'),
      envelope(null),
      envelope('text'),
      envelope({ userId: 42, deletedAt: 'yesterday' }), // the handler cannot read it
      envelope({ viewerId: null, deletedAt: 'yesterday' }),
    ];
    for (const bytes of poison) await js.publish(subject, bytes);
    const userId = randomUUID();
    await js.publish(subject, envelope({ viewerId: userId, deletedAt: new Date().toISOString() }));

    await waitFor(async () => seen.deletedUsers.includes(userId), 10_000);
    const jsm = await nats.jetstreamManager();
    const consumer = await waitFor(async () => {
      const info = await jsm.consumers.info(isolation.env.EVENTS_STREAM, 'poison-test-user-deleted');
      return info.ack_floor.stream_seq >= poison.length + 1 && info.num_ack_pending === 0 && info;
    }, 10_000);
    expect(consumer.num_redelivered).toBe(0);
    expect(consumer.delivered.consumer_seq).toBe(poison.length + 1);
    expect(service.rejections.counts().event).toBe(poison.length);
    expect(seen.deletedUsers).toEqual([userId]);
  });

  it('terminates unreadable jobs once each, never redelivering them, and does the next real one', async () => {
    const js = nats.jetstream();
    const subject = jobSubject(isolation.env, JOB);
    const envelope = (payload: unknown, name = JOB) =>
      Buffer.from(
        JSON.stringify({ id: randomUUID(), subject: name, enqueuedAt: new Date().toISOString(), payload }),
      );
    const poison = [
      Buffer.from('probe'),
      new Uint8Array(0),
      Buffer.from('"text"'),
      Buffer.from('null'),
      envelope(null),
      envelope({ item: 7 }), // the worker cannot read it
      envelope({ item: 'other' }, 'another.job'),
    ];
    for (const bytes of poison) await js.publish(subject, bytes);
    const item = `item-${randomUUID()}`;
    await js.publish(subject, envelope({ item }));

    await waitFor(async () => seen.jobs.includes(item.toUpperCase()), 10_000);
    const jsm = await nats.jetstreamManager();
    const consumer = await waitFor(async () => {
      const info = await jsm.consumers.info(jobStreamName(isolation.env), JOB.replace(/\./g, '_'));
      return info.num_pending === 0 && info.num_ack_pending === 0 && info;
    }, 10_000);
    expect(consumer.num_redelivered).toBe(0);
    expect(consumer.delivered.consumer_seq).toBe(poison.length + 1);
    expect(service.rejections.counts().job).toBe(poison.length);
    expect(seen.jobs).toEqual([item.toUpperCase()]);
  });

  it('reports what it refused in its health', async () => {
    const report = await service.health.report();
    expect(report.status).toBe('up');
    expect(report.rejectedMessages).toEqual(service.rejections.counts());
    expect(unhandled).toEqual([]);
  });
});
