import { DiscardPolicy, nanos, type NatsConnection, RetentionPolicy, StorageType } from 'nats';
import { ensureStream } from '../jetstream/streams';
import type { EventBusSettings } from './settings';

/** JetStream drops a message whose Nats-Msg-Id it saw within this window: a relay that publishes twice is harmless. */
const DUPLICATE_WINDOW_MS = 2 * 60_000;
/** Events are kept a week, long enough for a consumer that was down to catch up. */
const RETENTION_MS = 7 * 24 * 3600_000;

/** Creates the event stream if it does not exist yet; every service may call it at start, in any order. */
export function ensureEventStream(
  connection: NatsConnection,
  settings: Pick<EventBusSettings, 'EVENTS_STREAM' | 'EVENTS_SUBJECT_ROOT'>,
): Promise<void> {
  return ensureStream(connection, {
    name: settings.EVENTS_STREAM,
    subjects: [`${settings.EVENTS_SUBJECT_ROOT}.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    max_age: nanos(RETENTION_MS),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  });
}
