// docker-compose.yml checked against the workspace, since no Docker engine runs where the tests do:
// every app is there, built the right way, with every variable its configuration needs, pointing at
// the services of the file, and started only once what it needs is healthy. The apps and their config
// classes are found by convention, so a new app or a new variable is covered without editing this file.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, describeConfig, loadConfig } from '@chitram/nest-kit';
import {
  buildArgs,
  declaredPorts,
  dependenciesOf,
  dockerfileOf,
  environmentOf,
  imageHasHealthcheck,
  imageUser,
  interpolate,
  publishedPorts,
  readCompose,
  type ComposeService,
  type Interpolated,
} from './compose';
import {
  DOCKERFILE_BY_KIND,
  WORKSPACE_ROOT,
  loadConfigClass,
  workspaceApps,
  type ConfigClass,
  type WorkspaceApp,
} from './workspace';

const compose = readCompose(path.join(WORKSPACE_ROOT, 'docker-compose.yml'));
const services = compose.services;
const apps = workspaceApps();
const backendApps = apps.filter((app) => app.kind !== 'frontend');
const frontendApps = apps.filter((app) => app.kind === 'frontend');
const serviceApps = apps.filter((app) => app.kind === 'service');

const migrateJob = (app: WorkspaceApp) => `${app.name}-migrate`;
const MIGRATE_COMMAND = ['node', 'dist/migrate.js'];

/** Variables a browser uses rather than the container (so they name this machine and a published port). */
const BROWSER_FACING = /(ORIGINS|_REMOTE_URL|PUBLIC_URL)$/;
/** A development default that names this machine is wrong inside a container: Compose must override it. */
const LOCAL_HOST = /\b(localhost|127\.0\.0\.1)\b/;
const DEFAULT_PORT_BY_SCHEME: Record<string, number> = {
  'http:': 80,
  'https:': 443,
  'postgres:': 5432,
  'postgresql:': 5432,
  'redis:': 6379,
  'nats:': 4222,
};
const WEB_SERVER_CONFIG = path.join(WORKSPACE_ROOT, 'libs/web-server/config.mjs');

function service(name: string): ComposeService {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

/** Every URL in a value (NATS_URL and CORS_ORIGINS may list several, comma-separated). */
function urlsIn(value: string): URL[] {
  return value
    .split(/[\s,]+/)
    .filter((token) => /^[a-z][a-z0-9+.-]*:\/\//i.test(token))
    .map((token) => new URL(token));
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : (DEFAULT_PORT_BY_SCHEME[url.protocol] ?? NaN);
}

/** Ports a compose service listens on: what it declares, and an app's own PORT / HEALTH_PORT. */
function listeningPorts(name: string): number[] {
  const env = environmentOf(service(name));
  const own = ['PORT', 'HEALTH_PORT'].map((key) => Number(env.get(key)?.value)).filter((p) => p > 0);
  return [...declaredPorts(service(name)), ...own];
}

const publishedOnThisMachine = () =>
  Object.values(services).flatMap((s) =>
    publishedPorts(s).flatMap((p) => (p.published ? [p.published] : [])),
  );

/** Problems with one server-side URL: it must name a service of this file, on a port that service listens on. */
function serverUrlProblems(where: string, url: URL): string[] {
  if (!services[url.hostname]) {
    return [`${where} points at ${url.host}, which is not a service of docker-compose.yml`];
  }
  const port = portOf(url);
  return listeningPorts(url.hostname).includes(port)
    ? []
    : [
        `${where} points at ${url.host}, but ${url.hostname} listens on ${listeningPorts(url.hostname).join(', ') || 'no declared port'}`,
      ];
}

function browserUrlProblems(where: string, url: URL): string[] {
  if (url.hostname !== 'localhost')
    return [`${where} is used by the browser, so it must name localhost, not ${url.hostname}`];
  return publishedOnThisMachine().includes(portOf(url))
    ? []
    : [`${where} is used by the browser, but no service publishes port ${portOf(url)}`];
}

function hasHealthcheck(name: string): boolean {
  const s = service(name);
  if (s.healthcheck) return !s.healthcheck.disable;
  const dockerfile = dockerfileOf(s, WORKSPACE_ROOT);
  return (
    dockerfile !== undefined &&
    existsSync(dockerfile) &&
    imageHasHealthcheck(readFileSync(dockerfile, 'utf8'))
  );
}

const configClasses = new Map<string, ConfigClass>();
beforeAll(async () => {
  for (const app of backendApps) configClasses.set(app.name, await loadConfigClass(app));
});

/** What a back-end app's configuration makes of a compose environment, as a list of problems. */
function configProblems(app: WorkspaceApp, where: string, env: Map<string, Interpolated>): string[] {
  const variables = describeConfig(configClasses.get(app.name)!);
  const known = new Set(variables.map((v) => v.name));
  const problems: string[] = [];
  for (const v of variables) {
    if (env.has(v.name)) continue;
    if (v.required) problems.push(`${where}: ${v.name} is required by ${app.dir}/src/config.ts but not set`);
    else if (typeof v.defaultValue === 'string' && LOCAL_HOST.test(v.defaultValue)) {
      problems.push(`${where}: ${v.name} must be set: its default ${v.defaultValue} means this container`);
    }
  }
  for (const key of env.keys()) {
    if (!known.has(key)) problems.push(`${where}: ${key} is not a variable of ${app.dir}/src/config.ts`);
  }
  if (env.get('NODE_ENV')?.value !== 'production') problems.push(`${where}: NODE_ENV must be production`);

  // The values themselves, judged by the app's own loader. What only the operator can supply is skipped.
  const fromOperator = new Set([...env].filter(([, v]) => v.fromOperator.length > 0).map(([key]) => key));
  const values = Object.fromEntries(
    [...env].filter(([key]) => !fromOperator.has(key)).map(([k, v]) => [k, v.value]),
  );
  try {
    loadConfig(configClasses.get(app.name)!, values);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // A problem names its variables before the first colon ("S3_ACCESS_KEY/S3_SECRET_KEY: ...").
    const about = (problem: string) => new Set(problem.split(':')[0].split(/[^A-Z0-9_]+/));
    const relevant = error.problems.filter((p) => ![...fromOperator].some((key) => about(p).has(key)));
    problems.push(...relevant.map((p) => `${where}: ${p}`));
  }
  return problems;
}

interface WebServerView {
  error?: string;
  host?: string;
  port?: number;
  proxy?: Array<{ prefix: string; target: string }>;
  remotes?: Record<string, string>;
}

/**
 * A front end's settings as libs/web-server reads them, in a Node child (the server is an ES module).
 * The app's own serve.mjs defaults are left out, so Compose must state everything but ROOT.
 */
function webServerView(env: Record<string, string>): WebServerView {
  const script = `
    const { configFromEnv } = await import(${JSON.stringify(pathToFileURL(WEB_SERVER_CONFIG).href)});
    try {
      const c = configFromEnv(JSON.parse(process.argv[1]), { ROOT: 'dist' });
      console.log(JSON.stringify({ host: c.host, port: c.port, proxy: c.proxy.map((p) => ({ prefix: p.prefix, target: String(p.target) })), remotes: c.routes['/remotes.json']() }));
    } catch (error) {
      console.log(JSON.stringify({ error: error.message }));
    }`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(env)], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as WebServerView;
}

/** The variables libs/web-server reads, taken from its source (`merged.PORT`, `readFlag(merged, 'SPA')`...). */
function webServerVariables(): Set<string> {
  const source = readFileSync(WEB_SERVER_CONFIG, 'utf8');
  const names = [...source.matchAll(/\b\w+\.([A-Z][A-Z0-9_]{2,})\b|'([A-Z][A-Z0-9_]{2,})'/g)].map(
    (m) => m[1] ?? m[2],
  );
  return new Set(names);
}

describe('docker-compose.yml', () => {
  it('runs every app of the workspace, built from its folder by the Dockerfile of its kind', () => {
    expect(apps.map((a) => a.dir)).toEqual(
      expect.arrayContaining([
        'gateway',
        'services/auth',
        'services/billing',
        'frontends/shell',
        'frontends/viewer',
      ]),
    );
    const problems = apps.flatMap((app) => {
      const s = services[app.name];
      if (!s) return [`${app.dir} has no service "${app.name}"`];
      const found: string[] = [];
      if ((s.build?.context ?? '.') !== '.')
        found.push(`${app.name}: build context must be the repository root`);
      if (s.build?.dockerfile !== DOCKERFILE_BY_KIND[app.kind]) {
        found.push(
          `${app.name}: must be built by ${DOCKERFILE_BY_KIND[app.kind]}, not ${s.build?.dockerfile}`,
        );
      }
      if (buildArgs(s).APP !== app.dir) found.push(`${app.name}: build arg APP must be ${app.dir}`);
      if (!existsSync(path.join(WORKSPACE_ROOT, DOCKERFILE_BY_KIND[app.kind]))) {
        found.push(`${DOCKERFILE_BY_KIND[app.kind]} does not exist`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('runs nothing else built from the workspace than the apps and their migration jobs', () => {
    const expected = new Set([...apps.map((a) => a.name), ...serviceApps.map(migrateJob)]);
    const strays = Object.entries(services)
      .filter(([name, s]) => s.build && !expected.has(name))
      .map(([name]) => name);
    expect(strays).toEqual([]);
  });

  it("migrates each service's database in a one-shot job of the same image, before the service starts", () => {
    const problems = serviceApps.flatMap((app) => {
      const job = services[migrateJob(app)];
      const s = service(app.name);
      if (!job) return [`${app.name} has no migration job "${migrateJob(app)}"`];
      const found: string[] = [];
      if (!existsSync(path.join(WORKSPACE_ROOT, app.dir, 'src/migrate.ts')))
        found.push(`${app.dir}/src/migrate.ts is missing`);
      if (JSON.stringify(job.command) !== JSON.stringify(MIGRATE_COMMAND)) {
        found.push(`${migrateJob(app)}: command must be ${JSON.stringify(MIGRATE_COMMAND)}`);
      }
      if (job.image !== s.image || JSON.stringify(job.build) !== JSON.stringify(s.build)) {
        found.push(`${migrateJob(app)}: must run the image of ${app.name}`);
      }
      if (JSON.stringify(job.environment) !== JSON.stringify(s.environment)) {
        found.push(`${migrateJob(app)}: must have the environment of ${app.name} (it loads the same config)`);
      }
      if (job.restart !== 'no') found.push(`${migrateJob(app)}: a one-shot job must not restart`);
      if (dependenciesOf(job).get('postgres') !== 'service_healthy') {
        found.push(`${migrateJob(app)}: must wait for postgres to be healthy`);
      }
      if (dependenciesOf(s).get(migrateJob(app)) !== 'service_completed_successfully') {
        found.push(`${app.name}: must wait for ${migrateJob(app)} to complete successfully`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('gives every back-end app and job the variables its config class requires, and only those it knows', () => {
    expect(configClasses.size).toBe(backendApps.length);
    const problems = backendApps.flatMap((app) => {
      const names = app.kind === 'service' ? [app.name, migrateJob(app)] : [app.name];
      return names.flatMap((name) => configProblems(app, name, environmentOf(service(name))));
    });
    expect(problems).toEqual([]);
  });

  it('serves each front end with settings its web server accepts, listening on the port it publishes', () => {
    const known = webServerVariables();
    expect([...known]).toEqual(
      expect.arrayContaining(['PORT', 'HOST', 'ROOT', 'API_TARGET', 'VIEWER_REMOTE_URL']),
    );
    const problems = frontendApps.flatMap((app) => {
      const env = environmentOf(service(app.name));
      const found = [...env.keys()]
        .filter((key) => !known.has(key))
        .map((key) => `${app.name}: ${key} is not a variable of libs/web-server`);
      const view = webServerView(Object.fromEntries([...env].map(([k, v]) => [k, v.value])));
      if (view.error) return [...found, `${app.name}: ${view.error}`];
      if (view.host !== '0.0.0.0')
        found.push(`${app.name}: HOST must be 0.0.0.0 to be reached from outside the container`);
      const published = publishedPorts(service(app.name));
      if (!published.some((p) => p.target === view.port && p.published)) {
        found.push(`${app.name}: listens on ${view.port}, which it does not publish`);
      }
      for (const { target } of view.proxy ?? [])
        found.push(...serverUrlProblems(`${app.name} API_TARGET`, new URL(target)));
      for (const [remote, url] of Object.entries(view.remotes ?? {})) {
        found.push(...browserUrlProblems(`${app.name}'s ${remote} remote`, new URL(url)));
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('points every server-side URL at a service of the file, on a port it listens on, and waits for it', () => {
    const problems = Object.entries(services).flatMap(([name, s]) =>
      [...environmentOf(s)].flatMap(([key, { value }]) =>
        BROWSER_FACING.test(key)
          ? []
          : urlsIn(value).flatMap((url) => {
              const found = serverUrlProblems(`${name} ${key}`, url);
              // A migration job only needs its database; the others wait for what they call.
              const waits = name.endsWith('-migrate')
                ? true
                : dependenciesOf(s).get(url.hostname) === 'service_healthy';
              if (!found.length && !waits)
                found.push(`${name} ${key}: must wait for ${url.hostname} to be healthy`);
              return found;
            }),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('points every browser-side URL at a port published on this machine', () => {
    const browserSide = Object.entries(services).flatMap(([name, s]) =>
      [...environmentOf(s)]
        .filter(([key]) => BROWSER_FACING.test(key))
        .map(([key, v]) => ({ where: `${name} ${key}`, v })),
    );
    expect(browserSide.length).toBeGreaterThan(0);
    const problems = browserSide.flatMap(({ where, v }) =>
      urlsIn(v.value).flatMap((url) => browserUrlProblems(where, url)),
    );
    expect(problems).toEqual([]);
  });

  it('starts each app only once what it needs is healthy or done, and can tell when the app itself is healthy', () => {
    const problems = Object.entries(services).flatMap(([name, s]) =>
      [...dependenciesOf(s)].flatMap(([dependency, condition]) => {
        if (!services[dependency]) return [`${name} depends on ${dependency}, which is not a service`];
        if (condition === 'service_completed_successfully') return [];
        if (condition !== 'service_healthy')
          return [`${name} must wait for ${dependency} to be healthy, not ${condition}`];
        return hasHealthcheck(dependency)
          ? []
          : [`${name} waits for ${dependency} to be healthy, but it has no health check`];
      }),
    );
    problems.push(
      ...apps.filter((app) => !hasHealthcheck(app.name)).map((app) => `${app.name} has no health check`),
    );
    expect(problems).toEqual([]);
  });

  it('runs the apps as a user other than root', () => {
    const users = apps.map((app) => {
      const dockerfile = dockerfileOf(service(app.name), WORKSPACE_ROOT)!;
      return { app: app.name, user: imageUser(readFileSync(dockerfile, 'utf8')) };
    });
    expect(users.filter(({ user }) => user === 'root' || user === '0' || user.startsWith('0:'))).toEqual([]);
  });

  it('runs NATS with JetStream, which the services’ events need, and creates the media bucket', () => {
    expect(service('nats').command).toContain('-js');
    const bucket = environmentOf(service('minio-init')).get('S3_BUCKET')?.value;
    expect(bucket).toBe('chitram-media');
    expect(JSON.stringify(service('minio-init').command)).toContain('mc mb');
    const otherBuckets = Object.entries(services).flatMap(([name, s]) => {
      const value = environmentOf(s).get('S3_BUCKET')?.value;
      return value !== undefined && value !== bucket ? [`${name} uses bucket ${value}`] : [];
    });
    expect(otherBuckets).toEqual([]);
  });
});

describe('deploy/compose.env.example', () => {
  it('lists every variable docker-compose.yml takes from the operator', () => {
    const composeText = readFileSync(path.join(WORKSPACE_ROOT, 'docker-compose.yml'), 'utf8')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'))
      .join('\n');
    const example = readFileSync(path.join(WORKSPACE_ROOT, 'deploy/compose.env.example'), 'utf8');
    const used = new Set([...composeText.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
    const listed = new Set([...example.matchAll(/^#?\s*([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !used.has(name))).toEqual([]);
  });
});

describe('Compose interpolation, as these checks read it', () => {
  it('takes written defaults and marks what only the operator can supply', () => {
    expect(interpolate('postgres://u:${PW:-dev}@db/x')).toEqual({
      value: 'postgres://u:dev@db/x',
      fromOperator: [],
    });
    expect(interpolate('${SECRET:?set SECRET in .env}')).toEqual({ value: '', fromOperator: ['SECRET'] });
    expect(interpolate('$TOKEN-x')).toEqual({ value: '-x', fromOperator: ['TOKEN'] });
    expect(interpolate('${A:-${B:-b}}')).toEqual({ value: 'b', fromOperator: [] });
  });

  it('prefers the environment, keeps $$ as a literal $, and tells - from :-', () => {
    expect(interpolate('${PW:-dev}', { PW: 'real' }).value).toBe('real');
    expect(interpolate('${PW:-dev}', { PW: '' }).value).toBe('dev');
    expect(interpolate('${PW-dev}', { PW: '' }).value).toBe('');
    expect(interpolate('mc mb "$$BUCKET"').value).toBe('mc mb "$BUCKET"');
    expect(interpolate('${X:+on}', { X: '1' }).value).toBe('on');
  });

  it('refuses what Compose would refuse', () => {
    expect(() => interpolate('${oops')).toThrow(/unclosed/);
    expect(() => interpolate('${A B}')).toThrow(/bad interpolation/);
  });
});
