import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'minio';
import { uniqueName, waitFor } from './index';

const S3RVER_MAIN = join(__dirname, '../../infra/lib/s3rver-main.mjs');
/** The development key pair of libs/infra (what `npm start` and `npm test` give local storage). */
const DEVELOPMENT_KEYS = {
  S3_ACCESS_KEY: 'chitram',
  S3_SECRET_KEY: 'chitram-secret',
  S3_REGION: 'us-east-1',
};

export interface TestObjectStorage {
  /** S3_* variables for a media service, with a bucket of this test's own. */
  env: Record<string, string>;
  /** Every object key in the test's bucket, sorted: to check what an upload left behind. */
  keys(prefix?: string): Promise<string[]>;
  /** Empties and removes the bucket, and stops the server if one was started for the test. */
  destroy(): Promise<void>;
}

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function clientFor(env: Record<string, string>): Client {
  const endpoint = new URL(env.S3_ENDPOINT);
  const useSSL = endpoint.protocol === 'https:';
  return new Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port || (useSSL ? 443 : 80)),
    useSSL,
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    region: env.S3_REGION,
    pathStyle: true,
  });
}

async function answers(env: Record<string, string>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      clientFor(env).listBuckets(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 2000);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Real S3-compatible storage for integration tests: the one `npm test` provides (S3_ENDPOINT), else an
 * s3rver started here on a free port, never the storage of a development platform on the usual port.
 * Each test file gets a fresh bucket, so "nothing is left in storage" can be checked exactly.
 */
export async function testObjectStorage(): Promise<TestObjectStorage> {
  let server: Record<string, string> | undefined = process.env.S3_ENDPOINT
    ? {
        S3_ENDPOINT: process.env.S3_ENDPOINT,
        S3_ACCESS_KEY: process.env.S3_ACCESS_KEY ?? DEVELOPMENT_KEYS.S3_ACCESS_KEY,
        S3_SECRET_KEY: process.env.S3_SECRET_KEY ?? DEVELOPMENT_KEYS.S3_SECRET_KEY,
        S3_REGION: process.env.S3_REGION ?? DEVELOPMENT_KEYS.S3_REGION,
      }
    : undefined;

  let child: ChildProcess | undefined;
  let directory: string | undefined;
  // The shared server may be busy a moment (another file's clean-up, a loaded machine): it has 15 s.
  const shared = server;
  if (shared)
    await waitFor(() => answers(shared), 15_000, 250).catch(() => {
      throw new Error(`S3 storage at ${shared.S3_ENDPOINT} does not answer`);
    });
  if (!server) {
    const port = await freePort();
    directory = mkdtempSync(join(tmpdir(), 'chitram-s3rver-'));
    child = spawn(process.execPath, [S3RVER_MAIN], {
      env: {
        ...process.env,
        S3RVER_PORT: String(port),
        S3RVER_DIRECTORY: directory,
        S3RVER_ACCESS_KEY: DEVELOPMENT_KEYS.S3_ACCESS_KEY,
        S3RVER_SECRET_KEY: DEVELOPMENT_KEYS.S3_SECRET_KEY,
        S3RVER_REGION: DEVELOPMENT_KEYS.S3_REGION,
      },
      stdio: 'ignore',
    });
    server = { S3_ENDPOINT: `http://127.0.0.1:${port}`, ...DEVELOPMENT_KEYS };
    const started = server;
    await waitFor(() => answers(started), 15_000, 100);
  }

  const env: Record<string, string> = { ...server, S3_BUCKET: uniqueName('test-media').replace(/_/g, '-') };
  const client = clientFor(env);
  await client.makeBucket(env.S3_BUCKET, env.S3_REGION);
  const keys = async (prefix = '') => {
    const found: string[] = [];
    for await (const item of client.listObjectsV2(env.S3_BUCKET, prefix, true)) {
      if (item.name) found.push(item.name);
    }
    return found.sort();
  };
  return {
    env,
    keys,
    async destroy() {
      try {
        const left = await keys();
        if (left.length) await client.removeObjects(env.S3_BUCKET, left);
        await client.removeBucket(env.S3_BUCKET);
      } finally {
        if (child && child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
        if (directory) rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
