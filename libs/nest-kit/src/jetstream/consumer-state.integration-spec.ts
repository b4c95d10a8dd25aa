import { randomUUID } from 'node:crypto';
import { AckPolicy, type NatsConnection, RetentionPolicy, StorageType } from 'nats';
import { connectNats } from '../nats';
import { consumerState } from './durable-consumer';

// Against a real NATS server (NATS_URL, else the local default), on a stream of this run only.
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';

// The lag the metrics read at scrape time (metrics.ts): a job queue's length and its oldest job's wait.
describe('a durable consumer’s state', () => {
  let nats: NatsConnection;
  const stream = `TEST_STATE_${randomUUID().slice(0, 8).toUpperCase()}`;
  const subject = `${stream.toLowerCase()}.jobs.example`;
  const options = { stream, durable: 'example', filterSubject: subject, ackWaitMs: 30_000, maxMessages: 1 };

  beforeAll(async () => {
    nats = await connectNats(NATS_URL, 'consumer-state-test');
    const jsm = await nats.jetstreamManager();
    await jsm.streams.add({
      name: stream,
      subjects: [`${stream.toLowerCase()}.jobs.>`],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.Memory,
    });
    await jsm.consumers.add(stream, {
      durable_name: 'example',
      filter_subject: subject,
      ack_policy: AckPolicy.Explicit,
    });
  });

  afterAll(async () => {
    await (await nats?.jetstreamManager())?.streams.delete(stream).catch(() => undefined);
    await nats?.close();
  });

  it('says an empty queue has nothing waiting', async () => {
    const state = consumerState(await nats.jetstreamManager(), options, 'example.job');
    await expect(state).resolves.toMatchObject({ pending: 0, ackPending: 0, oldestPendingAgeSeconds: 0 });
  });

  it('counts the jobs waiting and the one in hand, and how long the oldest waiting one has waited', async () => {
    const js = nats.jetstream();
    for (const n of [1, 2, 3]) await js.publish(subject, new TextEncoder().encode(String(n)));
    const consumer = await js.consumers.get(stream, 'example');
    const first = await consumer.next();
    expect(first?.string()).toBe('1');
    const state = await consumerState(await nats.jetstreamManager(), options, 'example.job');
    expect(state).toMatchObject({
      stream,
      consumer: 'example',
      job: 'example.job',
      pending: 2,
      ackPending: 1,
    });
    // The oldest waiting is the second job (the first is in hand), published a moment ago.
    expect(state.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(state.oldestPendingAgeSeconds).toBeLessThan(30);
    first?.ack();
  });
});
