import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { headers as natsHeaders } from 'nats';
import {
  beginSpan,
  contextFrom,
  currentTraceParent,
  injectSpan,
  SpanKind,
  startTracing,
  stopTracing,
  traceFields,
  tracingOn,
  withSpan,
} from './tracing';

describe('trace context in message headers (D41)', () => {
  afterEach(() => stopTracing());

  it('does nothing while tracing is off: no span, no header, no log fields', async () => {
    expect(await startTracing({ app: 'test', endpoint: '' })).toBe(false);
    expect(tracingOn()).toBe(false);
    expect(beginSpan('call', SpanKind.CLIENT)).toBeUndefined();
    expect(currentTraceParent()).toBeUndefined();
    expect(traceFields()).toEqual({});
  });

  it("carries a span's context through NATS headers, and the other side continues its trace", async () => {
    const exporter = new InMemorySpanExporter();
    await startTracing({ app: 'test', exporter });
    const client = beginSpan('billing.plans', SpanKind.CLIENT)!;
    const headers = natsHeaders();
    injectSpan(client, headers);
    const { traceId, spanId } = client.spanContext();
    expect(headers.get('traceparent')).toBe(`00-${traceId}-${spanId}-01`);

    const parent = contextFrom(headers);
    const server = beginSpan('billing.plans', SpanKind.SERVER, { parent })!;
    expect(server.spanContext().traceId).toBe(traceId);
    withSpan(server, parent, () => {
      expect(traceFields()).toEqual({ traceId, spanId: server.spanContext().spanId });
      expect(currentTraceParent()).toBe(`00-${traceId}-${server.spanContext().spanId}-01`);
    });
    server.end();
    expect(exporter.getFinishedSpans()[0].parentSpanContext?.spanId).toBe(spanId);
  });

  it('starts a new trace when the header is missing or malformed', async () => {
    await startTracing({ app: 'test', exporter: new InMemorySpanExporter() });
    const headers = natsHeaders();
    headers.set('traceparent', '00-not-a-trace-01');
    for (const carrier of [headers, natsHeaders()]) {
      const span = beginSpan('x', SpanKind.SERVER, { parent: contextFrom(carrier) })!;
      expect(span.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
      expect((span as unknown as { parentSpanContext?: unknown }).parentSpanContext).toBeUndefined();
    }
  });

  it("links a consumer's span to the writer's stored traceparent, in a trace of its own", async () => {
    await startTracing({ app: 'test', exporter: new InMemorySpanExporter() });
    const writer = beginSpan('write', SpanKind.SERVER)!;
    const stored = `00-${writer.spanContext().traceId}-${writer.spanContext().spanId}-01`;
    const consumer = beginSpan('event', SpanKind.CONSUMER, { linkTo: stored })!;
    const links = (consumer as unknown as { links: Array<{ context: { spanId: string } }> }).links;
    expect(links.map((l) => l.context.spanId)).toEqual([writer.spanContext().spanId]);
    expect(consumer.spanContext().traceId).not.toBe(writer.spanContext().traceId);
  });
});
