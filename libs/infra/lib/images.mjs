// The images of the four servers, for the testcontainers path (containers.mjs) and docker compose
// (deploy/compose-smoke.mjs, deploy/images/build.mjs), each named by a variable: a real deployment keeps
// the official images and MinIO; where no registry answers, `npm run images` makes stand-ins from
// Debian's packages and npm (deploy/images/infra-base.sh, deploy/images/s3.Dockerfile).
import { spawnSync } from 'node:child_process';

/** @typedef {'postgres' | 'redis' | 'nats' | 's3'} InfraName */

/**
 * Per server: the variable that names its image, the official image, and the one made here.
 * The made ones take the official ones' command lines, variables and data folders (see their recipes).
 * @type {Record<InfraName, { variable: string, official: string, made: string }>}
 */
export const INFRA_IMAGES = {
  postgres: { variable: 'POSTGRES_IMAGE', official: 'postgres:16', made: 'chitram-local/postgres:15' },
  redis: { variable: 'REDIS_IMAGE', official: 'redis:7', made: 'chitram-local/redis:7' },
  // The alpine variant, for the shell and wget that compose's health check needs.
  nats: { variable: 'NATS_IMAGE', official: 'nats:2.10-alpine', made: 'chitram-local/nats:2.9' },
  s3: {
    variable: 'S3_IMAGE',
    official: 'minio/minio:RELEASE.2025-04-22T22-12-26Z',
    made: 'chitram-local/s3:local',
  },
};

/** Whether the Docker engine holds the image already. */
export function imagePresent(image) {
  return spawnSync('docker', ['image', 'inspect', image], { stdio: 'ignore' }).status === 0;
}

/**
 * The image a server runs from: its variable if set; else the official image if the engine has it;
 * else the one made here if the engine has that; else the official one (to be pulled). Nothing is
 * pulled or built here, so a choice costs no network wait.
 * @param {InfraName} name
 * @param {NodeJS.ProcessEnv} [env]
 * @param {(image: string) => boolean} [present]
 */
export function infraImage(name, env = process.env, present = imagePresent) {
  const { variable, official, made } = INFRA_IMAGES[name];
  if (env[variable]) return env[variable];
  if (present(official)) return official;
  return present(made) ? made : official;
}

/** Whether `image` is one of those made here (they differ from MinIO in their S3 server's commands). */
export function isMadeImage(image) {
  return Object.values(INFRA_IMAGES).some((i) => i.made === image);
}
