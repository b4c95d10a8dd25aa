import { randomUUID } from 'node:crypto';
import type { AdminActor } from '@chitram/contracts';
import type { EmitEvent, Outbox } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';

// For unit tests of the catalogue's writes with their repository in memory.

/** The manager a fake repository is handed: it never reads it. */
export const noManager = undefined as unknown as EntityManager;

/** An Outbox whose transactions run at once and whose events are kept in `events`. */
export function recordingOutbox(): { outbox: Outbox; events: Array<{ subject: string; payload: unknown }> } {
  const events: Array<{ subject: string; payload: unknown }> = [];
  const outbox = {
    transaction: <T>(work: (manager: EntityManager, emit: EmitEvent) => Promise<T>) =>
      work(noManager, (subject, payload) => {
        events.push({ subject, payload });
        return Promise.resolve();
      }),
  };
  return { outbox: outbox as unknown as Outbox, events };
}

/** A stored image's key, new each time. */
export const imageKey = () => `images/${randomUUID()}.jpg`;

export const testAdmin = (): AdminActor => ({
  adminId: randomUUID(),
  sessionId: randomUUID(),
  address: '10.0.0.1',
});

/** A title row as the database would store it: the fields given, a new id, no video yet, stamped now. */
export function storedRow<Row>(fields: object): Row {
  return {
    videoId: null,
    videoState: null,
    videoProgress: 0,
    videoError: null,
    videoRenditions: [],
    videoDurationSeconds: null,
    ...fields,
    id: randomUUID(),
    createdAt: new Date(),
    updatedAt: new Date(),
  } as Row;
}
