import { SERVICE_NAMES, Subjects } from '@chitram/contracts';
import { connectNats, RpcClient, type ServiceConfig, type ServiceDefinition } from '@chitram/nest-kit';
import type { NatsConnection } from 'nats';
import { databaseExists, startTestService, testInfrastructure, waitFor, type TestService } from './index';
import { metricValue, scrapeMetrics } from './metrics';
import { freePort } from './object-storage';

/**
 * The checks every service passes from its first day: its migrations build a fresh database of its
 * own, and it answers its health subject over NATS with the database up. Called from each
 * service's integration spec.
 */
export function describeServiceBasics<C extends ServiceConfig>(definition: ServiceDefinition<C>): void {
  describe(`${definition.name} service basics`, () => {
    let service: TestService;
    let nats: NatsConnection;
    let rpc: RpcClient;
    let healthPort: number;

    beforeAll(async () => {
      healthPort = await freePort();
      service = await startTestService(definition, {
        env: { HEALTH_PORT: String(healthPort), HOST: '127.0.0.1' },
      });
      nats = await connectNats(testInfrastructure().NATS_URL, 'test-client');
      rpc = new RpcClient(nats, 2000);
    });

    afterAll(async () => {
      await nats?.close();
      await service?.destroy();
    });

    it('is one of the five services', () => {
      expect(SERVICE_NAMES).toContain(definition.name);
    });

    it('created its own database and recorded its migrations', async () => {
      expect(await databaseExists(testInfrastructure().DATABASE_URL, service.database)).toBe(true);
      const rows: Array<{ name: string }> = await service.dataSource.query(
        'SELECT name FROM schema_migrations',
      );
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Init1763712000000']));
      expect(await service.dataSource.showMigrations()).toBe(false);
    });

    it('reports itself up over NATS with its database checked', async () => {
      const report = await rpc.call(Subjects.health(definition.name), {});
      expect(report.status).toBe('up');
      expect(report.checks.database).toEqual({ status: 'up' });
    });

    it('serves Prometheus metrics on its health port, counting the requests it serves', async () => {
      const subject = Subjects.health(definition.name);
      const served = { subject, outcome: 'ok' };
      const before = metricValue(
        await scrapeMetrics(healthPort),
        'chitram_nats_handler_duration_seconds_count',
        served,
      );
      // Asked until this instance is the one that answers: others of the queue group may share the subject.
      const after = await waitFor(async () => {
        await rpc.call(subject, {});
        const samples = await scrapeMetrics(healthPort);
        const count = metricValue(samples, 'chitram_nats_handler_duration_seconds_count', served);
        return count > before && samples;
      });
      expect(
        metricValue(after, 'chitram_nats_client_request_duration_seconds_count', served),
      ).toBeGreaterThan(0);
      expect(after.map((s) => s.name)).toEqual(
        expect.arrayContaining([
          'nodejs_eventloop_lag_seconds',
          'process_cpu_user_seconds_total',
          'chitram_outbox_unpublished_events',
          'chitram_outbox_oldest_unpublished_age_seconds',
        ]),
      );
    });
  });
}
