import { Controller, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ErrorCode,
  PLANS,
  REQUEST_ID_HEADER,
  SERVICE_NAMES,
  Subjects,
  type ServiceName,
} from '@chitram/contracts';
import { connectNats, defineService, loadConfig, OutboxEvent, ServiceConfig } from '@chitram/nest-kit';
import { startTestService, testInfrastructure, waitFor, type TestService } from '@chitram/test-helpers';
import request from 'supertest';
import { createGatewayApp } from './app';
import { GatewayConfig } from './config';

// Stand-ins built with the same kit as the real services: the gateway must not import a service.
@Controller()
class PlansStandIn {
  @MessagePattern(Subjects.billing.listPlans)
  list() {
    return PLANS;
  }
}
@Module({ controllers: [PlansStandIn] })
class BillingStandInModule {}
@Module({})
class EmptyModule {}

const standIn = (name: ServiceName) =>
  defineService({
    name,
    config: ServiceConfig,
    module: name === 'billing' ? BillingStandInModule : EmptyModule,
    database: { entities: [OutboxEvent], migrations: [] },
  });

describe('gateway over NATS', () => {
  const services = new Map<ServiceName, TestService>();
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    for (const name of SERVICE_NAMES) services.set(name, await startTestService(standIn(name)));
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      LOG_LEVEL: 'silent',
      RPC_TIMEOUT_MS: '2000',
      HEALTH_TIMEOUT_MS: '1000',
      CORS_ORIGINS: 'http://localhost:3000',
    });
    app = await createGatewayApp(config);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    http = request(app.getHttpServer());
  });

  afterAll(async () => {
    await app?.close();
    for (const service of services.values()) await service.destroy();
  });

  it('reports all five services up', async () => {
    const res = await http.get('/api/health').expect(200);
    expect(res.body.status).toBe('up');
    expect(Object.keys(res.body.services).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const name of SERVICE_NAMES) expect(res.body.services[name].status).toBe('up');
  });

  it('serves a route through NATS and back', async () => {
    const res = await http.get('/api/plans').expect(200);
    expect(res.body.map((p: { planKey: string }) => p.planKey)).toEqual([
      'basic',
      'standard',
      'premium',
      'gold',
    ]);
  });

  it('carries the request id through NATS to the service', async () => {
    // A plain (not queue-group) subscriber sees every request on the subject without answering it.
    const observer = await connectNats(testInfrastructure().NATS_URL, 'gateway-test-observer');
    const seen: string[] = [];
    const subscription = observer.subscribe(Subjects.billing.listPlans, {
      callback: (_error, msg) => seen.push(msg.headers?.get(REQUEST_ID_HEADER) ?? ''),
    });
    try {
      await observer.flush();
      await http.get('/api/plans').set(REQUEST_ID_HEADER, 'trace-over-nats-7').expect(200);
      await waitFor(async () => seen.includes('trace-over-nats-7'), 2000);
    } finally {
      subscription.unsubscribe();
      await observer.close();
    }
  });

  it('turns a stopped service red within 5 s, answers 503 for its routes without hanging, and recovers', async () => {
    await services.get('billing')!.close();

    const started = Date.now();
    const health = await http.get('/api/health').expect(503);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(health.body.status).toBe('degraded');
    expect(health.body.services.billing.status).toBe('down');
    expect(health.body.services.auth.status).toBe('up');

    const plansStarted = Date.now();
    const plans = await http.get('/api/plans').expect(503);
    expect(plans.body).toEqual({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: expect.stringContaining('billing'),
    });
    expect(Date.now() - plansStarted).toBeLessThan(2500);

    const restarted = await startTestService(standIn('billing'), {
      database: services.get('billing')!.database,
    });
    services.set('billing', restarted);
    await waitFor(async () => (await http.get('/api/health')).status === 200, 5000);
    await http.get('/api/plans').expect(200);
  });

  it('answers unknown routes with a stable code, not a stack trace', async () => {
    const res = await http.get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({ code: ErrorCode.ROUTE_NOT_FOUND, message: expect.any(String) });
  });

  it('keeps a sane request id from the caller and makes one otherwise', async () => {
    const kept = await http.get('/api/health/live').set('x-request-id', 'trace-42').expect(200);
    expect(kept.headers['x-request-id']).toBe('trace-42');
    const made = await http.get('/api/health/live').set('x-request-id', 'bad id!').expect(200);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers and allows only the configured origins', async () => {
    const ok = await http.get('/api/health/live').set('origin', 'http://localhost:3000').expect(200);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['x-frame-options']).toBeDefined();
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const other = await http.get('/api/health/live').set('origin', 'https://evil.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes its OpenAPI description', async () => {
    const res = await http.get('/api/docs/openapi.json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/plans']));
  });
});
