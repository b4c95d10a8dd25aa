// What makes `npm test` hermetic: everything it runs against is its own, so it passes whether or not
// `npm start` runs on the same machine and leaves that platform's data exactly as it was.
//
//   folder        <tmp>/chitram-test/run-<pid>-<hex>/ (logs, reports, private servers' data); removed
//                 after a green run, kept (and named) after a red one, pruned once its runner is gone
//   ports         a free block (13000–14200, else 15000–16200, …), claimed by a lock file so that two
//                 runs never take the same one
//   servers       a private NATS (JetStream; a user per app with the permissions of NATS_ACCESS, the
//                 tests as its operator), Redis and S3 storage started on that block; Postgres is
//                 the machine's (databases chitram_test_<pid>_<hex>_<service>, dropped afterwards) or,
//                 if none answers, a private one. Where a Docker engine answers and holds the four
//                 images (or TEST_INFRA=containers), all four are this run's containers instead
//                 (testcontainers, libs/infra/lib/containers.mjs); TEST_INFRA=local never uses them
//   admin         a random e-mail and password, passed to the browser suite as E2E_ADMIN_EMAIL/PASSWORD
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInfrastructure, isListening, isPortFree, probePostgres } from '../../libs/infra/index.mjs';
import { containersForTests } from '../../libs/infra/lib/containers.mjs';
import { INFRA_IMAGES } from '../../libs/infra/lib/images.mjs';
import { processAlive } from '../../libs/infra/lib/processes.mjs';
import { privateNats } from '../../libs/infra/lib/nats-permissions.mjs';
import { DEFAULTS } from '../../libs/infra/lib/resolve.mjs';
import { DEFAULT_PORTS, appSpecs, layoutPorts, shiftPorts } from './layout.mjs';

export const TEST_ROOT = path.join(os.tmpdir(), 'chitram-test');
/** Offsets from the development ports tried in turn: 13000–14200 first (never npm start's 3000–4200). */
export const PORT_OFFSETS = [10_000, 12_000, 14_000, 16_000, 18_000, 20_000, 22_000, 24_000];
const RUN_DIR = /^run-(\d+)-[0-9a-f]+$/;
const TEST_DATABASE = /^chitram_test_(\d+)_[0-9a-f]+_[a-z]+$/;

/**
 * What of the developer's environment the test stages see: the machine's and the tools' own variables,
 * never an app's setting (ADMIN_EMAIL, LOG_LEVEL, NODE_ENV…) meant for their `npm start`, which would
 * otherwise reach the services the tests start.
 */
const PASSED_THROUGH =
  /^(PATH|HOME|USER|LOGNAME|SHELL|LANG|LANGUAGE|LC_\w+|TERM|TZ|TMPDIR|TEMP|TMP|HOSTNAME|CI|DISPLAY|XDG_\w+|NODE_(?!ENV$)\w+|npm_\w+|NPM_\w+|NX_\w+|JEST_\w+|E2E_\w+|CHROMIUM_PATH|PLAYWRIGHT_\w+|FORCE_COLOR|NO_COLOR|TEST_INFRA|(POSTGRES|REDIS|NATS|S3)_IMAGE|DOCKER_\w+|TESTCONTAINERS_\w+|SSL_CERT_\w+|\w+_CA_(BUNDLE|CERTS)|(HTTPS?|NO|ALL)_PROXY|(https?|no|all)_proxy)$/;

/** @param {NodeJS.ProcessEnv} env  the developer's environment */
export function hermeticEnv(env) {
  return Object.fromEntries(
    Object.entries(env).filter(([name, value]) => typeof value === 'string' && PASSED_THROUGH.test(name)),
  );
}

/**
 * @typedef {object} TestRun
 * @property {string} id          `<pid>_<hex>`
 * @property {string} dir         this run's folder
 * @property {string} resultsDir  jest and node:test reports
 */

/**
 * This run's folder (and the removal of those left by runs whose runner is gone).
 * @param {{ root?: string, log: (line: string) => void }} o
 * @returns {TestRun}
 */
export function createTestRun({ root = TEST_ROOT, log }) {
  fs.mkdirSync(root, { recursive: true });
  for (const name of fs.readdirSync(root)) {
    const pid = Number(RUN_DIR.exec(name)?.[1]);
    if (pid && pid !== process.pid && !processAlive(pid)) {
      fs.rmSync(path.join(root, name), { recursive: true, force: true });
      log(`removed ${path.join(root, name)} (its run is over)`);
    }
  }
  const hex = randomBytes(2).toString('hex');
  const dir = path.join(root, `run-${process.pid}-${hex}`);
  const resultsDir = path.join(dir, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  return { id: `${process.pid}_${hex}`, dir, resultsDir };
}

/**
 * @typedef {object} TestPlatformSettings
 * @property {Record<string, string>} env   for the test platform: the machine's variables (hermeticEnv),
 *   infrastructure (private NATS, Redis, S3; Postgres), admin, keys
 * @property {Record<string, string>} infraEnv  the servers' variables for the integration tests (NATS_URL
 *   signed in as the operator)
 * @property {import('./platform.mjs').NatsUsers | undefined} natsUsers  each app's own NATS user
 *   (undefined when NATS_URL names a server of the environment's, without users)
 * @property {typeof DEFAULT_PORTS} ports   the first instances' ports in the claimed block
 * @property {string} databasePrefix
 * @property {{ email: string, password: string }} admin
 * @property {import('../../libs/infra/lib/resolve.mjs').Infrastructure} infra
 * @property {(o?: { keepFolder?: boolean }) => Promise<void>} cleanUp  drops the databases, stops the
 *   servers, frees the block, removes the folder (unless kept); idempotent
 */

/**
 * Claims a port block, starts the private servers and names the databases and the admin.
 * @param {TestRun} run
 * @param {{ instances: number, log: (line: string) => void, env?: NodeJS.ProcessEnv, lockRoot?: string }} o
 * @returns {Promise<TestPlatformSettings>}
 */
export async function prepareTestPlatform(run, { instances, log, env = process.env, lockRoot = TEST_ROOT }) {
  const block = await claimPortBlock({ instances, lockRoot });
  const undo = [block.release];
  const cleanUpAll = async () => {
    for (const step of undo.splice(0).reverse()) await step().catch((e) => log(`clean-up: ${e.message}`));
  };
  try {
    log(`test platform: ports ${Math.min(...block.wanted)}–${Math.max(...block.wanted)}, folder ${run.dir}`);
    const infraPorts = shiftPorts(DEFAULTS.ports, block.offset);
    // Containers (testcontainers) where an engine answers and holds the images, else servers of this
    // machine: the machine's Postgres is shared (our databases have names of their own); without one,
    // our own. With containers, every server is a container of this run's.
    const { containers, why } = containersForTests(env);
    log(`test platform: ${containers ? 'containers' : "this machine's servers"} (${why})`);
    const sharedPostgres = env.DATABASE_URL || postgresUrl(DEFAULTS.ports.postgres);
    const usePostgres = !!env.DATABASE_URL || (!containers && (await probePostgres(sharedPostgres)).ok);
    const nats = privateNats(path.join(run.dir, 'nats.conf'));
    const infra = await ensureInfrastructure({
      dataDir: run.dir,
      log: (line) => log(line),
      env: {
        ...pick(env, [
          'S3_ACCESS_KEY',
          'S3_SECRET_KEY',
          'S3_REGION',
          ...Object.values(INFRA_IMAGES).map((i) => i.variable),
        ]),
        ...(containers ? { TEST_INFRA: 'containers' } : {}),
        ...(usePostgres ? { DATABASE_URL: sharedPostgres } : {}),
        S3_BUCKET: 'chitram-test-media',
      },
      own: usePostgres ? ['redis', 'nats', 's3'] : ['postgres', 'redis', 'nats', 's3'],
      ports: infraPorts,
      nats: nats.options,
    });
    undo.push(() => infra.stop());
    for (const u of infra.used) log(`infra: ${u.name.padEnd(8)} ${u.how}`);
    const natsUsers = nats.usersOn(infra);
    const infraEnv = {
      ...stringsOf(infra.env),
      // What the specs that start servers of their own (libs/test-helpers' platformFor) start.
      TEST_INFRA: containers ? 'containers' : 'local',
      ...(natsUsers ? { NATS_URL: natsUsers.operatorUrl } : {}),
    };

    const databasePrefix = `chitram_test_${run.id}_`;
    const databaseUrl = /** @type {string} */ (infra.env.DATABASE_URL);
    await dropTestDatabases(databaseUrl, (name, pid) => pid !== process.pid && !processAlive(pid), log);
    undo.push(() => dropTestDatabases(databaseUrl, (name) => name.startsWith(databasePrefix), log));

    // The demo videos' sources are made once by ffmpeg and kept for later runs.
    const videos = path.join(path.dirname(run.dir), 'demo-videos');
    fs.mkdirSync(videos, { recursive: true });
    fs.symlinkSync(videos, path.join(run.dir, 'demo-videos'));

    const admin = {
      email: `admin-${randomBytes(4).toString('hex')}@test.chitram.in`,
      password: randomBytes(18).toString('base64url'),
    };
    /** @type {Record<string, string>} */
    const platformEnv = {
      ...hermeticEnv(env),
      ...infraEnv,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      JWT_DEV_KEY_FILE: path.join(run.dir, 'dev-jwt-ed25519.pem'),
      // Given, so that no app makes or reads the development token file under .data/.
      MEDIA_INTERNAL_TOKEN: randomBytes(32).toString('hex'),
      VIDEO_UPLOAD_DIR: path.join(run.dir, 'video-uploads'),
    };

    return {
      env: platformEnv,
      infraEnv,
      natsUsers,
      ports: block.ports,
      databasePrefix,
      admin,
      infra,
      async cleanUp({ keepFolder = false } = {}) {
        await cleanUpAll();
        if (!keepFolder) fs.rmSync(run.dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await cleanUpAll();
    throw error;
  }
}

/**
 * The first block of PORT_OFFSETS whose lock this process gets and whose ports (apps, control API, and
 * the private servers') are all free.
 * @param {{ instances: number, lockRoot: string, offsets?: number[], free?: (port: number) => Promise<boolean> }} o
 * @returns {Promise<{ offset: number, ports: typeof DEFAULT_PORTS, wanted: number[], release: () => Promise<void> }>}
 */
export async function claimPortBlock({ instances, lockRoot, offsets = PORT_OFFSETS, free = portFree }) {
  fs.mkdirSync(lockRoot, { recursive: true });
  for (const offset of offsets) {
    const lock = path.join(lockRoot, `ports-${offset}.lock`);
    if (!takeLock(lock)) continue;
    const release = async () => {
      if (readPid(lock) === process.pid) fs.rmSync(lock, { force: true });
    };
    const ports = shiftPorts(DEFAULT_PORTS, offset);
    const wanted = [
      ...layoutPorts(ports, appSpecs(ports, { instances })).map(([, port]) => port),
      ...Object.values(shiftPorts(DEFAULTS.ports, offset)),
    ];
    const checks = await Promise.all(wanted.map((port) => free(port)));
    if (checks.every(Boolean)) return { offset, ports, wanted, release };
    await release();
  }
  throw new Error(
    `no free block of ports for the test platform (tried from ${DEFAULT_PORTS.shell + offsets[0]}); locks in ${lockRoot}`,
  );
}

/** Creates `file` holding this pid; takes it over if the pid in it is gone. */
function takeLock(file) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return true;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      const holder = readPid(file);
      if (holder && processAlive(holder)) return false;
      fs.rmSync(file, { force: true });
    }
  }
  return false;
}

/**
 * Drops the test databases `which` picks (by name and the pid in it); only on a server on this machine,
 * where the pid means something.
 * @param {string} serverUrl
 * @param {(name: string, pid: number) => boolean} which
 * @param {(line: string) => void} log
 */
async function dropTestDatabases(serverUrl, which, log) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(serverUrl).hostname)) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT datname FROM pg_database WHERE datname LIKE 'chitram\\_test\\_%' ORDER BY datname",
    );
    for (const { datname } of rows) {
      const match = TEST_DATABASE.exec(datname);
      if (!match || !which(datname, Number(match[1]))) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      log(`dropped database ${datname}`);
    }
  } finally {
    await client.end();
  }
}

const postgresUrl = (port) => `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;

async function portFree(port) {
  return (await isPortFree(port)) && !(await isListening(port));
}

function readPid(file) {
  try {
    return Number(fs.readFileSync(file, 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** @param {NodeJS.ProcessEnv} env @param {string[]} names */
function pick(env, names) {
  return Object.fromEntries(names.filter((n) => env[n]).map((n) => [n, /** @type {string} */ (env[n])]));
}

/** @param {Record<string, unknown>} env */
function stringsOf(env) {
  return /** @type {Record<string, string>} */ (
    Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string'))
  );
}
