import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  freePort,
  isolatedEnv,
  metricValue,
  scrapeMetrics,
  testSigningKeys,
  type MetricSample,
} from '@chitram/test-helpers';
import type request from 'supertest';
import { startTestGateway } from './testing/test-gateway';

const REQUESTS = 'chitram_http_request_duration_seconds_count';

describe('gateway metrics', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    ({ app, http } = await startTestGateway(isolation.env, keys.publicPem, {
      METRICS_PORT: String(metricsPort),
      HOST: '127.0.0.1',
    }));
  });

  afterAll(async () => {
    await app?.close();
    await isolation.cleanUp();
  });

  it('counts each request by route template and status on its metrics port', async () => {
    const live = { method: 'GET', route: '/api/health/live', status: '200' };
    const before = metricValue(await scrapeMetrics(metricsPort), REQUESTS, live);
    await http.get('/api/health/live').expect(200);
    await http.get('/api/health/live').expect(200);
    await http.get('/api/movie/a-film-nobody-made');
    await http.get('/api/no-such-route/12345').expect(404);

    const after = await scrapeMetrics(metricsPort);
    expect(metricValue(after, REQUESTS, live)).toBe(before + 2);
    expect(metricValue(after, REQUESTS, { route: '/api/movie/:idOrSlug' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(after, REQUESTS, { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    // Durations are a histogram: the +Inf bucket holds every request.
    expect(metricValue(after, 'chitram_http_request_duration_seconds_bucket', { ...live, le: '+Inf' })).toBe(
      before + 2,
    );
    // Never a raw URL as a label: the slug and the unknown path name no series.
    const raw = (s: MetricSample) => Object.values(s.labels).some((v) => /nobody-made|12345/.test(v));
    expect(after.filter(raw)).toEqual([]);
    // The movie asked the catalogue over NATS, counted on the client side whatever it answered.
    expect(
      after.some((s) => s.name === 'chitram_nats_client_request_duration_seconds_count' && s.value > 0),
    ).toBe(true);
    expect(after.map((s) => s.name)).toContain('nodejs_eventloop_lag_p99_seconds');
  });

  it('keeps the metrics off the public port', async () => {
    await http.get('/metrics').expect(404);
    await http.get('/api/metrics').expect(404);
    const health = await fetch(`http://127.0.0.1:${metricsPort}/health/live`);
    expect(health.status).toBe(200);
  });
});
