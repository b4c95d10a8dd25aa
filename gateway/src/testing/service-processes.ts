import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Subjects, type ServiceName } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { dropDatabase, testInfrastructure, uniqueName, waitFor } from '@chitram/test-helpers';

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
}

/**
 * Starts built services as the platform does (`node services/<name>/dist/main.js`, configured by the
 * environment), each on a throw-away database, and waits until each answers its health subject.
 * The gateway may not import a service, so a test that needs the real ones runs them as processes.
 */
export async function startServiceProcesses(
  services: ServiceName[],
  env: Record<string, string>,
  perService: Partial<Record<ServiceName, Record<string, string>>> = {},
): Promise<RunningProcesses> {
  assertBuilt(['libs/contracts', 'libs/nest-kit', ...services.map((s) => `services/${s}`)]);
  const infra = testInfrastructure();
  const children = new Map<ServiceName, { child: ChildProcess; output: string[]; database: string }>();
  const stop = async () => {
    await Promise.all(
      [...children.values()].map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(killer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    for (const { database } of children.values()) await dropDatabase(infra.DATABASE_URL, database);
  };
  const nats = await connectNats(infra.NATS_URL, 'service-processes');
  try {
    for (const service of services) {
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
      const run = (script: string) => {
        const child = spawn(process.execPath, [`services/${service}/dist/${script}`], {
          cwd: ROOT,
          env: childEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const output: string[] = [];
        child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
        child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
        return { child, output };
      };
      const migration = run('migrate.js');
      const code = await new Promise<number | null>((resolve) => migration.child.once('exit', resolve));
      if (code !== 0) throw new Error(`${service} migration failed:\n${migration.output.join('')}`);
      children.set(service, { ...run('main.js'), database });
    }
    const rpc = new RpcClient(nats, 500);
    for (const service of services) {
      await waitFor(async () => {
        const { child, output } = children.get(service)!;
        if (child.exitCode !== null) throw new Error(`${service} exited:\n${output.join('')}`);
        const report = await rpc.call(Subjects.health(service), {});
        return report.status === 'up';
      }, 30_000);
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await nats.close();
  }
  return { stop, output: (service) => children.get(service)?.output.join('') ?? '' };
}
