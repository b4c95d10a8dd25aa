import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Subjects } from '@chitram/contracts';
import { SpanKind, startTracing, stopTracing } from '@chitram/nest-kit';
import { isolatedEnv, memoryLogger, testSigningKeys, waitFor } from '@chitram/test-helpers';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type request from 'supertest';
import { startServiceProcesses, type RunningProcesses } from './testing/service-processes';
import { startTestGateway } from './testing/test-gateway';

/** A span as billing's process exported it over OTLP (HTTP, JSON). */
interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}

interface OtlpJson {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ spans: Array<Omit<ExportedSpan, 'service'>> }>;
  }>;
}

/** An OTLP/HTTP receiver, as a collector would be: what the processes it is given to export. */
async function startOtlpReceiver(): Promise<{ server: Server; url: string; spans: ExportedSpan[] }> {
  const spans: ExportedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpJson;
        for (const resource of body.resourceSpans) {
          const service = resource.resource.attributes.find((a) => a.key === 'service.name')?.value
            .stringValue;
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans) spans.push({ ...span, service: service ?? '' });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans };
}

/** OTLP's span kind SERVER (the enum of the protocol, one above the API's). */
const OTLP_SERVER = SpanKind.SERVER + 1;

/**
 * A request's trace (DECISIONS D41): this gateway in-process with an in-memory exporter, the built
 * billing service as a process exporting over OTLP to a receiver of the test's, real NATS and Postgres.
 */
describe('tracing a request through the gateway into billing', () => {
  const isolation = isolatedEnv();
  const exporter = new InMemorySpanExporter();
  const log = memoryLogger('gateway');
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let services: RunningProcesses;
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    services = await startServiceProcesses(['billing'], isolation.env, {
      billing: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' },
    });
    await startTracing({ app: 'gateway', exporter });
    ({ app, http } = await startTestGateway(isolation.env, testSigningKeys().publicPem, {}, log.logger));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await stopTracing();
    await services?.stop();
    receiver?.server.close();
    await isolation.cleanUp();
  });

  /** The gateway's spans of the trace, and billing's once its exporter has sent its server span. */
  async function traceOf(traceId: string) {
    const gateway = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const billing = await waitFor(async () => {
      const spans = receiver.spans.filter((s) => s.traceId === traceId);
      return spans.some((s) => s.kind === OTLP_SERVER) && spans;
    });
    return { gateway, billing };
  }

  it('gives a request one trace from the gateway over NATS into billing, with the request log line in it', async () => {
    const res = await http.get('/api/plans').expect(200);
    expect(res.body).toHaveLength(4);

    const root = exporter.getFinishedSpans().find((s) => s.name === 'GET /api/plans')!;
    expect(root.kind).toBe(SpanKind.SERVER);
    expect(root.parentSpanContext).toBeUndefined();
    const { traceId, spanId } = root.spanContext();
    const { gateway, billing } = await traceOf(traceId);

    const nats = gateway.find((s) => s.name === Subjects.billing.listPlans)!;
    expect(nats.kind).toBe(SpanKind.CLIENT);
    expect(nats.parentSpanContext?.spanId).toBe(spanId);
    const served = billing.find((s) => s.kind === OTLP_SERVER)!;
    expect(served).toMatchObject({
      service: 'billing',
      name: Subjects.billing.listPlans,
      parentSpanId: nats.spanContext().spanId,
    });

    const line = log.lines.find((l) => l.msg === 'request' && l.url === '/api/plans');
    expect(line).toMatchObject({ traceId, spanId, status: 200 });
  });

  it("continues a caller's trace named in its traceparent header", async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    await http.get('/api/plans').set('traceparent', `00-${traceId}-${callerSpan}-01`).expect(200);

    const { gateway, billing } = await traceOf(traceId);
    const root = gateway.find((s) => s.name === 'GET /api/plans')!;
    expect(root.parentSpanContext?.spanId).toBe(callerSpan);
    expect(billing.find((s) => s.kind === OTLP_SERVER)?.service).toBe('billing');
  });
});
