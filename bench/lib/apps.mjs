// The platform's built apps as a benchmark runs them: a service (migrated into a database of its own,
// then started) and the gateway, each a child process on free ports, plus an optional private NATS.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, waitUntil } from './processes.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where the local development servers listen when the environment names none. */
export const LOCAL_DEFAULTS = {
  NATS_URL: 'nats://127.0.0.1:4222',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
};

const START_TIMEOUT_MS = 30_000;

/** NATS_URL and DATABASE_URL from the environment, else the local defaults. */
export function infrastructureEnv(env = process.env) {
  return {
    NATS_URL: env.NATS_URL || LOCAL_DEFAULTS.NATS_URL,
    DATABASE_URL: env.DATABASE_URL || LOCAL_DEFAULTS.DATABASE_URL,
  };
}

/**
 * Builds the workspace once if any of `scripts` (paths relative to the root) is missing.
 * @param {string[]} scripts
 * @param {(line: string) => void} log
 */
export function ensureBuilt(scripts, log) {
  const missing = scripts.filter((script) => !fs.existsSync(path.join(ROOT, script)));
  if (missing.length === 0) return;
  log(`building (missing: ${missing.join(', ')}) with npx nx run-many -t build ...`);
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the build failed (exit ${build.status ?? build.signal})`);
  const still = missing.filter((script) => !fs.existsSync(path.join(ROOT, script)));
  if (still.length) throw new Error(`the build did not produce ${still.join(', ')}`);
}

/** @param {string} url */
async function status(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Migrates `services/<name>` into `databaseName`, then starts it; resolves once its readiness
 * endpoint (database reachable, NATS subscribed) answers 200.
 * @param {import('./processes.mjs').Supervisor} supervisor
 * @param {string} name  e.g. 'billing'
 * @param {{ env: Record<string, string>, databaseName: string, nodeArgs?: string[] }} options
 *   env: NATS_URL, DATABASE_URL, LOG_LEVEL...; nodeArgs: e.g. --cpu-prof to profile it
 */
export async function startService(supervisor, name, { env, databaseName, nodeArgs = [] }) {
  const dir = path.join(ROOT, 'services', name, 'dist');
  const serviceEnv = { ...process.env, ...env, DATABASE_NAME: databaseName };
  await supervisor.run(`${name} migrate`, process.execPath, [path.join(dir, 'migrate.js')], {
    cwd: ROOT,
    env: serviceEnv,
  });
  const healthPort = await findFreePort();
  const child = supervisor.start(name, process.execPath, [...nodeArgs, path.join(dir, 'main.js')], {
    cwd: ROOT,
    env: { ...serviceEnv, HEALTH_PORT: String(healthPort) },
  });
  await waitUntil(
    `${name} service`,
    async () => (await status(`http://127.0.0.1:${healthPort}/health/ready`)) === 200,
    { timeoutMs: START_TIMEOUT_MS, abort: child.failed },
  );
  return child;
}

/**
 * Starts the gateway on a free loopback port; resolves once it answers.
 * @param {import('./processes.mjs').Supervisor} supervisor
 * @param {{ env: Record<string, string>, nodeArgs?: string[], script?: string, name?: string }} options
 *   env: NATS_URL, LOG_LEVEL...; script: another build's main.js (a baseline), name: what logs call it
 */
export async function startGateway(
  supervisor,
  { env, nodeArgs = [], script = path.join(ROOT, 'gateway/dist/main.js'), name = 'gateway' },
) {
  const port = await findFreePort();
  const child = supervisor.start(name, process.execPath, [...nodeArgs, script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil('gateway', async () => (await status(`${url}/api/health/live`)) === 200, {
    timeoutMs: START_TIMEOUT_MS,
    abort: child.failed,
  });
  return { child, url };
}

/**
 * Node flags that make an app write a CPU profile (.cpuprofile, for Chrome's DevTools or any reader of
 * the format) into the folder BENCH_CPU_PROF names when it stops; none when that is unset.
 */
export function profilingArgs(env = process.env) {
  const dir = env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(dir)] : [];
}

/**
 * What makes the apps of a platform started with it (startTestPlatform's env) profile their CPU into
 * the folder BENCH_CPU_PROF names (bench/lib/cpu-profile.cjs: SIGUSR2 cuts a profile); none when unset.
 */
export function cpuProfileEnv(env = process.env) {
  const dir = env.BENCH_CPU_PROF;
  if (!dir) return {};
  const preload = path.join(ROOT, 'bench/lib/cpu-profile.cjs');
  return {
    BENCH_CPU_PROF: path.resolve(dir),
    NODE_OPTIONS: [env.NODE_OPTIONS, `--require ${JSON.stringify(preload)}`].filter(Boolean).join(' '),
  };
}

/** The nats-server binary on PATH, if this machine has one. */
export function natsServerBinary() {
  const found = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/**
 * A NATS server of the benchmark's own on a free loopback port, so that instances started by someone
 * else on the shared server cannot join the service's queue group and take part of the load. With
 * JetStream (a store in a fresh temporary folder, removed when the server stops): the services'
 * outbox relays publish their events to a stream.
 * @param {import('./processes.mjs').Supervisor} supervisor
 * @param {string} binary
 */
export async function startPrivateNats(supervisor, binary) {
  const port = await findFreePort();
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-bench-nats-'));
  const child = supervisor.start(
    'nats-server',
    binary,
    ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store],
    { cwd: os.tmpdir() },
  );
  void child.exited.then(() => fs.rmSync(store, { recursive: true, force: true }));
  await waitUntil(
    'private nats-server',
    () =>
      new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('data', (data) => {
          socket.destroy();
          resolve(data.toString('utf8').startsWith('INFO'));
        });
        socket.once('error', () => resolve(false));
      }),
    { timeoutMs: 10_000, abort: child.failed },
  );
  return { child, url: `nats://127.0.0.1:${port}` };
}
