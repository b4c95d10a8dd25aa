// @chitram/infra: finds or starts Postgres, Redis, NATS (JetStream) and S3 storage, for `npm start` and `npm test`.
//
//   const infra = await ensureInfrastructure({ dataDir: '.data' });
//   spawn(..., { env: { ...process.env, ...infra.env } });
//   await infra.stop(); // stops only what it started
import { dockerAvailable, startContainers } from './lib/containers.mjs';
import { ensureBucket, probeNats, probePostgres, probeRedis, probeS3 } from './lib/probes.mjs';
import { findFreePort } from './lib/processes.mjs';
import { createEnsureInfrastructure } from './lib/resolve.mjs';
import {
  postgresPassword,
  runningPostgresUrl,
  startNats,
  startPostgres,
  startRedis,
  startS3,
} from './lib/starters.mjs';

/**
 * For each of Postgres, Redis, NATS and S3: what the environment names (DATABASE_URL, REDIS_URL, NATS_URL,
 * S3_ENDPOINT + S3_ACCESS_KEY/S3_SECRET_KEY), else a server on the usual local port that passes a real
 * handshake, else one started here with its data under `dataDir` (TEST_INFRA=containers: containers, if
 * Docker answers). The bucket S3_BUCKET (default chitram-media) exists afterwards.
 * @type {(options: { dataDir: string, log?: (line: string) => void, env?: NodeJS.ProcessEnv, only?: Array<'postgres' | 'redis' | 'nats' | 's3'>, ports?: Partial<Record<'postgres' | 'redis' | 'nats' | 's3', number>> }) => Promise<import('./lib/resolve.mjs').Infrastructure>}
 */
export const ensureInfrastructure = createEnsureInfrastructure({
  probe: { postgres: probePostgres, redis: probeRedis, nats: probeNats, s3: probeS3 },
  start: { postgres: startPostgres, redis: startRedis, nats: startNats, s3: startS3 },
  findFreePort,
  ensureBucket,
  postgresPassword,
  runningPostgresUrl,
  dockerAvailable,
  startContainers,
});

export { createEnsureInfrastructure, DEFAULTS, NAMES } from './lib/resolve.mjs';
export { probeNats, probePostgres, probeRedis, probeS3 } from './lib/probes.mjs';
export {
  findFreePort,
  isListening,
  isPortFree,
  spawnManaged,
  tailFile,
  waitUntil,
} from './lib/processes.mjs';
