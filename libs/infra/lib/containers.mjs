// TEST_INFRA=containers: the same four servers from images, through testcontainers, where a Docker engine
// answers. Containers are removed on stop (and by testcontainers' reaper if this process dies).
import { spawnSync } from 'node:child_process';

/** True if `docker info` succeeds, i.e. a Docker engine answers. */
export function dockerAvailable() {
  try {
    return spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  } catch {
    return false;
  }
}

/**
 * @param {Array<'postgres' | 'redis' | 'nats' | 's3'>} names
 * @param {{ postgresPassword: string, accessKey: string, secretKey: string, region: string }} o
 * @returns {Promise<Record<string, import('./starters.mjs').Started>>}
 */
export async function startContainers(names, o) {
  const { GenericContainer, Wait } = await import('testcontainers');
  /** @type {Record<string, () => Promise<import('./starters.mjs').Started>>} */
  const recipes = {
    postgres: async () => {
      const c = await new GenericContainer('postgres:16')
        .withEnvironment({ POSTGRES_PASSWORD: o.postgresPassword })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start();
      const url = `postgres://postgres:${encodeURIComponent(o.postgresPassword)}@${c.getHost()}:${c.getMappedPort(5432)}/postgres`;
      return {
        env: { DATABASE_URL: url },
        how: `container postgres:16 on :${c.getMappedPort(5432)}`,
        stop: () => c.stop().then(() => {}),
      };
    },
    redis: async () => {
      const c = await new GenericContainer('redis:7')
        .withExposedPorts(6379)
        .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
        .start();
      return {
        env: { REDIS_URL: `redis://${c.getHost()}:${c.getMappedPort(6379)}` },
        how: `container redis:7 on :${c.getMappedPort(6379)}`,
        stop: () => c.stop().then(() => {}),
      };
    },
    nats: async () => {
      const c = await new GenericContainer('nats:2.10')
        .withCommand(['-js'])
        .withExposedPorts(4222)
        .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
        .start();
      return {
        env: { NATS_URL: `nats://${c.getHost()}:${c.getMappedPort(4222)}` },
        how: `container nats:2.10 -js on :${c.getMappedPort(4222)}`,
        stop: () => c.stop().then(() => {}),
      };
    },
    s3: async () => {
      const c = await new GenericContainer('minio/minio')
        .withCommand(['server', '/data'])
        .withEnvironment({
          MINIO_ROOT_USER: o.accessKey,
          MINIO_ROOT_PASSWORD: o.secretKey,
          MINIO_REGION: o.region,
        })
        .withExposedPorts(9000)
        .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
        .start();
      return {
        env: {
          S3_ENDPOINT: `http://${c.getHost()}:${c.getMappedPort(9000)}`,
          S3_ACCESS_KEY: o.accessKey,
          S3_SECRET_KEY: o.secretKey,
          S3_REGION: o.region,
        },
        how: `container minio/minio on :${c.getMappedPort(9000)}`,
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
    throw /** @type {PromiseRejectedResult} */ (failed).reason;
  }
  return Object.fromEntries(
    names.map((name, i) => [name, /** @type {PromiseFulfilledResult<any>} */ (settled[i]).value]),
  );
}
