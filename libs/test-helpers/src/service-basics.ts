import { SERVICE_NAMES, Subjects } from '@chitram/contracts';
import { connectNats, RpcClient, type ServiceConfig, type ServiceDefinition } from '@chitram/nest-kit';
import type { NatsConnection } from 'nats';
import { databaseExists, startTestService, testInfrastructure, type TestService } from './index';

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

    beforeAll(async () => {
      service = await startTestService(definition);
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
  });
}
