import { Client } from 'pg';
import { DataSource, type MixedList, type EntitySchema } from 'typeorm';
import type { ServiceConfig } from './config';

export interface DatabaseDefinition {
  // TypeORM's own type for entity lists.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

export function databaseName(service: string, config: ServiceConfig): string {
  return config.DATABASE_NAME || `chitram_${service}`;
}

/** The server URL of DATABASE_URL pointed at another database on the same server. */
export function urlForDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates the service's database when the server does not have it yet (safe to race). */
export async function ensureDatabase(serverUrl: string, database: string): Promise<boolean> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
    } catch (error) {
      // 42P04: another process created it between our check and our create.
      if ((error as { code?: string }).code !== '42P04') throw error;
      return false;
    }
    return true;
  } finally {
    await client.end();
  }
}

export function createDataSource(
  service: string,
  config: ServiceConfig,
  definition: DatabaseDefinition,
): DataSource {
  return new DataSource({
    type: 'postgres',
    url: urlForDatabase(config.DATABASE_URL, databaseName(service, config)),
    entities: definition.entities,
    migrations: definition.migrations,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    applicationName: `chitram-${service}`,
    extra: { max: 10, connectionTimeoutMillis: 3000 },
  });
}
