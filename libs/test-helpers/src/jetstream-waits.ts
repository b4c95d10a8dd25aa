import type { NatsConnection } from 'nats';
import { waitFor } from './index';

/**
 * Resolves once a durable consumer has acknowledged every message of its stream up to `seq` (handled
 * it, ignored it as a repeat, or dropped it): the explicit signal that a message could have changed
 * something, for a test that then checks it did not (rather than waiting a while and hoping).
 */
export async function consumerAcknowledged(
  nats: NatsConnection,
  stream: string,
  durable: string,
  seq: number,
  timeoutMs = 10_000,
): Promise<void> {
  const jsm = await nats.jetstreamManager();
  await waitFor(async () => {
    const info = await jsm.consumers.info(stream, durable);
    return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0;
  }, timeoutMs);
}
