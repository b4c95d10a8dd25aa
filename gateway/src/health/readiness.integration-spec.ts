import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@chitram/nest-kit';
import { testInfrastructure } from '@chitram/test-helpers';
import { createGatewayApp } from '../app';
import { GatewayConfig } from '../config';
import { drainAndClose, GatewayReadiness } from './readiness';

jest.setTimeout(60_000);

const DRAIN_MS = 1500;

describe('a gateway told to stop (SIGTERM, issue 20)', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    const config = loadConfig(GatewayConfig, { ...testInfrastructure(), LOG_LEVEL: 'silent' });
    app = await createGatewayApp(config);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  });

  it('says it is not ready at once, still answers while the load balancer notices, then closes', async () => {
    const before = await fetch(`${base}/api/health/ready`);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ status: 'up' });

    const log: string[] = [];
    const closed = drainAndClose(app, app.get(GatewayReadiness), DRAIN_MS, {
      info: (_fields: object, message: string) => void log.push(message),
    } as never);
    const stopping = await fetch(`${base}/api/health/ready`);
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ status: 'down', reason: 'the gateway is stopping' });
    expect(stopping.headers.get('cache-control')).toBe('no-store');
    // A request that reaches it in the drain is answered, not refused.
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);

    await closed;
    expect(log).toEqual(['stopping: not ready, draining']);
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  });
});
