import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/**
 * Prometheus metrics of one app (prom-client), served at `/metrics` on its health port (health.ts),
 * never through the public API. Everything is declared once per process in one registry; the hot
 * paths hold on to label children (`cachedChild`), so counting a request costs a map lookup and an
 * addition, not an object per call.
 *
 * Names start with `chitram_`; the app is the scrape target's `job` label (deploy/observability),
 * not a label of each series.
 */
export const metricsRegistry = new Registry();

let defaultsCollected = false;

/** Process metrics (CPU, memory, heap, handles) and event-loop lag, collected from the first scrape on. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
}

/** The registry's text exposition, for `/metrics`. */
export function metricsText(): Promise<string> {
  collectProcessMetrics();
  return metricsRegistry.metrics();
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

/** A counter in the app's registry (the same one when declared twice, as modules loaded twice do). */
export function defineCounter<L extends string>(config: CounterConfiguration<L>): Counter<L> {
  const existing = metricsRegistry.getSingleMetric(config.name);
  if (existing) return existing as Counter<L>;
  return new Counter({ ...config, registers: [metricsRegistry] });
}

export function defineGauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L> {
  const existing = metricsRegistry.getSingleMetric(config.name);
  if (existing) return existing as Gauge<L>;
  return new Gauge({ ...config, registers: [metricsRegistry] });
}

export function defineHistogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
  const existing = metricsRegistry.getSingleMetric(config.name);
  if (existing) return existing as Histogram<L>;
  return new Histogram({ ...config, registers: [metricsRegistry] });
}

/** Seconds for a request: most answer in milliseconds, a few take seconds. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds for a job: a sweep takes a second, a transcode many minutes. */
export const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800, 3600];

interface Observer {
  observe(value: number): void;
}

/**
 * The child of a histogram for one combination of labels, made once and kept: prom-client's
 * `labels()` builds bound functions on every call. Keys are the label values joined, so the caller
 * passes values that are few (route templates, subjects, outcomes), never raw input.
 */
export function cachedChild<L extends string>(histogram: Histogram<L>): (...values: string[]) => Observer {
  const children = new Map<string, Observer>();
  return (...values: string[]) => {
    const key = values.join('\u0000');
    let child = children.get(key);
    if (!child) {
      child = histogram.labels(...values);
      children.set(key, child);
    }
    return child;
  };
}

// ---- NATS request/reply ----

/** Outcome of a request as a caller sees it. */
export type RpcOutcome = 'ok' | 'refused' | 'failed' | 'timeout' | 'no_responders' | 'unreachable';

export const natsClientRequestSeconds = defineHistogram({
  name: 'chitram_nats_client_request_duration_seconds',
  help: 'NATS requests this app sent, by subject and outcome (ok; refused: a 4xx-like error; failed: a 5xx-like error; timeout; no_responders; unreachable)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});

export const natsHandlerSeconds = defineHistogram({
  name: 'chitram_nats_handler_duration_seconds',
  help: 'NATS requests this app served, by subject and outcome (ok, refused, failed, rejected: unreadable)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});

// ---- HTTP (the gateway, media's internal server) ----

export const httpRequestSeconds = defineHistogram({
  name: 'chitram_http_request_duration_seconds',
  help: 'HTTP requests served, by method, route template (never the raw URL) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
});

const httpChild = cachedChild(httpRequestSeconds);
/** The label of a request no route matched (so raw URLs never become series). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Counts one HTTP request: its route template, status and seconds. */
export function observeHttpRequest(
  method: string,
  route: string | undefined,
  status: number,
  seconds: number,
): void {
  httpChild(method, route ?? UNMATCHED_ROUTE, String(status)).observe(seconds);
}

// ---- Events and jobs on JetStream ----

export const eventsHandled = defineCounter({
  name: 'chitram_events_handled_total',
  help: 'Events a consumer handled, by consumer and outcome (ok, retry: given back for later, dropped: unusable)',
  labelNames: ['consumer', 'outcome'] as const,
});

export const jobsFinished = defineCounter({
  name: 'chitram_jobs_finished_total',
  help: 'Jobs a worker finished, by task (the job) and outcome (done; retry: failed, given back for later; failed: dropped for good)',
  labelNames: ['task', 'outcome'] as const,
});

export const jobsRunning = defineGauge({
  name: 'chitram_jobs_running',
  help: 'Jobs this instance is working on, by task (the job)',
  labelNames: ['task'] as const,
});

export const jobSeconds = defineHistogram({
  name: 'chitram_job_duration_seconds',
  help: 'How long a job took its worker, by task (the job) and outcome',
  labelNames: ['task', 'outcome'] as const,
  buckets: JOB_BUCKETS,
});

/** What a scrape-time probe answers; undefined when it could not tell (the series is left out). */
type Probe<T> = () => Promise<T>;

const PROBE_TIMEOUT_MS = 2000;

async function probed<T>(probe: Probe<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      probe(),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), PROBE_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes read at scrape time (a database count, a JetStream consumer's state), so nothing is counted
 * on the hot path: each registers itself while it runs and leaves when it stops.
 */
export class ScrapeProbes<T> {
  private readonly probes = new Set<Probe<T>>();

  add(probe: Probe<T>): () => void {
    this.probes.add(probe);
    return () => this.probes.delete(probe);
  }

  /** Every probe's answer, those that failed or took too long left out. */
  async read(): Promise<T[]> {
    const answers = await Promise.all([...this.probes].map((probe) => probed(probe)));
    return answers.filter((a): a is Awaited<T> => a !== undefined);
  }
}

/** Unpublished rows of an outbox: how many, and the age of the oldest (0 when none). */
export interface OutboxState {
  unpublished: number;
  oldestAgeSeconds: number;
}

export const outboxProbes = new ScrapeProbes<OutboxState>();

defineGauge({
  name: 'chitram_outbox_unpublished_events',
  help: 'Outbox rows written but not yet published to JetStream (the event relay backlog)',
  async collect() {
    const states = await outboxProbes.read();
    this.reset();
    if (states.length) this.set(states.reduce((sum, s) => sum + s.unpublished, 0));
  },
});

defineGauge({
  name: 'chitram_outbox_oldest_unpublished_age_seconds',
  help: 'Age of the oldest outbox row not yet published (0 when none)',
  async collect() {
    const states = await outboxProbes.read();
    this.reset();
    if (states.length) this.set(Math.max(...states.map((s) => s.oldestAgeSeconds)));
  },
});

/** One durable JetStream consumer's state; `job` is set for a job queue's consumer. */
export interface ConsumerState {
  stream: string;
  consumer: string;
  job?: string;
  /** Messages not yet delivered to anyone. */
  pending: number;
  /** Delivered and not yet acknowledged (being worked on). */
  ackPending: number;
  /** Seconds the oldest undelivered message has waited (0 when none), when asked for. */
  oldestPendingAgeSeconds?: number;
}

export const consumerProbes = new ScrapeProbes<ConsumerState>();

/** The probe answers of one scrape, shared by the gauges that read them. */
let consumerRead: { at: number; states: Promise<ConsumerState[]> } | undefined;
function consumerStates(): Promise<ConsumerState[]> {
  const now = Date.now();
  if (!consumerRead || now - consumerRead.at > 1000)
    consumerRead = { at: now, states: consumerProbes.read() };
  return consumerRead.states;
}

/** A gauge read from the durable consumers at scrape time: per consumer, or per task for the job queues. */
function consumerGauge(
  name: string,
  help: string,
  per: 'consumer' | 'job',
  value: (s: ConsumerState) => number,
) {
  defineGauge({
    name,
    help,
    labelNames: per === 'job' ? ['task'] : ['stream', 'consumer'],
    async collect() {
      const states = await consumerStates();
      this.reset();
      for (const s of states) {
        if (per === 'consumer') this.set({ stream: s.stream, consumer: s.consumer }, value(s));
        else if (s.job !== undefined) this.set({ task: s.job }, value(s));
      }
    },
  });
}

consumerGauge(
  'chitram_jetstream_consumer_pending_messages',
  'Messages of a durable JetStream consumer not yet delivered (its lag), by stream and consumer',
  'consumer',
  (s) => s.pending,
);
consumerGauge(
  'chitram_jetstream_consumer_ack_pending_messages',
  'Messages of a durable JetStream consumer delivered and not yet acknowledged, by stream and consumer',
  'consumer',
  (s) => s.ackPending,
);
consumerGauge('chitram_jobs_queued', 'Jobs waiting for a worker, by task (the job)', 'job', (s) => s.pending);
consumerGauge(
  'chitram_jobs_oldest_queued_age_seconds',
  'Seconds the oldest job waiting for a worker has waited (0 when none), by task (the job)',
  'job',
  (s) => s.oldestPendingAgeSeconds ?? 0,
);
