import {
  type Context,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
  type Tracer,
} from '@opentelemetry/api';
import type { BasicTracerProvider, SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * OpenTelemetry tracing (DECISIONS D41): off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test
 * hands in an exporter). While off, `tracer` stays undefined and every boundary (gateway request,
 * NATS call and handler, outbox, consumers) tests it and does nothing else: no span, no context, no
 * header.
 */
let tracer: Tracer | undefined;
let provider: BasicTracerProvider | undefined;

/** W3C Trace Context (`traceparent`, `tracestate`), set when tracing starts: what travels in headers and outbox rows. */
let propagator: TextMapPropagator | undefined;
/** The header (and outbox column) that carries a span's context. */
export const TRACE_PARENT = 'traceparent';

/** Headers as nats.js and Node's HTTP both offer them: read by name (nats answers '' for a missing one). */
export interface HeaderReader {
  get(name: string): string | string[] | undefined;
}
export interface HeaderWriter {
  set(name: string, value: string): void;
}

const getter: TextMapGetter<HeaderReader> = {
  get: (carrier, key) => carrier.get(key) || undefined,
  keys: () => [],
};
const setter: TextMapSetter<HeaderWriter> = { set: (carrier, key, value) => carrier.set(key, value) };

export interface TracingOptions {
  /** The app's name: the spans' `service.name`. */
  app: string;
  /** Where spans go (a test's in-memory exporter); by default OTLP over HTTP when the environment names an endpoint. */
  exporter?: SpanExporter;
  /** The collector's OTLP/HTTP address (the app's OTEL_EXPORTER_OTLP_ENDPOINT); empty or missing, no export. */
  endpoint?: string;
  /** Read for OTEL_BSP_SCHEDULE_DELAY; process.env by default. */
  env?: NodeJS.ProcessEnv;
}

/** Whether tracing is on in this process. */
export function tracingOn(): boolean {
  return tracer !== undefined;
}

/**
 * Starts tracing for this process when it is asked for (an exporter given, or OTEL_EXPORTER_OTLP_ENDPOINT
 * set) and answers whether it did. Call it before the app is built: the gateway decides at start-up
 * whether to add its tracing hooks. With the OTLP exporter, Postgres and Redis calls made inside a
 * traced request get spans of their own (the kept pg and ioredis instrumentations). The SDK is loaded
 * only then: an app that does not trace never loads it.
 */
export async function startTracing(options: TracingOptions): Promise<boolean> {
  if (tracer) return true;
  const env = options.env ?? process.env;
  const endpoint = options.endpoint?.trim();
  if (!options.exporter && !endpoint) return false;
  const [sdk, core, { AsyncLocalStorageContextManager }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/core'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
  ]);
  let processor;
  if (options.exporter) {
    processor = new sdk.SimpleSpanProcessor(options.exporter);
  } else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY);
    processor = new sdk.BatchSpanProcessor(
      new OTLPTraceExporter({ url: new URL('v1/traces', endpoint!.replace(/\/?$/, '/')).href }),
      Number.isFinite(delay) && delay > 0 ? { scheduledDelayMillis: delay } : {},
    );
  }
  provider = new sdk.BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.app }),
    spanProcessors: [processor],
  });
  propagator = new core.W3CTraceContextPropagator();
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  if (!options.exporter) await instrumentDataStores(provider);
  tracer = provider.getTracer('chitram');
  return true;
}

/** Sends what is left and turns tracing off (an app stopping; a test's end). */
export async function stopTracing(): Promise<void> {
  const stopping = provider;
  tracer = undefined;
  provider = undefined;
  propagator = undefined;
  if (!stopping) return;
  await stopping.shutdown();
  trace.disable();
  context.disable();
}

/**
 * Postgres and Redis spans from the kept instrumentations, only under a traced request (never a
 * root trace for the outbox relay's polling). They patch the drivers' prototypes when the driver is
 * next required, so each is required once here, after they are registered.
 */
async function instrumentDataStores(tracerProvider: BasicTracerProvider): Promise<void> {
  const [{ registerInstrumentations }, { PgInstrumentation }, { IORedisInstrumentation }] = await Promise.all(
    [
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
    ],
  );
  registerInstrumentations({
    tracerProvider,
    instrumentations: [
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  // The hooks patch a driver when it is next required; nest-kit has loaded ioredis (and perhaps pg) already.
  await import('pg');
  await import('ioredis');
}

/**
 * A span begun under `parent` (the active context by default), or undefined while tracing is off;
 * `linkTo` (a stored `traceparent`) links it to the span that wrote it. A hot path tests `tracingOn()`
 * before building the options, so that nothing is allocated while tracing is off.
 */
export function beginSpan(
  name: string,
  kind: SpanKind,
  options: { parent?: Context; attributes?: Record<string, string | number>; linkTo?: string } = {},
): Span | undefined {
  if (!tracer) return undefined;
  const linked = options.linkTo ? linkedContext(options.linkTo) : undefined;
  return tracer.startSpan(
    name,
    { kind, attributes: options.attributes, links: linked ? [{ context: linked }] : undefined },
    options.parent ?? context.active(),
  );
}

/** Ends a span, marked as an error when `failure` says why. */
export function endSpan(span: Span | undefined, failure?: string): void {
  if (!span) return;
  if (failure) span.setStatus({ code: SpanStatusCode.ERROR, message: failure });
  span.end();
}

/** The context a caller's headers carry (`traceparent`), the active one when they carry none. */
export function contextFrom(headers: HeaderReader | undefined): Context {
  return headers && propagator ? propagator.extract(context.active(), headers, getter) : context.active();
}

/** Writes `span`'s context into outgoing headers, so the other side continues the trace. */
export function injectSpan(span: Span, headers: HeaderWriter): void {
  propagator?.inject(trace.setSpan(context.active(), span), headers, setter);
}

/** Runs `fn` with `span` active (its children, logs and outgoing calls belong to it). */
export function withSpan<T>(span: Span, parent: Context, fn: () => T): T {
  return context.with(trace.setSpan(parent, span), fn);
}

/** The W3C `traceparent` of the active span, for an outbox row; undefined when nothing is traced. */
export function currentTraceParent(): string | undefined {
  if (!propagator) return undefined;
  const carrier = new Map<string, string>();
  propagator.inject(context.active(), carrier, setter);
  return carrier.get(TRACE_PARENT);
}

/** The span context a stored `traceparent` names, to link a later span to it. */
function linkedContext(traceParent: string) {
  const stored: HeaderReader = { get: (name) => (name === TRACE_PARENT ? traceParent : undefined) };
  if (!propagator) return undefined;
  const extracted = propagator.extract(context.active(), stored, getter);
  return trace.getSpanContext(extracted);
}

/** `{ traceId, spanId }` of the active span for a log line; empty while tracing is off or nothing is traced. */
export function traceFields(): { traceId?: string; spanId?: string } {
  if (!tracer) return {};
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

export { SpanKind };
export type { Context as TraceContext, Span as TraceSpan } from '@opentelemetry/api';

/** What a span of a NATS request or handler says about its subject. */
export function natsAttributes(subject: string): Record<string, string> {
  return { 'messaging.system': 'nats', 'messaging.destination.name': subject };
}

/** The active span, if any (read only while tracing is on). */
export function activeSpan(): Span | undefined {
  return trace.getActiveSpan();
}
