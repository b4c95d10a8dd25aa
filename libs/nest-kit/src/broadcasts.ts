import type { EventSubject } from '@chitram/contracts';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { parseMessageJson } from './rejected-messages';

const codec = JSONCodec();

/**
 * Publishes a core NATS broadcast (no reply, no stream: whoever listens now hears it) with the payload
 * its declaration names, e.g. `announce(nats, Subjects.catalog.changed, { version })`.
 */
export function announce<Payload>(
  connection: NatsConnection,
  subject: EventSubject<Payload, unknown>,
  payload: NoInfer<Payload>,
): void {
  connection.publish(subject, codec.encode(payload));
}

/**
 * Listens to a broadcast: `onPayload` gets each message's JSON as the declaration's type (a listener
 * still checks the fields it relies on: anyone allowed to publish there may send anything), and
 * `onUnreadable` each message that is not JSON or that `onPayload` threw on. Neither may stop the
 * connection's reader: what they throw is swallowed.
 */
export function hear<Payload, Read>(
  connection: NatsConnection,
  subject: EventSubject<Payload, Read>,
  onPayload: (payload: Read) => void,
  onUnreadable: (subject: string) => void = () => undefined,
): Subscription {
  return connection.subscribe(subject, {
    callback: (error, message) => {
      if (error) return;
      try {
        onPayload(parseMessageJson(message.data) as Read);
      } catch {
        try {
          onUnreadable(message.subject);
        } catch {
          // A listener's own failure must not reach the reader either.
        }
      }
    },
  });
}
