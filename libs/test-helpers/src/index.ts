import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  createLogger,
  loadConfig,
  migrateService,
  startService,
  type RunningService,
  type ServiceConfig,
  type ServiceDefinition,
} from '@chitram/nest-kit';
import { Client } from 'pg';
import pino, { type Logger } from 'pino';

/**
 * Where the integration tests find their infrastructure. `npm test` finds or starts it (the same
 * way as `npm start`) and passes the URLs in the environment; run alone, the usual local ports.
 */
export function testInfrastructure() {
  return {
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function databaseExists(serverUrl: string, database: string): Promise<boolean> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    return found.rowCount === 1;
  } finally {
    await client.end();
  }
}

/** A query on one database of the server at `serverUrl` (a test looking at what a service wrote). */
export async function queryDatabase<T = Record<string, unknown>>(
  serverUrl: string,
  database: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 5000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** A pino logger whose JSON lines are kept in memory, so a test can read what an app logged. */
export function memoryLogger(app: string): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger(app, 'info', stream);
  return { logger, lines };
}

export interface TestService extends RunningService {
  database: string;
  /** Stops the service and drops its throw-away database. */
  destroy(): Promise<void>;
}

/**
 * Migrates and starts a real service (real Postgres, real NATS) in this process, in a database of its
 * own that is dropped afterwards.
 */
export async function startTestService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  options: { database?: string; logger?: Logger; env?: Record<string, string> } = {},
): Promise<TestService> {
  const infra = testInfrastructure();
  const database = options.database ?? uniqueName(`test_${definition.name}`);
  const config = loadConfig(definition.config, {
    ...infra,
    LOG_LEVEL: 'silent',
    HEALTH_PORT: '0',
    ...options.env,
    DATABASE_NAME: database,
  });
  await migrateService(definition, config);
  const running = await startService(definition, config, options.logger ?? pino({ level: 'silent' }));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await running.close();
  };
  return {
    ...running,
    database,
    close,
    async destroy() {
      await close();
      await dropDatabase(infra.DATABASE_URL, database);
    },
  };
}
export * from './service-basics';
export * from './isolation';
export * from './object-storage';
export * from './analytics-rebuild';
export * from './private-servers';
export * from './jetstream-waits';
export * from './metrics';
export * from './event-test-service';
export * from './http-stand-in';
export * from './audit-outbox';
export * from './platform-for';
