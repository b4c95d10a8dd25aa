import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SERVICE_DEPENDENCIES } from './platform-for';

// platformFor gives each app the servers docker-compose.yml makes it wait for, no more and no fewer.
const COMPOSE_NAMES: Record<string, string> = {
  postgres: 'postgres',
  redis: 'redis',
  nats: 'nats',
  minio: 's3',
};

describe('SERVICE_DEPENDENCIES', () => {
  const compose = parse(readFileSync(join(__dirname, '../../../docker-compose.yml'), 'utf8'), {
    merge: true,
  }) as { services: Record<string, { depends_on?: Record<string, unknown> }> };

  it.each(Object.keys(SERVICE_DEPENDENCIES))("is %s's servers in docker-compose.yml", (app) => {
    const servers = Object.keys(compose.services[app]?.depends_on ?? {})
      .filter((name) => name in COMPOSE_NAMES)
      .map((name) => COMPOSE_NAMES[name]);
    expect([...SERVICE_DEPENDENCIES[app as keyof typeof SERVICE_DEPENDENCIES]].sort()).toEqual(
      servers.sort(),
    );
  });
});
