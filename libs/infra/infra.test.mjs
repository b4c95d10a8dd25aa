// The decision order of ensureInfrastructure, with fake probes and starters: `node --test libs/infra`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { createEnsureInfrastructure } from './lib/resolve.mjs';
import { probeNats, probeRedis } from './lib/probes.mjs';
import { startNats } from './lib/starters.mjs';
import { findFreePort, spawnManaged } from './lib/processes.mjs';

const OK = { ok: true };
const NOTHING = { ok: false, listening: false, reason: 'ECONNREFUSED' };
const SQUATTER = { ok: false, listening: true, reason: 'not this protocol' };

/**
 * Fakes that record every call; `probes` maps a name to the answer on its usual port.
 * @param {{ probes?: Record<string, any>, docker?: boolean, leftOverPostgres?: string, failStart?: string, busyPorts?: number[] }} [o]
 */
function fakes({ probes = {}, docker = false, leftOverPostgres, failStart, busyPorts = [] } = {}) {
  const calls = [];
  const stopped = [];
  /** @type {Array<Record<string, unknown>>} every starter's options */
  const starts = [];
  const started = (name) => async (o) => {
    calls.push(['start', name, o.port, o.dataDir]);
    starts.push({ name, ...o });
    if (failStart === name) throw new Error(`${name} would not start`);
    const env = {
      postgres: { DATABASE_URL: `postgres://postgres:pw@127.0.0.1:${o.port}/postgres` },
      redis: { REDIS_URL: `redis://127.0.0.1:${o.port}` },
      nats: { NATS_URL: `nats://127.0.0.1:${o.port}` },
      s3: {
        S3_ENDPOINT: `http://127.0.0.1:${o.port}`,
        S3_ACCESS_KEY: o.accessKey,
        S3_SECRET_KEY: o.secretKey,
        S3_REGION: o.region,
      },
    }[name];
    return { env, how: `own ${name} on :${o.port}`, stop: async () => void stopped.push(name) };
  };
  const probe = (name) => async (target) => {
    calls.push(['probe', name, typeof target === 'string' ? target : target.endpoint]);
    return probes[name] ?? NOTHING;
  };
  const deps = {
    probe: { postgres: probe('postgres'), redis: probe('redis'), nats: probe('nats'), s3: probe('s3') },
    start: {
      postgres: started('postgres'),
      redis: started('redis'),
      nats: started('nats'),
      s3: started('s3'),
    },
    findFreePort: async (from) => {
      let port = from;
      while (busyPorts.includes(port)) port++;
      return port;
    },
    ensureBucket: async (s3, bucket) => (calls.push(['bucket', s3.endpoint, bucket, s3.accessKey]), true),
    postgresPassword: () => 'pw',
    runningPostgresUrl: async () => leftOverPostgres,
    dockerAvailable: () => docker,
    startContainers: async (names) => {
      calls.push(['containers', ...names]);
      return Object.fromEntries(
        names.map((n) => [
          n,
          {
            env: { [`${n.toUpperCase()}_FROM`]: 'container' },
            how: `container ${n}`,
            stop: async () => void stopped.push(n),
          },
        ]),
      );
    },
  };
  const lines = [];
  return {
    ensure: createEnsureInfrastructure(deps),
    calls,
    starts,
    stopped,
    lines,
    log: (line) => lines.push(line),
  };
}

describe('ensureInfrastructure', () => {
  test('uses what the environment names, as given, without probing', async () => {
    const f = fakes();
    const env = {
      DATABASE_URL: 'postgres://u:p@db.example:5432/x',
      REDIS_URL: 'redis://cache.example:6379',
      NATS_URL: 'nats://bus.example:4222',
      S3_ENDPOINT: 'https://s3.example',
      S3_ACCESS_KEY: 'AK',
      S3_SECRET_KEY: 'SK',
      S3_BUCKET: 'media',
    };
    const infra = await f.ensure({ dataDir: '.data', env, log: f.log });
    assert.equal(infra.env.DATABASE_URL, env.DATABASE_URL);
    assert.equal(infra.env.REDIS_URL, env.REDIS_URL);
    assert.equal(infra.env.NATS_URL, env.NATS_URL);
    assert.deepEqual(
      [
        infra.env.S3_ENDPOINT,
        infra.env.S3_ACCESS_KEY,
        infra.env.S3_SECRET_KEY,
        infra.env.S3_REGION,
        infra.env.S3_BUCKET,
      ],
      ['https://s3.example', 'AK', 'SK', 'us-east-1', 'media'],
    );
    assert.deepEqual(f.calls, [['bucket', 'https://s3.example', 'media', 'AK']]);
    assert.deepEqual(infra.started, []);
    assert.deepEqual(
      infra.used.map((u) => u.source),
      ['env', 'env', 'env', 'env'],
    );
  });

  test('uses servers already running on the usual ports when their handshake succeeds', async () => {
    const f = fakes({ probes: { postgres: OK, redis: OK, nats: OK, s3: OK } });
    const infra = await f.ensure({ dataDir: '.data', env: {}, log: f.log });
    assert.deepEqual(infra.env, {
      DATABASE_URL: 'postgres://postgres:pw@127.0.0.1:5432/postgres',
      REDIS_URL: 'redis://127.0.0.1:6379',
      NATS_URL: 'nats://127.0.0.1:4222',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY: 'chitram',
      S3_SECRET_KEY: 'chitram-secret',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'chitram-media',
    });
    assert.equal(f.calls.filter((c) => c[0] === 'start').length, 0);
    await infra.stop();
    assert.deepEqual(f.stopped, [], 'stop() leaves servers it did not start alone');
  });

  test('starts its own on the usual port, with data under dataDir, when nothing listens there', async () => {
    const f = fakes();
    const infra = await f.ensure({ dataDir: '.data', env: {}, log: f.log });
    const starts = f.calls.filter((c) => c[0] === 'start');
    assert.deepEqual(starts.map((c) => [c[1], c[2]]).sort(), [
      ['nats', 4222],
      ['postgres', 5432],
      ['redis', 6379],
      ['s3', 9000],
    ]);
    for (const c of starts) assert.equal(c[3], path.resolve('.data'));
    assert.deepEqual(
      infra.started.map((s) => s.name),
      ['postgres', 'redis', 'nats', 's3'],
    );
    assert.deepEqual(f.calls.at(-1), ['bucket', 'http://127.0.0.1:9000', 'chitram-media', 'chitram']);
    await infra.stop();
    await infra.stop();
    assert.deepEqual([...f.stopped].sort(), ['nats', 'postgres', 'redis', 's3'], 'each stopped once');
  });

  test('takes the next free port when the usual one holds something it cannot use', async () => {
    const f = fakes({ probes: { postgres: SQUATTER, redis: OK, nats: SQUATTER, s3: OK } });
    const infra = await f.ensure({ dataDir: '.data', env: {}, log: f.log });
    assert.deepEqual(
      f.calls
        .filter((c) => c[0] === 'start')
        .map((c) => [c[1], c[2]])
        .sort(),
      [
        ['nats', 4223],
        ['postgres', 5433],
      ],
    );
    assert.equal(infra.env.NATS_URL, 'nats://127.0.0.1:4223');
    assert.equal(infra.env.REDIS_URL, 'redis://127.0.0.1:6379');
    assert.ok(f.lines.some((l) => l.includes('port 4222') && l.includes('not this protocol')));
  });

  test('does not start on a port found busy even when the probe saw nothing there', async () => {
    const f = fakes({ probes: { postgres: OK, nats: OK, s3: OK }, busyPorts: [6379, 6380] });
    const infra = await f.ensure({ dataDir: '.data', env: {}, log: f.log });
    assert.equal(infra.env.REDIS_URL, 'redis://127.0.0.1:6381');
  });

  test('reuses its own PostgreSQL left running from an earlier start instead of starting another', async () => {
    const leftOver = 'postgres://postgres:pw@127.0.0.1:5433/postgres';
    const f = fakes({ probes: { redis: OK, nats: OK, s3: OK }, leftOverPostgres: leftOver });
    const infra = await f.ensure({ dataDir: '.data', env: {}, log: f.log });
    assert.equal(infra.env.DATABASE_URL, leftOver);
    assert.equal(f.calls.filter((c) => c[0] === 'start').length, 0);
  });

  test('the environment wins over a local server, a local server over starting one', async () => {
    const f = fakes({ probes: { redis: OK } });
    const infra = await f.ensure({
      dataDir: '.data',
      env: { DATABASE_URL: 'postgres://x@h/db' },
      log: f.log,
    });
    assert.deepEqual(
      infra.used.map((u) => [u.name, u.source]),
      [
        ['postgres', 'env'],
        ['redis', 'local'],
        ['nats', 'started'],
        ['s3', 'started'],
      ],
    );
    assert.ok(!f.calls.some((c) => c[1] === 'postgres'), 'no probe or start for what the environment names');
  });

  test('`only` limits the work and the variables to the servers named', async () => {
    const f = fakes({ probes: { postgres: OK } });
    const infra = await f.ensure({ dataDir: '.data', env: {}, log: f.log, only: ['postgres'] });
    assert.deepEqual(Object.keys(infra.env), ['DATABASE_URL']);
    assert.deepEqual(
      f.calls.map((c) => c[1]),
      ['postgres'],
    );
  });

  test('`ports` changes the usual ports it looks at', async () => {
    const f = fakes({ probes: { redis: OK } });
    const infra = await f.ensure({
      dataDir: '.data',
      env: {},
      log: f.log,
      only: ['redis'],
      ports: { redis: 16379 },
    });
    assert.equal(infra.env.REDIS_URL, 'redis://127.0.0.1:16379');
  });

  test('`own` starts private servers on the first free port from `ports`, ignoring the environment and the usual port', async () => {
    const f = fakes({ probes: { postgres: OK, redis: OK, nats: OK, s3: OK }, busyPorts: [14222] });
    const infra = await f.ensure({
      dataDir: '.data-test',
      env: { NATS_URL: 'nats://shared:4222', REDIS_URL: 'redis://shared:6379' },
      log: f.log,
      own: ['nats', 's3'],
      ports: { nats: 14222, s3: 19000 },
      nats: { configFile: '/tmp/nats.conf' },
    });
    assert.deepEqual(
      infra.used.map((u) => [u.name, u.source]),
      [
        ['postgres', 'local'],
        ['redis', 'env'],
        ['nats', 'started'],
        ['s3', 'started'],
      ],
    );
    assert.equal(infra.env.NATS_URL, 'nats://127.0.0.1:14223');
    assert.equal(infra.env.S3_ENDPOINT, 'http://127.0.0.1:19000');
    assert.ok(!f.calls.some((c) => c[0] === 'probe' && (c[1] === 'nats' || c[1] === 's3')), 'no probe');
    assert.deepEqual(
      f.starts.find((o) => o.name === 'nats')?.configFile,
      '/tmp/nats.conf',
      'the NATS configuration file reaches the starter',
    );
    assert.ok(!f.lines.some((l) => l.includes('is taken')), 'a private server moving on says nothing');
    await infra.stop();
    assert.deepEqual([...f.stopped].sort(), ['nats', 's3']);
  });

  test('TEST_INFRA=containers starts containers for what the environment does not name, if Docker answers', async () => {
    const f = fakes({ docker: true });
    const infra = await f.ensure({
      dataDir: '.data',
      env: { TEST_INFRA: 'containers', REDIS_URL: 'redis://r:1' },
      log: f.log,
    });
    assert.deepEqual(
      f.calls.filter((c) => c[0] !== 'bucket'),
      [['containers', 'postgres', 'nats', 's3']],
    );
    assert.equal(infra.env.REDIS_URL, 'redis://r:1');
    assert.deepEqual(
      infra.started.map((s) => s.name),
      ['postgres', 'nats', 's3'],
    );
    await infra.stop();
    assert.deepEqual([...f.stopped].sort(), ['nats', 'postgres', 's3']);
  });

  test('TEST_INFRA=containers without a Docker engine falls back to local servers and says so', async () => {
    const f = fakes({ docker: false, probes: { postgres: OK, redis: OK, nats: OK, s3: OK } });
    const infra = await f.ensure({ dataDir: '.data', env: { TEST_INFRA: 'containers' }, log: f.log });
    assert.deepEqual(
      infra.used.map((u) => u.source),
      ['local', 'local', 'local', 'local'],
    );
    assert.ok(f.lines.some((l) => l.includes('no Docker engine')));
  });

  test('when one server cannot start, the ones it started are stopped and the error names it', async () => {
    const f = fakes({ failStart: 'nats' });
    await assert.rejects(f.ensure({ dataDir: '.data', env: {}, log: f.log }), /nats would not start/);
    assert.deepEqual([...f.stopped].sort(), ['postgres', 'redis', 's3']);
  });
});

describe('probes', () => {
  /** A TCP server on a free port that answers every connection with `reply`. */
  async function fakeServer(reply) {
    const port = await findFreePort(23000 + Math.floor(Math.random() * 2000));
    const server = net.createServer((socket) => socket.once('data', () => socket.end(reply)));
    await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
    return { port, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  test('Redis: +PONG is usable; another protocol on the port is "listening but unusable"; no server is neither', async () => {
    const redis = await fakeServer('+PONG\r\n');
    const other = await fakeServer('HTTP/1.1 400 Bad Request\r\n\r\n');
    const needsAuth = await fakeServer('-NOAUTH Authentication required.\r\n');
    try {
      assert.deepEqual(await probeRedis(`redis://127.0.0.1:${redis.port}`), { ok: true });
      assert.deepEqual(await probeRedis(`redis://127.0.0.1:${other.port}`), {
        ok: false,
        listening: true,
        reason: 'no PONG: HTTP/1.1 400 Bad Request',
      });
      assert.equal((await probeRedis(`redis://127.0.0.1:${needsAuth.port}`)).ok, false);
    } finally {
      await Promise.all([redis.close(), other.close(), needsAuth.close()]);
    }
    assert.equal(/** @type {any} */ (await probeRedis(`redis://127.0.0.1:${redis.port}`)).listening, false);
  });
});

describe('startNats', () => {
  test('reads a configuration file that requires a user, and probes with the credentials given', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'infra-nats-'));
    const configFile = path.join(dir, 'nats.conf');
    fs.writeFileSync(configFile, 'authorization { users = [ { user: probe, password: "s3cret" } ] }\n');
    const port = await findFreePort(24000 + Math.floor(Math.random() * 2000));
    const nats = await startNats({
      dataDir: dir,
      port,
      log: () => {},
      configFile,
      probeAuth: { user: 'probe', pass: 's3cret' },
    });
    try {
      assert.equal(nats.env.NATS_URL, `nats://127.0.0.1:${port}`);
      assert.equal((await probeNats(nats.env.NATS_URL)).ok, false, 'anonymous clients are refused');
      assert.equal((await probeNats(nats.env.NATS_URL, { user: 'probe', pass: 's3cret' })).ok, true);
    } finally {
      await nats.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('spawnManaged', () => {
  test('stop() asks with SIGTERM, then kills a child that ignores it', async () => {
    const dir = path.join(process.env.TMPDIR ?? '/tmp', `infra-test-${process.pid}`);
    /** @type {(value: unknown) => void} */
    let markUp = () => {};
    const up = new Promise((resolve) => (markUp = resolve));
    const child = await spawnManaged({
      name: 'stubborn',
      command: process.execPath,
      args: [
        '-e',
        "process.on('SIGTERM', () => console.log('ignoring SIGTERM')); console.log('up'); setInterval(() => {}, 1000)",
      ],
      logFile: path.join(dir, 'stubborn.log'),
      pidFile: path.join(dir, 'stubborn.pid'),
      onLine: (line) => line === 'up' && markUp(undefined),
    });
    await up; // its SIGTERM handler is in place
    const t0 = Date.now();
    await child.stop({ killAfterMs: 500 });
    assert.equal(child.running(), false);
    assert.ok(Date.now() - t0 >= 450, 'waited for the grace period');
    assert.deepEqual(await child.exited, { code: null, signal: 'SIGKILL' });
  });
});
