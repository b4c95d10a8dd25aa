import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Subjects, type ServiceName } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { dropDatabase, queryDatabase, testInfrastructure, uniqueName, waitFor } from '@chitram/test-helpers';

const ROOT = path.resolve(__dirname, '../../..');

/** Newest modification time of the non-test sources under a folder. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') newest = Math.max(newest, newestSource(full));
    } else if (entry.name.endsWith('.ts') && !/\.(integration-)?spec\.ts$/.test(entry.name)) {
      newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  }
  return newest;
}

/** Running a built service needs its build and its libraries' builds to be up to date. */
function assertBuilt(projects: string[]): void {
  const stale = projects.filter((project) => {
    const dist = path.join(ROOT, project, 'dist');
    if (!fs.existsSync(dist)) return true;
    const built = Math.max(...fs.readdirSync(dist).map((f) => fs.statSync(path.join(dist, f)).mtimeMs));
    return newestSource(path.join(ROOT, project, 'src')) > built;
  });
  if (stale.length) {
    throw new Error(
      `${stale.join(', ')}: build missing or older than the sources; run \`npx nx run-many -t build\` first`,
    );
  }
}

export interface RunningProcesses {
  stop(): Promise<void>;
  /** What a service printed, for a failing test's message. */
  output(service: ServiceName): string;
  /** A query on the throw-away database a service runs on: to look at what it wrote, or to age it. */
  query<T = Record<string, unknown>>(service: ServiceName, sql: string, params?: unknown[]): Promise<T[]>;
  /** Ends a service at once (SIGKILL: no shutdown hook runs), and answers once it is gone. */
  kill(service: ServiceName): Promise<void>;
  /**
   * Starts a killed service again on its own database, its pending migrations first (as a deployment
   * does), and answers once it answers its health subject.
   */
  restart(service: ServiceName): Promise<void>;
}

/** The infrastructure a service process is given: the test's, unless `env` names other servers. */
function infrastructureOf(env: Record<string, string>) {
  const infra = testInfrastructure();
  return {
    DATABASE_URL: env.DATABASE_URL ?? infra.DATABASE_URL,
    NATS_URL: env.NATS_URL ?? infra.NATS_URL,
    REDIS_URL: env.REDIS_URL ?? infra.REDIS_URL,
  };
}

/**
 * Starts built services as the platform does (`node services/<name>/dist/main.js`, configured by the
 * environment), each on a throw-away database, and waits until each answers its health subject.
 * The gateway may not import a service, so a test that needs the real ones runs them as processes.
 * `env` may name other servers (DATABASE_URL, NATS_URL, REDIS_URL) than the test's.
 */
export async function startServiceProcesses(
  services: ServiceName[],
  env: Record<string, string>,
  perService: Partial<Record<ServiceName, Record<string, string>>> = {},
): Promise<RunningProcesses> {
  assertBuilt(['libs/contracts', 'libs/nest-kit', ...services.map((s) => `services/${s}`)]);
  const infra = infrastructureOf(env);
  const children = new Map<
    ServiceName,
    { child: ChildProcess; output: string[]; database: string; env: NodeJS.ProcessEnv }
  >();
  const exitOf = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
    });
  const stop = async () => {
    await Promise.all(
      [...children.values()].map(({ child }) => {
        const gone = exitOf(child);
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.kill('SIGTERM');
        return gone.then(() => clearTimeout(killer));
      }),
    );
    for (const { database } of children.values()) await dropDatabase(infra.DATABASE_URL, database);
  };
  const run = (service: ServiceName, script: string, childEnv: NodeJS.ProcessEnv, output: string[] = []) => {
    const child = spawn(process.execPath, [`services/${service}/dist/${script}`], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    return { child, output };
  };
  const migrate = async (service: ServiceName, childEnv: NodeJS.ProcessEnv) => {
    const migration = run(service, 'migrate.js', childEnv);
    const code = await new Promise<number | null>((resolve) => migration.child.once('exit', resolve));
    if (code !== 0) throw new Error(`${service} migration failed:\n${migration.output.join('')}`);
  };
  const healthy = async (service: ServiceName) => {
    const nats = await connectNats(infra.NATS_URL, 'service-processes');
    try {
      const rpc = new RpcClient(nats, 500);
      await waitFor(async () => {
        const { child, output } = children.get(service)!;
        if (child.exitCode !== null) throw new Error(`${service} exited:\n${output.join('')}`);
        const report = await rpc.call(Subjects.health(service), {});
        return report.status === 'up';
        // Five processes start at once, beside the browser stage's platform on a two-core machine.
      }, 60_000);
    } finally {
      await nats.close();
    }
  };
  try {
    // Side by side: each has a database of its own, and most of a start is waiting.
    await Promise.all(
      services.map(async (service) => {
        const database = uniqueName(`test_${service}`);
        const childEnv = {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          HEALTH_PORT: '0',
          ...infra,
          ...env,
          ...perService[service],
          DATABASE_NAME: database,
        };
        await migrate(service, childEnv);
        children.set(service, { ...run(service, 'main.js', childEnv), database, env: childEnv });
        await healthy(service);
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const entry = (service: ServiceName) => {
    const found = children.get(service);
    if (!found) throw new Error(`${service} was not started here`);
    return found;
  };
  return {
    stop,
    output: (service) => children.get(service)?.output.join('') ?? '',
    query: (service, sql, params) => queryDatabase(infra.DATABASE_URL, entry(service).database, sql, params),
    async kill(service) {
      const { child } = entry(service);
      const gone = exitOf(child);
      child.kill('SIGKILL');
      await gone;
    },
    async restart(service) {
      const was = entry(service);
      await migrate(service, was.env);
      children.set(service, { ...was, ...run(service, 'main.js', was.env, was.output) });
      await healthy(service);
    },
  };
}
