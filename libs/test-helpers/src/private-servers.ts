import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './object-storage';

const SERVER_MAIN = join(__dirname, '../../infra/lib/server-main.mjs');

export type PrivateServerKind = 'postgres' | 'redis' | 'nats';

/** A server of a test's own, which the test may take down and bring up again (the fault suite). */
export interface PrivateServer {
  /** Its URL for the apps: DATABASE_URL, REDIS_URL or NATS_URL. */
  env: Record<string, string>;
  /** Ends it as a crash would (Redis: stopped, keeping its snapshot); answers once it is gone. */
  down(): Promise<void>;
  /** Starts it again on the same port and data; answers once it answers. */
  up(): Promise<void>;
  /** Stops it and removes its data. */
  stop(): Promise<void>;
}

/**
 * Starts a Postgres, Redis or NATS (JetStream) of the test's own on a free port, with the starters of
 * `npm start` and `npm test` (libs/infra/lib/server-main.mjs), its data in a folder removed afterwards.
 * Hermetic: the machine's servers and the test run's shared ones are never touched.
 */
export async function startPrivateServer(kind: PrivateServerKind): Promise<PrivateServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `chitram-${kind}-`));
  chmodSync(dataDir, 0o755); // Postgres runs as the user postgres when the tests run as root
  const child = spawn(process.execPath, [SERVER_MAIN, kind, dataDir, String(await freePort())], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr.on('data', (d: Buffer) => errors.push(d.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<{ state: string; env?: Record<string, string> }> => {
    const line = await lines.next();
    if (line.done) throw new Error(`the private ${kind} server stopped:\n${errors.join('')}`);
    return JSON.parse(line.value) as { state: string; env?: Record<string, string> };
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin.end();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const first = await next();
    return {
      env: first.env!,
      async down() {
        child.stdin.write('down\n');
        await next();
      },
      async up() {
        child.stdin.write('up\n');
        await next();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
