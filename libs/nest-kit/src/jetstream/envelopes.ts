import { isRecord, parseMessageJson, UnreadableMessage } from '../rejected-messages';

/** What events and jobs have in common on the wire: an id, the subject it was sent for, a payload object. */
export interface Envelope {
  id: string;
  subject: string;
  payload: unknown;
}

/**
 * Reads a message as an envelope sent for `subject` whose id passes `isId`, or throws UnreadableMessage
 * saying it is not `what` (an event's or a job's envelope of that subject).
 */
export function readEnvelope<E extends Envelope>(
  data: Uint8Array,
  subject: string,
  isId: (id: unknown) => boolean,
  what: string,
): E {
  const envelope = parseMessageJson(data);
  if (!isRecord(envelope) || !isId(envelope.id) || envelope.subject !== subject)
    throw new UnreadableMessage(`it is not ${what}`);
  if (!isRecord(envelope.payload)) throw new UnreadableMessage('its payload is not an object');
  return envelope as unknown as E;
}
