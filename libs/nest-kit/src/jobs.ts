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
import { randomUUID } from 'node:crypto';
import { DiscardPolicy, JSONCodec, nanos, type NatsConnection, RetentionPolicy, StorageType } from 'nats';
import { decoratedMethods } from './decorated-methods';
import type { EventBusSettings } from './events';
import { EnvelopeConsumers } from './jetstream/envelope-consumers';
import { readEnvelope } from './jetstream/envelopes';
import { ensureStream } from './jetstream/streams';
import { LOGGER, type Logger } from './logging';
import { RejectedMessages } from './rejected-messages';
import { CONFIG, NATS_CONNECTION } from './tokens';

/**
 * Work that must happen once however many instances run (ARCHITECTURE rule 10): jobs on a JetStream
 * work-queue stream. A job is taken by one worker; one whose worker dies is redelivered to another
 * after its ack wait. Periodic jobs are ticks that every instance enqueues with the same message id
 * for the same period, so the stream keeps one and one instance does the work.
 */

/** A job as it travels: its id (also its Nats-Msg-Id), subject, when it was enqueued, and what to do. */
export interface JobEnvelope<T = unknown> {
  id: string;
  subject: string;
  enqueuedAt: string;
  payload: T;
}

const codec = JSONCodec<JobEnvelope>();
/** A tick's id is the same for every instance within its period; the stream drops copies within this window. */
const DUPLICATE_WINDOW_MS = 10 * 60_000;

export type JobSettings = Pick<EventBusSettings, 'EVENTS_STREAM' | 'EVENTS_SUBJECT_ROOT'>;

/** The jobs stream sits beside the events stream, named after it, so tests that isolate one isolate both. */
export function jobStreamName(settings: Pick<JobSettings, 'EVENTS_STREAM'>): string {
  return `${settings.EVENTS_STREAM}_JOBS`;
}

/** `chitram.events` → `chitram.jobs`: a root the events stream does not capture. */
export function jobSubjectRoot(settings: Pick<JobSettings, 'EVENTS_SUBJECT_ROOT'>): string {
  const root = settings.EVENTS_SUBJECT_ROOT;
  return root.endsWith('.events') ? `${root.slice(0, -'.events'.length)}.jobs` : `${root}_jobs`;
}

/** A job name (`billing.reconcile-payments`) as a subject of this platform's jobs stream. */
export function jobSubject(settings: Pick<JobSettings, 'EVENTS_SUBJECT_ROOT'>, name: string): string {
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(name))
    throw new Error(`job name ${name} is not dot-separated tokens`);
  return `${jobSubjectRoot(settings)}.${name}`;
}

export function ensureJobStream(connection: NatsConnection, settings: JobSettings): Promise<void> {
  return ensureStream(connection, {
    name: jobStreamName(settings),
    subjects: [`${jobSubjectRoot(settings)}.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Workqueue,
    discard: DiscardPolicy.Old,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  });
}

const JOB_HANDLER = Symbol('JOB_HANDLER');

export interface JobHandlerOptions {
  /**
   * How long a worker may hold a job without reporting progress before it is given to another; a
   * function of the service's configuration when that sets it.
   */
  ackWaitMs?: number | ((config: Record<string, unknown>) => number);
}

interface JobHandlerMeta extends JobHandlerOptions {
  name: string;
}

/**
 * Marks a provider method as the worker of one job. It receives the envelope and a context whose
 * `progress` keeps the job its own while it works; throwing gives the job back for a later retry, and
 * throwing PermanentJobFailure (or what isUnusableMessageError calls unusable) drops it.
 */
export function JobHandler(name: string, options: JobHandlerOptions = {}): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    Reflect.defineMetadata(JOB_HANDLER, { ...options, name } satisfies JobHandlerMeta, descriptor.value);
    return descriptor;
  };
}

/** What a worker is told beside the job: how to keep it while working, and which delivery this is. */
export interface JobContext {
  /** Tells the queue the job is still being worked on (resets its ack wait). */
  progress(): void;
  /** 1 for the first delivery, 2 when another worker (or an earlier failure) had it before, … */
  delivery: number;
}

/** A job the worker will never be able to do (bad input): it is dropped, not retried. */
export class PermanentJobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobFailure';
  }
}

type JobFn = (job: JobEnvelope, context: JobContext) => Promise<void>;

/** Puts jobs on the queue, now or every so often. */
@Injectable()
export class JobQueue implements BeforeApplicationShutdown {
  private streamReady = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    @Inject(CONFIG) private readonly settings: JobSettings,
  ) {}

  /** Enqueues a job; the same `id` within the stream's window is kept once. Answers the job's id. */
  async enqueue(name: string, payload: unknown, id: string = randomUUID()): Promise<string> {
    if (!this.streamReady) {
      await ensureJobStream(this.connection, this.settings);
      this.streamReady = true;
    }
    const envelope: JobEnvelope = {
      id,
      subject: name,
      enqueuedAt: new Date().toISOString(),
      payload,
    };
    await this.connection.jetstream().publish(jobSubject(this.settings, name), codec.encode(envelope), {
      msgID: id,
      expect: { streamName: jobStreamName(this.settings) },
    });
    return id;
  }

  /**
   * Enqueues the job every `everyMs` from this instance; every instance does, with the same id for the
   * same period, so the stream keeps one tick a period and one worker runs it.
   */
  every(name: string, everyMs: number, onError: (error: unknown) => void): void {
    const timer = setInterval(() => {
      const period = Math.floor(Date.now() / everyMs);
      this.enqueue(name, { period }, `${name}:${period}`).catch(onError);
    }, everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  beforeApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}

/** Finds every @JobHandler and gives each job a durable consumer that all instances share. */
@Injectable()
export class JobWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumers: EnvelopeConsumers;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    @Inject(CONFIG) private readonly settings: JobSettings,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() rejections?: RejectedMessages,
  ) {
    this.consumers = new EnvelopeConsumers(connection, logger, rejections);
  }

  async onApplicationBootstrap(): Promise<void> {
    const handlers = decoratedMethods<JobHandlerMeta, JobFn>(this.discovery, this.scanner, JOB_HANDLER);
    if (!handlers.length) return;
    await ensureJobStream(this.connection, this.settings);
    for (const { meta, method } of handlers) await this.consume(meta, method);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumers.stop();
  }

  private async consume(meta: JobHandlerMeta, run: JobFn): Promise<void> {
    const names = { job: meta.name };
    await this.consumers.start(
      {
        stream: jobStreamName(this.settings),
        durable: meta.name.replace(/\./g, '_'),
        filterSubject: jobSubject(this.settings, meta.name),
        ackWaitMs:
          typeof meta.ackWaitMs === 'function' ? meta.ackWaitMs(this.settings) : (meta.ackWaitMs ?? 60_000),
        maxMessages: 1,
      },
      {
        kind: 'job',
        names,
        read: (data) =>
          readEnvelope<JobEnvelope>(
            data,
            meta.name,
            (id) => typeof id === 'string',
            `a job envelope of ${meta.name}`,
          ),
        work: (job, message) =>
          run(job, { progress: () => message.working(), delivery: message.info.redeliveryCount }),
        finalFailure: (error, job, message) => {
          if (!(error instanceof PermanentJobFailure)) return false;
          this.logger.warn({ err: error, ...names, jobId: job.id }, 'job dropped: it cannot succeed');
          message.term();
          return true;
        },
      },
    );
  }
}

/** Jobs for a service: the queue to put them on and the workers of its @JobHandler methods. */
@Module({})
export class JobsModule {
  static forService(): DynamicModule {
    return {
      module: JobsModule,
      imports: [DiscoveryModule],
      providers: [JobQueue, JobWorkers],
      exports: [JobQueue],
    };
  }
}
