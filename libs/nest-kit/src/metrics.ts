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
 * paths use HotHistogram, whose label children are found, not built, so counting a request costs
 * map lookups and additions, not objects.
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

/** One label combination's share of a hot histogram. */
export interface HistogramChild {
  observe(seconds: number): void;
}

interface ChildState extends HistogramChild {
  labels: Record<string, string>;
  /** Per bucket (not cumulative), the last one for values above every bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * A histogram for the hot paths (every HTTP request, every NATS request on both sides). prom-client's
 * own hashes its labels into a string key on every observation, some microseconds each; here each
 * label combination is a child found through nested maps (no string built, nothing allocated once it
 * exists) whose observation is a bucket search and three additions. The registry reads it like any
 * prom-client metric (`get()`), so the text is the same.
 */
export class HotHistogram {
  readonly type = 'histogram';
  private readonly root = new Map<string, unknown>();
  private readonly states: ChildState[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    private readonly buckets: readonly number[],
  ) {}

  /** The child of these label values, in labelNames' order (made once, then found). */
  child(a: string, b: string, c?: string): HistogramChild {
    const values = this.labelNames.length === 3 ? [a, b, c ?? ''] : [a, b];
    let level = this.root;
    for (let i = 0; i < values.length - 1; i++) {
      let next = level.get(values[i]) as Map<string, unknown> | undefined;
      if (!next) {
        next = new Map();
        level.set(values[i], next);
      }
      level = next;
    }
    const last = values[values.length - 1];
    let state = level.get(last) as ChildState | undefined;
    if (!state) {
      state = this.newChild(values);
      level.set(last, state);
    }
    return state;
  }

  private newChild(values: string[]): ChildState {
    const buckets = this.buckets;
    const state: ChildState = {
      labels: Object.fromEntries(this.labelNames.map((name, i) => [name, values[i]])),
      counts: new Float64Array(buckets.length + 1),
      sum: 0,
      count: 0,
      observe(seconds: number) {
        let i = 0;
        while (i < buckets.length && seconds > buckets[i]) i++;
        state.counts[i]++;
        state.sum += seconds;
        state.count++;
      },
    };
    this.states.push(state);
    return state;
  }

  /** prom-client's metric shape, which the registry writes as text. */
  get() {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    for (const state of this.states) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += state.counts[i];
        values.push({
          labels: { le: bound, ...state.labels },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({
        labels: { le: '+Inf', ...state.labels },
        value: state.count,
        metricName: `${this.name}_bucket`,
      });
      values.push({ labels: state.labels, value: state.sum, metricName: `${this.name}_sum` });
      values.push({ labels: state.labels, value: state.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' as const };
  }

  /** Forgets every observation (the registry's resetMetrics). */
  reset(): void {
    this.root.clear();
    this.states.length = 0;
  }
}

/** A hot histogram in the app's registry (the same one when declared twice). */
export function defineHotHistogram(config: {
  name: string;
  help: string;
  labelNames: readonly string[];
  buckets: readonly number[];
}): HotHistogram {
  const existing = metricsRegistry.getSingleMetric(config.name);
  if (existing) return existing as unknown as HotHistogram;
  const histogram = new HotHistogram(config.name, config.help, config.labelNames, config.buckets);
  metricsRegistry.registerMetric(histogram as unknown as Parameters<Registry['registerMetric']>[0]);
  return histogram;
}

// ---- NATS request/reply ----

/** Outcome of a request as a caller sees it. */
export type RpcOutcome = 'ok' | 'refused' | 'failed' | 'timeout' | 'no_responders' | 'unreachable';

export const natsClientRequestSeconds = defineHotHistogram({
  name: 'chitram_nats_client_request_duration_seconds',
  help: 'NATS requests this app sent, by subject and outcome (ok; refused: a 4xx-like error; failed: a 5xx-like error; timeout; no_responders; unreachable)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});

export const natsHandlerSeconds = defineHotHistogram({
  name: 'chitram_nats_handler_duration_seconds',
  help: 'NATS requests this app served, by subject and outcome (ok, refused, failed, rejected: unreadable)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});

// ---- HTTP (the gateway, media's internal server) ----

export const httpRequestSeconds = defineHotHistogram({
  name: 'chitram_http_request_duration_seconds',
  help: 'HTTP requests served, by method, route template (never the raw URL) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
});

/** The label of a request no route matched (so raw URLs never become series). */
export const UNMATCHED_ROUTE = 'unmatched';

const STATUS_TEXT = new Map<number, string>();
/** A status as a label value, made once per status. */
function statusText(status: number): string {
  let text = STATUS_TEXT.get(status);
  if (text === undefined) {
    text = String(status);
    STATUS_TEXT.set(status, text);
  }
  return text;
}

/** Counts one HTTP request: its route template, status and seconds. */
export function observeHttpRequest(
  method: string,
  route: string | undefined,
  status: number,
  seconds: number,
): void {
  httpRequestSeconds.child(method, route ?? UNMATCHED_ROUTE, statusText(status)).observe(seconds);
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
