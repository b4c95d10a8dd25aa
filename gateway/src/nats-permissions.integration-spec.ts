import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, Events, NATS_ACCESS, Subjects, type NatsApp } from '@chitram/contracts';
import { connectNats, loadConfig, RpcClient } from '@chitram/nest-kit';
import { testInfrastructure, testSigningKeys, uniqueName, waitFor } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { NatsConnection } from 'nats';
import request from 'supertest';
import { createGatewayApp } from './app';
import { GatewayConfig } from './config';
import { startServiceProcesses, type RunningProcesses } from './testing/service-processes';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');

interface NatsSetup {
  config: string;
  urls: Record<NatsApp, string>;
  operatorUrl: string;
}

/** libs/infra/lib/nats-permissions.mjs (an ES module) run as the platform runs it, for this server. */
function natsSetup(port: number, storeDir: string): NatsSetup {
  const script = `
    const { natsSetup } = await import('./libs/infra/lib/nats-permissions.mjs');
    const setup = natsSetup({ url: 'nats://127.0.0.1:${port}', host: '127.0.0.1', port: ${port}, storeDir: ${JSON.stringify(storeDir)} });
    const urls = Object.fromEntries(setup.apps.map((app) => [app, setup.env(app).NATS_URL]));
    console.log(JSON.stringify({ config: setup.config, urls, operatorUrl: setup.operatorUrl }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }),
  ) as NatsSetup;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** What the server refused a connection, as nats.js reports it. */
function violations(connection: NatsConnection): string[] {
  const seen: string[] = [];
  void (async () => {
    for await (const status of connection.status())
      if (status.type === 'error') seen.push(String(status.data));
  })();
  return seen;
}

/**
 * Subject permissions per app, on a NATS server of this test's own started with the generated
 * configuration: the built users and catalog services as processes and the gateway in-process, each
 * signed in as itself, as the platform runs them.
 */
describe('NATS users and permissions generated from NATS_ACCESS', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nats-permissions-'));
  const previousNatsUrl = process.env.NATS_URL;
  let setup: NatsSetup;
  let server: ChildProcess;
  let services: RunningProcesses;
  let gateway: NestFastifyApplication;
  const connections: NatsConnection[] = [];

  /** A client signed in as `app`, with the RpcClient the apps use. */
  async function signedInAs(app: NatsApp | 'operator') {
    const url = app === 'operator' ? setup.operatorUrl : setup.urls[app];
    const connection = await connectNats(url, `permissions-test-${app}`);
    connections.push(connection);
    return { connection, rpc: new RpcClient(connection, 1000), refused: violations(connection) };
  }

  beforeAll(async () => {
    const port = await freePort();
    setup = natsSetup(port, path.join(dir, 'jetstream'));
    const configFile = path.join(dir, 'nats.conf');
    writeFileSync(configFile, setup.config, { mode: 0o600 });
    server = spawn('nats-server', ['-c', configFile], { stdio: 'ignore' });
    // The test's own harness (service health checks) signs in as the operator.
    process.env.NATS_URL = setup.operatorUrl;
    await waitFor(async () => {
      const probe = await connectNats(setup.operatorUrl, 'probe').catch(() => undefined);
      await probe?.close();
      return probe !== undefined;
    }, 10_000);

    const env = { REDIS_KEY_PREFIX: `${uniqueName('natsperm')}:`, OUTBOX_POLL_MS: '100' };
    services = await startServiceProcesses(['users', 'catalog'], env, {
      users: { NATS_URL: setup.urls.users },
      catalog: { NATS_URL: setup.urls.catalog },
    });
    const keys = testSigningKeys();
    gateway = await createGatewayApp(
      loadConfig(GatewayConfig, {
        ...testInfrastructure(),
        ...env,
        NATS_URL: setup.urls.gateway,
        LOG_LEVEL: 'silent',
        HEALTH_TIMEOUT_MS: '1000',
        JWT_PUBLIC_KEY: keys.publicPem,
      }),
    );
    await gateway.init();
    await gateway.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await gateway?.close();
    await services?.stop();
    server?.kill();
    if (previousNatsUrl === undefined) delete process.env.NATS_URL;
    else process.env.NATS_URL = previousNatsUrl;
    rmSync(dir, { recursive: true, force: true });
  });

  it("lets the gateway's credentials call a service's delete subject, and the service answer", async () => {
    const { rpc, refused } = await signedInAs('gateway');
    await expect(rpc.call(Subjects.catalog.movies.delete, { id: randomUUID() })).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
    await expect(rpc.call(Subjects.users.deleteViewer, { id: randomUUID() })).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
    expect(refused).toEqual([]);
  });

  it("refuses another service's delete subject to a service's credentials: nothing reaches the service", async () => {
    const { rpc, refused } = await signedInAs('billing');
    await expect(rpc.call(Subjects.catalog.movies.delete, { id: randomUUID() })).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
    // Not even its own subjects as a caller: a service answers them, it does not send them.
    const users = await signedInAs('users');
    await expect(users.rpc.call(Subjects.users.deleteViewer, { id: randomUUID() })).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
    expect(refused).toEqual(['PERMISSIONS_VIOLATION']);
    expect(users.refused).toEqual(['PERMISSIONS_VIOLATION']);
  });

  it("does not let a service answer another service's subjects", async () => {
    const { connection } = await signedInAs('billing');
    const answered = new Promise<string>((resolve) => {
      connection.subscribe(Subjects.catalog.movies.delete, {
        callback: (error) => resolve(error ? error.message : 'subscribed'),
      });
    });
    expect(await answered).toContain(
      'Permissions Violation for Subscription to "chitram.catalog.movies.delete.v1"',
    );
  });

  it('runs the gateway on its own credentials: its health check asks every service', async () => {
    const res = await request(gateway.getHttpServer()).get('/api/health');
    const report = res.body as { services: Record<string, { status: string }> };
    expect(report.services.users.status).toBe('up');
    expect(report.services.catalog.status).toBe('up');
  });

  it("lets the users service's relay write its event and the catalogue consume it; the gateway and other services may not write it", async () => {
    const operator = await signedInAs('operator');
    const jsm = await operator.connection.jetstreamManager();
    const consumer = 'catalog-forget-deleted-viewer';

    // Signing in (auth's call) makes a viewer; the gateway deletes the account; users writes UserDeleted.
    const auth = await signedInAs('auth');
    const viewer = await auth.rpc.call(Subjects.users.findOrCreateViewer, {
      phoneNumber: '+919812345678',
    });
    const gatewayClient = await signedInAs('gateway');
    await gatewayClient.rpc.call(Subjects.users.deleteViewer, { id: viewer._id });

    // The catalogue's durable consumer received it and acknowledged it.
    await waitFor(async () => {
      const info = await jsm.consumers.info('CHITRAM_EVENTS', consumer).catch(() => undefined);
      return !!info && info.delivered.stream_seq > 0 && info.num_ack_pending === 0 && info.num_pending === 0;
    }, 20_000);
    // Every consumer the two services declare was allowed to be made, and no other.
    const made: string[] = [];
    for await (const info of jsm.consumers.list('CHITRAM_EVENTS')) made.push(info.name);
    const declared = [NATS_ACCESS.users, NATS_ACCESS.catalog].flatMap((a) => Object.keys(a.consumes ?? {}));
    expect(made.sort()).toEqual(declared.sort());
    const before = (await jsm.streams.info('CHITRAM_EVENTS')).state.messages;

    // Nobody else writes that event, nor touches the stream itself.
    const forged = new TextEncoder().encode(JSON.stringify({ id: randomUUID() }));
    gatewayClient.connection.publish(Events.userDeleted, forged);
    const catalog = await signedInAs('catalog');
    catalog.connection.publish(Events.userDeleted, forged);
    await Promise.all([gatewayClient.connection.flush(), catalog.connection.flush()]);
    const catalogJsm = await catalog.connection.jetstreamManager();
    await expect(catalogJsm.streams.purge('CHITRAM_EVENTS')).rejects.toThrow(/Permissions Violation/);
    await waitFor(async () => gatewayClient.refused.length > 0 && catalog.refused.length > 1, 5_000);
    expect((await jsm.streams.info('CHITRAM_EVENTS')).state.messages).toBe(before);
  });
});
