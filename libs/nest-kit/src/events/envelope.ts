import type { ReadPayloadOf } from '@chitram/contracts';
import { readEnvelope } from '../jetstream/envelopes';

/** What travels on the stream: the outbox row's id (also its Nats-Msg-Id), its subject, when and what. */
export interface EventEnvelope<T = unknown> {
  id: string;
  subject: string;
  occurredAt: string;
  payload: T;
}

/** The envelope a handler of `E` receives: `event: EventOf<typeof Events.userDeleted>`. */
export type EventOf<E> = EventEnvelope<ReadPayloadOf<E>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event envelope as the outbox relay writes it, for `subject`, or UnreadableMessage. */
export function readEventEnvelope(data: Uint8Array, subject: string): EventEnvelope {
  return readEnvelope<EventEnvelope>(
    data,
    subject,
    (id) => UUID.test(String(id)),
    `an envelope of ${subject}`,
  );
}
