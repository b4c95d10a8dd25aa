import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const PLATFORM_MAIN = join(__dirname, '../../infra/lib/platform-main.mjs');

export type InfraServer = 'postgres' | 'redis' | 'nats' | 's3';

/**
 * The servers each back-end app needs, as docker-compose.yml's `depends_on` has them (its object
 * storage, MinIO there, is `s3`); platform-for.spec.ts keeps the two in step.
 */
export const SERVICE_DEPENDENCIES = {
  auth: ['postgres', 'nats', 'redis'],
  catalog: ['postgres', 'nats', 'redis'],
  billing: ['postgres', 'nats'],
  media: ['postgres', 'nats', 'redis', 's3'],
  users: ['postgres', 'nats'],
  gateway: ['nats', 'redis'],
} as const satisfies Record<string, readonly InfraServer[]>;

export type PlatformApp = keyof typeof SERVICE_DEPENDENCIES;

/** One app's servers, of its own. */
export interface ServicePlatform {
  /**
   * The app's variables for them: DATABASE_URL and DATABASE_NAME (the app's database, which its
   * migrations create), NATS_URL, REDIS_URL, S3_ENDPOINT/S3_ACCESS_KEY/S3_SECRET_KEY/S3_REGION/
   * S3_BUCKET (the bucket exists), only those the app needs.
   */
  env: Record<string, string>;
  /** How each server came: `container` (testcontainers) or `started` (a process of this machine). */
  used: Array<{ name: InfraServer; source: string; how: string }>;
  /** Stops the servers and removes their data. */
  stop(): Promise<void>;
}

/**
 * A one-call platform for a team testing one app: the servers it needs and nothing else, fresh and of
 * its own, e.g. `await platformFor('billing')` gives Postgres and NATS (JetStream). Containers where a
 * Docker engine answers and holds the images (or TEST_INFRA=containers; the images are those of
 * POSTGRES_IMAGE, REDIS_IMAGE, NATS_IMAGE, S3_IMAGE, official by default), else servers started on this
 * machine as `npm test` starts its own (libs/infra/lib/platform-main.mjs). The servers outlive a crash
 * of the test by no more than their watchdog's (or the next run's) clean-up.
 */
export async function platformFor(app: PlatformApp): Promise<ServicePlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), `chitram-platform-${app}-`));
  chmodSync(dataDir, 0o755); // Postgres runs as the user postgres when the tests run as root
  const child = spawn(process.execPath, [PLATFORM_MAIN, dataDir, ...SERVICE_DEPENDENCIES[app]], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr.on('data', (d: Buffer) => errors.push(d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin.end();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  const answer = first.done
    ? { state: 'failed', error: 'it stopped' }
    : (JSON.parse(first.value) as {
        state: string;
        error?: string;
        env?: Record<string, string>;
        used?: ServicePlatform['used'];
      });
  if (answer.state !== 'up' || !answer.env || !answer.used) {
    await stop();
    throw new Error(`platformFor(${app}): ${answer.error}\n${errors.join('')}`);
  }
  const env = { ...answer.env };
  if (env.DATABASE_URL) env.DATABASE_NAME = `chitram_${app}`;
  return { env, used: answer.used, stop };
}
