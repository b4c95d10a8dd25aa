import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { headers as natsHeaders, JSONCodec, type MsgHdrs, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { LOGGER, type Logger } from '../logging';
import { outboxProbes, type OutboxState } from '../metrics';
import { CONFIG, NATS_CONNECTION } from '../tokens';
import { TRACE_PARENT } from '../tracing';
import type { EventEnvelope } from './envelope';
import { busSubject, type EventBusSettings } from './settings';
import { ensureEventStream } from './stream';

const codec = JSONCodec<EventEnvelope>();
const RELAY_BATCH = 100;

/** The writer's trace context, carried to the consumers in the message's headers (DECISIONS D41). */
function traceHeaders(traceParent: string): MsgHdrs {
  const headers = natsHeaders();
  headers.set(TRACE_PARENT, traceParent);
  return headers;
}

/**
 * Publishes outbox rows to JetStream, oldest first, and marks them published. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so several instances share the work. A row published but not marked (a crash
 * between the two) is published again with the same Nats-Msg-Id: the stream drops it within its
 * de-duplication window, and consumers' inbox tables make any later repeat harmless.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running?: Promise<void>;
  private stopped = false;
  private woken = false;
  private wakeUp?: () => void;
  private streamReady = false;
  private failures = 0;
  private unprobe?: () => void;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    @Inject(CONFIG) private readonly settings: EventBusSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.unprobe = outboxProbes.add(() => this.backlog());
    this.running = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.unprobe?.();
    this.stopped = true;
    this.wakeUp?.();
    await this.running;
  }

  /** Asks for a pass now (after a transaction that wrote events commits). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Publishes up to one batch; answers how many rows it published. */
  async relayOnce(): Promise<number> {
    if (!this.streamReady) {
      await ensureEventStream(this.connection, this.settings);
      this.streamReady = true;
    }
    const js = this.connection.jetstream();
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{
        id: string;
        subject: string;
        payload: unknown;
        created_at: Date;
        trace_context: string | null;
      }> = await manager.query(
        `SELECT "id", "subject", "payload", "created_at", "trace_context" FROM "outbox_event"
          WHERE "published_at" IS NULL ORDER BY "created_at", "id" LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [RELAY_BATCH],
      );
      for (const row of rows) {
        const envelope: EventEnvelope = {
          id: row.id,
          subject: row.subject,
          occurredAt: new Date(row.created_at).toISOString(),
          payload: row.payload,
        };
        await js.publish(busSubject(this.settings, row.subject), codec.encode(envelope), {
          msgID: row.id,
          expect: { streamName: this.settings.EVENTS_STREAM },
          headers: row.trace_context ? traceHeaders(row.trace_context) : undefined,
        });
      }
      if (rows.length) {
        await manager.query('UPDATE "outbox_event" SET "published_at" = now() WHERE "id" = ANY($1::uuid[])', [
          rows.map((r) => r.id),
        ]);
      }
      return rows.length;
    });
  }

  /** The rows not yet published and the age of the oldest, for the metrics (read at scrape time). */
  async backlog(): Promise<OutboxState> {
    const [row]: Array<{ unpublished: string; age: number | null }> = await this.dataSource.query(
      `SELECT count(*) AS "unpublished", EXTRACT(EPOCH FROM now() - min("created_at"))::float8 AS "age"
      FROM "outbox_event" WHERE "published_at" IS NULL`,
    );
    return { unpublished: Number(row.unpublished), oldestAgeSeconds: Math.max(0, row.age ?? 0) };
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      let relayed = 0;
      try {
        relayed = await this.relayOnce();
        if (this.failures) this.logger.info('outbox relay publishing again');
        this.failures = 0;
      } catch (error) {
        this.failures++;
        this.streamReady = false; // the stream may have gone: look again next time
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.logger.warn(
            { err: error, failures: this.failures },
            'outbox relay could not publish; will retry',
          );
        }
      }
      if (this.stopped) break;
      if (relayed === RELAY_BATCH || this.woken) continue;
      const wait = this.failures
        ? Math.min(this.settings.OUTBOX_POLL_MS * 2 ** this.failures, 30_000)
        : this.settings.OUTBOX_POLL_MS;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }
}
