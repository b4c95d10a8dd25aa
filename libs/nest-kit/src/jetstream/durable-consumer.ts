import {
  AckPolicy,
  DeliverPolicy,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  nanos,
} from 'nats';
import type { ConsumerState } from '../metrics';

/** A durable pull consumer being fed to a handler, until `stop()`. */
export interface ConsumerLoop {
  messages: ConsumerMessages;
  done: Promise<void>;
}

export interface DurableConsumerOptions {
  stream: string;
  durable: string;
  filterSubject: string;
  ackWaitMs: number;
  /** How many messages one instance holds at a time. */
  maxMessages: number;
}

/**
 * Creates (or finds) a durable, explicitly acknowledged pull consumer that starts at the stream's first
 * message and never gives up redelivering, then feeds each message to `onMessage` in turn. Events and
 * jobs both run on these; what they do with a message is theirs.
 */
export async function consumeDurable(
  connection: NatsConnection,
  options: DurableConsumerOptions,
  onMessage: (message: JsMsg) => Promise<void>,
  onStopped: (error: unknown) => void,
): Promise<ConsumerLoop> {
  const jsm = await connection.jetstreamManager();
  try {
    await jsm.consumers.add(options.stream, {
      durable_name: options.durable,
      filter_subject: options.filterSubject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(options.ackWaitMs),
      max_deliver: -1,
    });
  } catch (error) {
    // Another instance added it first, or it exists from an earlier start.
    await jsm.consumers.info(options.stream, options.durable).catch(() => {
      throw error;
    });
  }
  const consumer = await connection.jetstream().consumers.get(options.stream, options.durable);
  const messages = await consumer.consume({ max_messages: options.maxMessages });
  const done = (async () => {
    for await (const message of messages) await onMessage(message);
  })().catch(onStopped);
  return { messages, done };
}

/** Stops every loop and waits for the message each is handling. */
export async function stopLoops(loops: ConsumerLoop[]): Promise<void> {
  for (const loop of loops) loop.messages.stop();
  await Promise.all(loops.map((loop) => loop.done));
}

/** The wait before a failed message comes again: 1 s doubling per attempt, at most a minute. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.min(attempt, 6), 60_000);
}

/**
 * A durable consumer's lag, for the metrics: what waits undelivered and what is being worked on; for a
 * job queue (`job` named) also how long the oldest undelivered job has waited.
 */
export async function consumerState(
  jsm: JetStreamManager,
  options: DurableConsumerOptions,
  job?: string,
): Promise<ConsumerState> {
  const info = await jsm.consumers.info(options.stream, options.durable);
  const state: ConsumerState = {
    stream: options.stream,
    consumer: options.durable,
    job,
    pending: info.num_pending,
    ackPending: info.num_ack_pending,
  };
  if (job !== undefined) {
    state.oldestPendingAgeSeconds = 0;
    if (info.num_pending > 0) {
      // The server's STREAM.MSG.GET takes next_by_subj; nats.js types it only for direct gets.
      const next = { seq: info.delivered.stream_seq + 1, next_by_subj: options.filterSubject };
      const oldest = await jsm.streams.getMessage(options.stream, next);
      state.oldestPendingAgeSeconds = Math.max(0, (Date.now() - oldest.time.getTime()) / 1000);
    }
  }
  return state;
}
