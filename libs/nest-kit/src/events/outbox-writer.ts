import { Injectable, Optional } from '@nestjs/common';
import { EVENT_SUBJECT_ROOT, type EventSubject } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { currentTraceParent } from '../tracing';
import { OutboxRelay } from './outbox-relay';
import { busSubject } from './settings';

/**
 * Adds an event to the outbox inside the caller's transaction; the payload is the one its declaration
 * names. The row keeps the writer's trace context while tracing is on (DECISIONS D41).
 */
export async function recordEvent<Payload>(
  manager: EntityManager,
  subject: EventSubject<Payload, unknown>,
  payload: NoInfer<Payload>,
): Promise<string> {
  busSubject({ EVENTS_SUBJECT_ROOT: EVENT_SUBJECT_ROOT }, subject); // refuses a subject the stream would not capture
  const rows: Array<{ id: string }> = await manager.query(
    'INSERT INTO "outbox_event" ("subject", "payload", "trace_context") VALUES ($1, $2::jsonb, $3) RETURNING "id"',
    [subject, JSON.stringify(payload), currentTraceParent() ?? null],
  );
  return rows[0].id;
}

/** Writes an event to the outbox of the transaction it was given with: `emit(Events.userDeleted, payload)`. */
export type EmitEvent = <Payload>(
  subject: EventSubject<Payload, unknown>,
  payload: NoInfer<Payload>,
) => Promise<void>;

/**
 * How a transaction's commit is kept. `synchronousCommit: false` answers before Postgres has flushed the
 * commit to disk: for writes a crash of the database may lose the last fraction of a second of, whole
 * (the rows with their outbox events), such as a player's progress reports. A commit waits for the disk
 * by default.
 */
export interface OutboxTransactionOptions {
  synchronousCommit?: boolean;
}

/** Runs a transaction in which `emit` writes events to the outbox; once it commits, the relay is woken. */
@Injectable()
export class Outbox {
  constructor(
    private readonly dataSource: DataSource,
    @Optional() private readonly relay?: OutboxRelay,
  ) {}

  async transaction<T>(
    work: (manager: EntityManager, emit: EmitEvent) => Promise<T>,
    { synchronousCommit = true }: OutboxTransactionOptions = {},
  ): Promise<T> {
    let emitted = false;
    const result = await this.dataSource.transaction(async (manager) => {
      if (!synchronousCommit) await manager.query('SET LOCAL synchronous_commit TO off');
      return work(manager, async (subject, payload) => {
        await recordEvent(manager, subject, payload);
        emitted = true;
      });
    });
    if (emitted) this.relay?.wake();
    return result;
  }
}
