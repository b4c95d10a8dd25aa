// TEST_INFRA=containers: the same four servers from images, through testcontainers, where a Docker engine
// answers; each image named by a variable (images.mjs: POSTGRES_IMAGE, REDIS_IMAGE, NATS_IMAGE, S3_IMAGE),
// the official one by default and the one `npm run images` made where only that is there. Containers are
// removed on stop, and by testcontainers' reaper if this process dies; where the reaper's image is not
// on the engine (no registry to pull it from), the containers that a dead process left are removed by
// the next start instead (they carry their owner's pid).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { infraImage, imagePresent, isMadeImage } from './images.mjs';
import { processAlive } from './processes.mjs';
import { NAMES } from './resolve.mjs';

const STARTUP_TIMEOUT_MS = 180_000;

/** The label naming the process that started a container. */
const OWNER_LABEL = 'in.chitram.test-owner-pid';

/** True if `docker info` succeeds, i.e. a Docker engine answers. */
export function dockerAvailable() {
  try {
    return spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  } catch {
    return false;
  }
}

/** Removes the containers whose owning process (on this machine) is gone. */
function removeOrphans() {
  const listed = spawnSync(
    'docker',
    ['ps', '-a', '--filter', `label=${OWNER_LABEL}`, '--format', `{{.ID}} {{.Label "${OWNER_LABEL}"}}`],
    { encoding: 'utf8' },
  );
  const orphans = (listed.stdout ?? '')
    .split('\n')
    .map((line) => line.trim().split(' '))
    .filter(([id, pid]) => id && pid && !processAlive(Number(pid)))
    .map(([id]) => id);
  if (orphans.length) spawnSync('docker', ['rm', '-f', '-v', ...orphans], { stdio: 'ignore' });
}

/**
 * @param {Array<'postgres' | 'redis' | 'nats' | 's3'>} names
 * @param {{ postgresPassword: string, accessKey: string, secretKey: string, region: string,
 *   nats?: { configFile?: string }, env?: NodeJS.ProcessEnv }} o  `nats.configFile`: a nats-server
 *   configuration (users and permissions) the NATS container reads
 * @returns {Promise<Record<string, import('./starters.mjs').Started>>}
 */
export async function startContainers(names, o) {
  const env = o.env ?? process.env;
  const { GenericContainer, Wait } = await import('testcontainers');
  // The reaper is an image of its own; without it the owner's pid label does its work (above).
  const { REAPER_IMAGE } = createRequire(import.meta.url)('testcontainers/build/reaper/reaper');
  if (!imagePresent(REAPER_IMAGE)) process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  removeOrphans();
  /**
   * A container of `image`, labelled with this process, started; what it runs is set by `setUp`. Given
   * three minutes to answer (testcontainers' default is one): a loaded two-core machine needs them.
   */
  const started = async (/** @type {string} */ image, /** @type {(c: any) => any} */ setUp) =>
    setUp(
      new GenericContainer(image)
        .withLabels({ [OWNER_LABEL]: String(process.pid) })
        .withStartupTimeout(STARTUP_TIMEOUT_MS),
    ).start();
  /** @type {Record<string, () => Promise<import('./starters.mjs').Started>>} */
  const recipes = {
    postgres: async () => {
      const image = infraImage('postgres', env);
      const c = await started(image, (c) =>
        c
          .withEnvironment({ POSTGRES_PASSWORD: o.postgresPassword })
          // Tests need no durability: as the machine's test servers, without waiting for the disk.
          .withCommand(['postgres', '-c', 'fsync=off', '-c', 'max_connections=300'])
          .withExposedPorts(5432)
          // Over TCP: the official image's first-start server listens on its socket only.
          .withWaitStrategy(Wait.forSuccessfulCommand('pg_isready -h 127.0.0.1 -U postgres')),
      );
      const url = `postgres://postgres:${encodeURIComponent(o.postgresPassword)}@${c.getHost()}:${c.getMappedPort(5432)}/postgres`;
      return {
        env: { DATABASE_URL: url },
        how: `container ${image} on :${c.getMappedPort(5432)}`,
        stop: () => c.stop().then(() => {}),
      };
    },
    redis: async () => {
      const image = infraImage('redis', env);
      const c = await started(image, (c) =>
        c.withExposedPorts(6379).withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/)),
      );
      return {
        env: { REDIS_URL: `redis://${c.getHost()}:${c.getMappedPort(6379)}` },
        how: `container ${image} on :${c.getMappedPort(6379)}`,
        stop: () => c.stop().then(() => {}),
      };
    },
    nats: async () => {
      const image = infraImage('nats', env);
      const config = o.nats?.configFile;
      const c = await started(image, (c) =>
        (config
          ? c
              .withCopyFilesToContainer([{ source: config, target: '/etc/nats/chitram.conf', mode: 0o644 }])
              .withCommand(['-c', '/etc/nats/chitram.conf', '-js'])
          : c.withCommand(['-js'])
        )
          .withExposedPorts(4222)
          .withWaitStrategy(Wait.forLogMessage(/Server is ready/)),
      );
      return {
        env: { NATS_URL: `nats://${c.getHost()}:${c.getMappedPort(4222)}` },
        how: `container ${image} -js${config ? ' (users of its configuration)' : ''} on :${c.getMappedPort(4222)}`,
        stop: () => c.stop().then(() => {}),
      };
    },
    s3: async () => {
      const image = infraImage('s3', env);
      const c = await started(image, (c) =>
        c
          .withCommand(['server', '/data'])
          .withEnvironment({
            MINIO_ROOT_USER: o.accessKey,
            MINIO_ROOT_PASSWORD: o.secretKey,
            MINIO_REGION: o.region,
          })
          .withExposedPorts(9000)
          .withWaitStrategy(
            // The one made here answers a signed request once it serves; MinIO has its health route.
            isMadeImage(image)
              ? Wait.forSuccessfulCommand('node /opt/chitram-s3/chitram-s3.mjs ready')
              : Wait.forHttp('/minio/health/live', 9000),
          ),
      );
      return {
        env: {
          S3_ENDPOINT: `http://${c.getHost()}:${c.getMappedPort(9000)}`,
          S3_ACCESS_KEY: o.accessKey,
          S3_SECRET_KEY: o.secretKey,
          S3_REGION: o.region,
        },
        how: `container ${image} on :${c.getMappedPort(9000)}`,
        stop: () => c.stop().then(() => {}),
      };
    },
  };
  const settled = await Promise.allSettled(names.map((name) => recipes[name]()));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(
      settled.map((s) => (s.status === 'fulfilled' ? s.value.stop().catch(() => {}) : undefined)),
    );
    const reason = /** @type {PromiseRejectedResult} */ (failed).reason;
    throw new Error(
      `${reason?.message ?? reason} (images: ${names.map((n) => infraImage(n, env)).join(', ')}; where no registry answers, \`npm run images -- postgres redis nats s3\` makes them)`,
    );
  }
  return Object.fromEntries(
    names.map((name, i) => [name, /** @type {PromiseFulfilledResult<any>} */ (settled[i]).value]),
  );
}

/**
 * Whether a test run's servers are containers: TEST_INFRA=containers asks for them (where an engine
 * answers), TEST_INFRA=local refuses them, and unset they are used when an engine answers and holds an
 * image for each of the four (INFRA_IMAGES' choice), so that nothing waits on a registry. Answers the
 * choice and why, for the run's log.
 * @param {NodeJS.ProcessEnv} env
 * @param {{ docker?: () => boolean, present?: (image: string) => boolean }} [deps]
 * @returns {{ containers: boolean, why: string }}
 */
export function containersForTests(env, { docker = dockerAvailable, present = imagePresent } = {}) {
  if (env.TEST_INFRA === 'local') return { containers: false, why: 'TEST_INFRA=local' };
  if (env.TEST_INFRA && env.TEST_INFRA !== 'containers')
    throw new Error(`TEST_INFRA must be containers or local, not ${env.TEST_INFRA}`);
  if (!docker())
    return {
      containers: false,
      why: `no Docker engine answers${env.TEST_INFRA ? ' (TEST_INFRA=containers asked for one)' : ''}`,
    };
  if (env.TEST_INFRA === 'containers') return { containers: true, why: 'TEST_INFRA=containers' };
  const images = NAMES.map((name) => infraImage(name, env, present));
  const missing = images.filter((image) => !present(image));
  return missing.length
    ? { containers: false, why: `the Docker engine lacks ${missing.join(', ')} (npm run images makes them)` }
    : { containers: true, why: `a Docker engine answers and holds ${images.join(', ')}` };
}
