import { type BeforeApplicationShutdown, Injectable, Module } from '@nestjs/common';
import { defineService, ServiceConfig } from '@chitram/nest-kit';
import { createServer } from 'node:net';
import { startTestService } from './index';

/** Work in hand when the stop comes (a request, a job), which the test lets finish when it has looked. */
const inHand = { finish: () => {}, began: () => {} };
const stopBegan = new Promise<void>((resolve) => (inHand.began = resolve));

@Injectable()
class WorkInHand implements BeforeApplicationShutdown {
  beforeApplicationShutdown(): Promise<void> {
    inHand.began();
    return new Promise((resolve) => (inHand.finish = resolve));
  }
}

@Module({ providers: [WorkInHand] })
class NothingModule {}

const definition = defineService({
  name: 'media',
  config: ServiceConfig,
  module: NothingModule,
  database: { entities: [], migrations: [] },
});

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('a service told to stop (SIGTERM)', () => {
  it('says it is not ready before it is gone, over HTTP as in its own report', async () => {
    const port = await freePort();
    const service = await startTestService(definition, {
      env: { HEALTH_PORT: String(port), HOST: '127.0.0.1' },
    });
    try {
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
      expect(ready.status).toBe(200);

      const closing = service.close(); // what bootstrapService does on SIGTERM
      await stopBegan;
      const report = await service.health.report();
      expect(report.status).toBe('down');
      expect(report.checks.shutdown).toEqual({ status: 'down', error: 'the service is stopping' });
      const stopping = await fetch(`http://127.0.0.1:${port}/health/ready`);
      expect(stopping.status).toBe(503);
      expect(await stopping.json()).toMatchObject({
        status: 'down',
        checks: { shutdown: { status: 'down' } },
      });
      inHand.finish();
      await closing;
    } finally {
      await service.destroy();
    }
  });
});
