import { ROOT_CONTEXT, type Span } from '@opentelemetry/api';
import type { JetStreamManager, JsMsg, NatsConnection } from 'nats';
import type { Logger } from '../logging';
import { consumerProbes, eventsHandled, jobSeconds, jobsFinished, jobsRunning } from '../metrics';
import { beginSpan, endSpan, SpanKind, TRACE_PARENT, tracingOn, withSpan } from '../tracing';
import { isUnusableMessageError, type RejectedMessages, UnreadableMessage } from '../rejected-messages';
import {
  type ConsumerLoop,
  consumeDurable,
  consumerState,
  type DurableConsumerOptions,
  retryDelayMs,
  stopLoops,
} from './durable-consumer';
import type { Envelope } from './envelopes';

/**
 * The span of one delivery: a trace of its own (a consumer works long after the writer answered),
 * linked to the writer's span when the message carries its context (DECISIONS D41).
 */
function consumerSpan(kind: 'event' | 'job', envelope: Envelope, message: JsMsg): Span | undefined {
  const writer = message.headers?.get(TRACE_PARENT);
  return beginSpan(`${kind} ${envelope.subject}`, SpanKind.CONSUMER, {
    parent: ROOT_CONTEXT,
    attributes: {
      'messaging.system': 'nats',
      'messaging.destination.name': message.subject,
      [`chitram.${kind}_id`]: envelope.id,
    },
    linkTo: writer || undefined,
  });
}

/** The words events and jobs use in their logs, so the shared loop logs each as it always did. */
const WORDS = {
  event: {
    id: 'eventId',
    retry: 'event handler failed; will retry',
    cannotUse: 'its handler cannot use it',
    dropping: 'dropping an unusable event',
    stopped: 'event consumer stopped',
  },
  job: {
    id: 'jobId',
    retry: 'job failed; will retry',
    cannotUse: 'its worker cannot use it',
    dropping: 'dropping an unusable job',
    stopped: 'job worker stopped',
  },
} as const;

/** How one durable consumer turns its messages into work. */
export interface EnvelopeHandling<E extends Envelope> {
  kind: 'event' | 'job';
  /** The fields that name this consumer in every log line (`{ consumer }`, `{ job }`). */
  names: Record<string, string>;
  /** The message as an envelope, or UnreadableMessage. */
  read(data: Uint8Array): E;
  /** Does the work; the message is acknowledged once it resolves. */
  work(envelope: E, message: JsMsg): Promise<void>;
  /** Handles a failure the handler declares final on its own terms (true: the message was dealt with). */
  finalFailure?(error: unknown, envelope: E, message: JsMsg): boolean;
}

/**
 * The one JetStream consumer loop of events and jobs: each message is read as an envelope and worked
 * on; one that succeeds is acknowledged; one that can never be used (unreadable, or its handler says
 * so: isUnusableMessageError) is terminated, counted and logged; any other failure is given back for a
 * later delivery, waiting longer each time.
 */
export class EnvelopeConsumers {
  private readonly loops: ConsumerLoop[] = [];
  private readonly unprobes: Array<() => void> = [];
  private manager?: Promise<JetStreamManager>;

  constructor(
    private readonly connection: NatsConnection,
    private readonly logger: Logger,
    private readonly rejections?: RejectedMessages,
  ) {}

  async start<E extends Envelope>(
    options: DurableConsumerOptions,
    handling: EnvelopeHandling<E>,
  ): Promise<void> {
    const loop = await consumeDurable(
      this.connection,
      options,
      (message) => this.deliver(handling, message),
      (error) => this.logger.error({ err: error, ...handling.names }, WORDS[handling.kind].stopped),
    );
    this.loops.push(loop);
    const job = handling.kind === 'job' ? this.nameOf(handling) : undefined;
    this.unprobes.push(
      consumerProbes.add(async () => consumerState(await this.jetstreamManager(), options, job)),
    );
  }

  /** Stops every consumer and waits for the message each is handling. */
  stop(): Promise<void> {
    for (const unprobe of this.unprobes.splice(0)) unprobe();
    return stopLoops(this.loops);
  }

  private jetstreamManager(): Promise<JetStreamManager> {
    this.manager ??= this.connection.jetstreamManager();
    this.manager.catch(() => (this.manager = undefined));
    return this.manager;
  }

  /** The consumer's name in the metrics: the job's, or the event consumer's. */
  private nameOf(handling: EnvelopeHandling<Envelope>): string {
    return handling.names.job ?? handling.names.consumer ?? Object.values(handling.names)[0] ?? '';
  }

  /** Counts a message's outcome: events by consumer, jobs by job (and how long the job took). */
  private count(
    handling: EnvelopeHandling<Envelope>,
    outcome: 'ok' | 'retry' | 'dropped',
    startedAt: number,
  ): void {
    const name = this.nameOf(handling);
    if (handling.kind === 'event') {
      eventsHandled.inc({ consumer: name, outcome });
      return;
    }
    const jobOutcome = outcome === 'ok' ? 'done' : outcome === 'retry' ? 'retry' : 'failed';
    jobsFinished.inc({ task: name, outcome: jobOutcome });
    jobSeconds.observe({ task: name, outcome: jobOutcome }, (performance.now() - startedAt) / 1000);
  }

  private async deliver<E extends Envelope>(handling: EnvelopeHandling<E>, message: JsMsg): Promise<void> {
    const startedAt = performance.now();
    let envelope: E;
    try {
      envelope = handling.read(message.data);
    } catch (error) {
      this.reject(handling, message, error);
      this.count(handling, 'dropped', startedAt);
      return;
    }
    const running = handling.kind === 'job' ? jobsRunning.labels(this.nameOf(handling)) : undefined;
    running?.inc();
    const span = tracingOn() ? consumerSpan(handling.kind, envelope, message) : undefined;
    try {
      if (span) await withSpan(span, ROOT_CONTEXT, () => handling.work(envelope, message));
      else await handling.work(envelope, message);
      endSpan(span);
      message.ack();
      this.count(handling, 'ok', startedAt);
    } catch (error) {
      endSpan(span, 'failed');
      if (handling.finalFailure?.(error, envelope, message)) {
        this.count(handling, 'dropped', startedAt);
        return;
      }
      if (isUnusableMessageError(error)) {
        this.reject(handling, message, error, envelope.id);
        this.count(handling, 'dropped', startedAt);
        return;
      }
      const words = WORDS[handling.kind];
      const attempt = message.info.redeliveryCount;
      this.logger.warn({ err: error, ...handling.names, [words.id]: envelope.id, attempt }, words.retry);
      message.nak(retryDelayMs(attempt));
      this.count(handling, 'retry', startedAt);
    } finally {
      running?.dec();
    }
  }

  /**
   * A message no delivery can handle is terminated, not redelivered (a work queue lets it go; the
   * events stream keeps it, by its sequence in the log, for anyone who wants to look at it again).
   */
  private reject<E extends Envelope>(
    handling: EnvelopeHandling<E>,
    message: JsMsg,
    error: unknown,
    id?: string,
  ): void {
    message.term();
    const words = WORDS[handling.kind];
    const problem = error instanceof UnreadableMessage ? error.problem : words.cannotUse;
    this.rejections?.record(handling.kind, message.subject, problem, {
      ...handling.names,
      seq: message.seq,
      [words.id]: id,
      ...(error instanceof UnreadableMessage ? {} : { err: error }),
    });
    if (!this.rejections)
      this.logger.error({ err: error, ...handling.names, seq: message.seq }, words.dropping);
  }
}
