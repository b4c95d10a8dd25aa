import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import { EVENT_STREAM, EVENT_SUBJECT_ROOT, type EventSubject, type ReadPayloadOf } from '@chitram/contracts';
import { IsInt, Matches, Max, Min } from 'class-validator';
import {
  DiscardPolicy,
  type JsMsg,
  JSONCodec,
  nanos,
  type NatsConnection,
  RetentionPolicy,
  StorageType,
} from 'nats';
import { CreateDateColumn, DataSource, Entity, type EntityManager, PrimaryColumn } from 'typeorm';
import type { QueryRunner } from 'typeorm';
import { ServiceConfig } from './config';
import { decoratedMethods } from './decorated-methods';
import { type ConsumerLoop, consumeDurable, retryDelayMs, stopLoops } from './durable-consumer';
import { LOGGER, type Logger } from './logging';
import {
  isRecord,
  isUnusableMessageError,
  parseMessageJson,
  RejectedMessages,
  UnreadableMessage,
} from './rejected-messages';
import { CONFIG, NATS_CONNECTION } from './tokens';

/** Settings of a service that writes or reads events. Tests point them at a stream of their own. */
export class EventServiceConfig extends ServiceConfig {
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'EVENTS_STREAM may hold letters, digits, _ and - only' })
  EVENTS_STREAM = EVENT_STREAM;

  /** Where this platform's event subjects live; the contracts' `chitram.events.` is mapped onto it. */
  @Matches(/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/, {
    message: 'EVENTS_SUBJECT_ROOT must be dot-separated lower-case tokens',
  })
  EVENTS_SUBJECT_ROOT = EVENT_SUBJECT_ROOT;

  /** How often the outbox relay looks for unpublished events when nothing woke it. */
  @IsInt()
  @Min(20)
  @Max(60_000)
  OUTBOX_POLL_MS = 1000;
}

export type EventBusSettings = Pick<
  EventServiceConfig,
  'EVENTS_STREAM' | 'EVENTS_SUBJECT_ROOT' | 'OUTBOX_POLL_MS'
>;

/** What travels on the stream: the outbox row's id (also its Nats-Msg-Id), its subject, when and what. */
export interface EventEnvelope<T = unknown> {
  id: string;
  subject: string;
  occurredAt: string;
  payload: T;
}

/** The envelope a handler of `E` receives: `event: EventOf<typeof Events.userDeleted>`. */
export type EventOf<E> = EventEnvelope<ReadPayloadOf<E>>;

const codec = JSONCodec<EventEnvelope>();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** JetStream drops a message whose Nats-Msg-Id it saw within this window: a relay that publishes twice is harmless. */
const DUPLICATE_WINDOW_MS = 2 * 60_000;
/** Events are kept a week, long enough for a consumer that was down to catch up. */
const RETENTION_MS = 7 * 24 * 3600_000;
const RELAY_BATCH = 100;

/** A contract subject (`chitram.events.…`) on this bus. */
export function busSubject(settings: Pick<EventBusSettings, 'EVENTS_SUBJECT_ROOT'>, subject: string): string {
  if (!subject.startsWith(`${EVENT_SUBJECT_ROOT}.`)) {
    throw new Error(
      `event subject ${subject} is not under ${EVENT_SUBJECT_ROOT}. (see Events in libs/contracts)`,
    );
  }
  return settings.EVENTS_SUBJECT_ROOT + subject.slice(EVENT_SUBJECT_ROOT.length);
}

/** Creates the event stream if it does not exist yet; every service may call it at start, in any order. */
export async function ensureEventStream(
  connection: NatsConnection,
  settings: Pick<EventBusSettings, 'EVENTS_STREAM' | 'EVENTS_SUBJECT_ROOT'>,
): Promise<void> {
  const jsm = await connection.jetstreamManager();
  try {
    await jsm.streams.info(settings.EVENTS_STREAM);
    return;
  } catch {
    // not there yet: create it below
  }
  try {
    await jsm.streams.add({
      name: settings.EVENTS_STREAM,
      subjects: [`${settings.EVENTS_SUBJECT_ROOT}.>`],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      discard: DiscardPolicy.Old,
      max_age: nanos(RETENTION_MS),
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    });
  } catch (error) {
    // Another service created it between our look and our add.
    await jsm.streams.info(settings.EVENTS_STREAM).catch(() => {
      throw error;
    });
  }
}

// ---- The inbox: which events a consumer has handled ----

/** One row per (event, consumer) handled, written in the handler's transaction: a redelivery finds it and changes nothing. */
@Entity({ name: 'processed_event' })
export class ProcessedEvent {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @PrimaryColumn({ type: 'text' })
  consumer: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt: Date;
}

/** The inbox table of a service that consumes events; its migration calls these. */
export async function createInboxTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`CREATE TABLE "processed_event" (
    "event_id" uuid NOT NULL,
    "consumer" text NOT NULL,
    "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    CONSTRAINT "PK_processed_event" PRIMARY KEY ("event_id", "consumer"))`);
}

export async function dropInboxTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`DROP TABLE "processed_event"`);
}

// ---- The outbox: writing events, and the relay that publishes them ----

/** Adds an event to the outbox inside the caller's transaction; the payload is the one its declaration names. */
export async function recordEvent<Payload>(
  manager: EntityManager,
  subject: EventSubject<Payload, unknown>,
  payload: NoInfer<Payload>,
): Promise<string> {
  busSubject({ EVENTS_SUBJECT_ROOT: EVENT_SUBJECT_ROOT }, subject); // refuses a subject the stream would not capture
  const rows: Array<{ id: string }> = await manager.query(
    'INSERT INTO "outbox_event" ("subject", "payload") VALUES ($1, $2::jsonb) RETURNING "id"',
    [subject, JSON.stringify(payload)],
  );
  return rows[0].id;
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

  constructor(
    private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    @Inject(CONFIG) private readonly settings: EventBusSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
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
      const rows: Array<{ id: string; subject: string; payload: unknown; created_at: Date }> =
        await manager.query(
          `SELECT "id", "subject", "payload", "created_at" FROM "outbox_event"
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

/** Writes an event to the outbox of the transaction it was given with: `emit(Events.userDeleted, payload)`. */
export type EmitEvent = <Payload>(
  subject: EventSubject<Payload, unknown>,
  payload: NoInfer<Payload>,
) => Promise<void>;

/** Runs a transaction in which `emit` writes events to the outbox; once it commits, the relay is woken. */
@Injectable()
export class Outbox {
  constructor(
    private readonly dataSource: DataSource,
    @Optional() private readonly relay?: OutboxRelay,
  ) {}

  async transaction<T>(work: (manager: EntityManager, emit: EmitEvent) => Promise<T>): Promise<T> {
    let emitted = false;
    const result = await this.dataSource.transaction((manager) =>
      work(manager, async (subject, payload) => {
        await recordEvent(manager, subject, payload);
        emitted = true;
      }),
    );
    if (emitted) this.relay?.wake();
    return result;
  }
}

// ---- Consumers ----

const EVENT_HANDLER = Symbol('EVENT_HANDLER');

export interface EventHandlerOptions {
  /** The durable consumer's name: stable, unique per purpose (`auth-revoke-deleted-user`). */
  durable: string;
}

interface EventHandlerMeta extends EventHandlerOptions {
  subject: string;
}

/**
 * A method that can handle an event whose readers receive `Read`: it takes the envelope (and the
 * transaction's manager). A function type, as HandlerOf's, so the envelope is checked one way: every
 * payload the event may carry must be one the handler accepts.
 */
export type EventHandlerOf<Read> = (
  event: EventEnvelope<Read>,
  manager: EntityManager,
) => Promise<void> | void;

/**
 * Marks a provider method as the handler of one event subject. It runs in a transaction together with
 * the inbox row, receives the envelope and the transaction's manager, and must be idempotent apart
 * from that (work outside the database, such as Redis, must be safe to repeat). Throwing redelivers
 * the event later, unless what it throws says the event itself is unusable (isUnusableMessageError):
 * then it is terminated and counted, as an event that cannot be read at all is.
 */
export function EventHandler<Payload, Read>(
  subject: EventSubject<Payload, Read>,
  options: EventHandlerOptions,
) {
  return <Method extends EventHandlerOf<Read>>(
    _target: object,
    _key: string | symbol,
    descriptor: TypedPropertyDescriptor<Method>,
  ): void => {
    Reflect.defineMetadata(
      EVENT_HANDLER,
      { ...options, subject } satisfies EventHandlerMeta,
      descriptor.value as object,
    );
  };
}

type HandlerFn = (event: EventEnvelope, manager: EntityManager) => Promise<void>;

/** Finds every @EventHandler at start, gives each a durable pull consumer, and feeds it until shutdown. */
@Injectable()
export class EventConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly loops: ConsumerLoop[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    @Inject(CONFIG) private readonly settings: EventBusSettings,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() private readonly rejections?: RejectedMessages,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const handlers = this.findHandlers();
    if (!handlers.length) return;
    await ensureEventStream(this.connection, this.settings);
    for (const { meta, handle } of handlers) await this.start(meta, handle);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await stopLoops(this.loops);
  }

  private findHandlers(): Array<{ meta: EventHandlerMeta; handle: HandlerFn }> {
    return decoratedMethods<EventHandlerMeta, HandlerFn>(this.discovery, this.scanner, EVENT_HANDLER).map(
      ({ meta, method }) => ({ meta, handle: method }),
    );
  }

  private async start(meta: EventHandlerMeta, handle: HandlerFn): Promise<void> {
    const loop = await consumeDurable(
      this.connection,
      {
        stream: this.settings.EVENTS_STREAM,
        durable: meta.durable,
        filterSubject: busSubject(this.settings, meta.subject),
        ackWaitMs: 30_000,
        maxMessages: 16,
      },
      (message) => this.deliver(meta, handle, message),
      (error) => this.logger.error({ err: error, consumer: meta.durable }, 'event consumer stopped'),
    );
    this.loops.push(loop);
    this.logger.info({ consumer: meta.durable, subject: meta.subject }, 'consuming events');
  }

  private async deliver(meta: EventHandlerMeta, handle: HandlerFn, message: JsMsg): Promise<void> {
    let event: EventEnvelope;
    try {
      event = readEnvelope(message.data, meta.subject);
    } catch (error) {
      this.reject(meta, message, error);
      return;
    }
    try {
      const handled = await this.dataSource.transaction(async (manager) => {
        const fresh: unknown[] = await manager.query(
          `INSERT INTO "processed_event" ("event_id", "consumer") VALUES ($1, $2)
            ON CONFLICT DO NOTHING RETURNING "event_id"`,
          [event.id, meta.durable],
        );
        if (!fresh.length) return false;
        await handle(event, manager);
        return true;
      });
      message.ack();
      this.logger.info(
        { consumer: meta.durable, eventId: event.id, subject: event.subject, duplicate: !handled },
        handled ? 'event handled' : 'event already handled; ignored',
      );
    } catch (error) {
      if (isUnusableMessageError(error)) {
        this.reject(meta, message, error, event.id);
        return;
      }
      const attempt = message.info.redeliveryCount;
      this.logger.warn(
        { err: error, consumer: meta.durable, eventId: event.id, attempt },
        'event handler failed; will retry',
      );
      message.nak(retryDelayMs(attempt));
    }
  }

  /**
   * An event no delivery can handle is terminated, not redelivered: the stream keeps it (by its
   * sequence, in the log) for anyone who wants to look at it again.
   */
  private reject(meta: EventHandlerMeta, message: JsMsg, error: unknown, eventId?: string): void {
    message.term();
    const problem = error instanceof UnreadableMessage ? error.problem : 'its handler cannot use it';
    this.rejections?.record('event', message.subject, problem, {
      consumer: meta.durable,
      seq: message.seq,
      eventId,
      ...(error instanceof UnreadableMessage ? {} : { err: error }),
    });
    if (!this.rejections)
      this.logger.error(
        { err: error, consumer: meta.durable, seq: message.seq },
        'dropping an unusable event',
      );
  }
}

/** An event envelope as the outbox relay writes it, for `subject`, or UnreadableMessage. */
function readEnvelope(data: Uint8Array, subject: string): EventEnvelope {
  const event = parseMessageJson(data);
  if (!isRecord(event) || !UUID.test(String(event.id)) || event.subject !== subject)
    throw new UnreadableMessage(`it is not an envelope of ${subject}`);
  if (!isRecord(event.payload)) throw new UnreadableMessage('its payload is not an object');
  return event as unknown as EventEnvelope;
}

/** Events for a service: the Outbox to write them, the relay that publishes them, and its @EventHandler consumers. */
@Module({})
export class EventsModule {
  static forService(): DynamicModule {
    return {
      module: EventsModule,
      imports: [DiscoveryModule],
      providers: [OutboxRelay, Outbox, EventConsumers],
      exports: [Outbox, OutboxRelay],
    };
  }
}
