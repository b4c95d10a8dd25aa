// The supervisor behind `npm start`, also used by the test runner to bring the platform up for the
// browser suite:
//
//   const platform = await startPlatform({ build: false, instances: 2 });
//   ... http://localhost:3000, control API at platform.controlUrl with platform.controlToken ...
//   await platform.stop();
//
// Infrastructure (found or started) → migrations, in parallel → every app as a child process with its
// output in .data/logs/<app>.log → wait for the gateway's /api/health to report every service up.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ensureInfrastructure,
  isListening,
  isPortFree,
  spawnManaged,
  tailFile,
} from '../../libs/infra/index.mjs';
import { privateNats } from '../../libs/infra/lib/nats-permissions.mjs';
import { App } from './apps.mjs';
import { startControlServer } from './control-server.mjs';
import { DEFAULT_PORTS, SERVICES, appSpecs, layoutPorts } from './layout.mjs';
import { metricsTargets, startPrometheus } from './observe.mjs';
import { buildAll, ensureDependencies } from './setup.mjs';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export { APP_NAMES, DEFAULT_PORTS } from './layout.mjs';

const DEV_ADMIN = { email: 'admin@chitram.in', password: 'chitram-admin' };

/**
 * @typedef {object} NatsUsers  each app's NATS_URL, signed in as its own user, and the operator's
 * @property {(app: string) => { NATS_URL: string }} env
 * @property {string} operatorUrl  the platform's own tools: the demo seed, the test harness
 */

/**
 * @typedef {object} Platform
 * @property {string} url            the web app, http://localhost:3000
 * @property {string | undefined} controlUrl  the dev control API (undefined in production)
 * @property {string} controlToken   what the control API wants in `Authorization: Bearer …`
 * @property {string} apiUrl         the gateway
 * @property {Record<string, string>} env  what the apps were given (infrastructure, admin, NODE_ENV…), with
 *   NATS_URL as the operator (each app has its own user on top)
 * @property {NatsUsers | undefined} natsUsers  undefined when NATS has no users (NATS_URL given, containers)
 * @property {import('../../libs/infra/lib/resolve.mjs').Infrastructure} infra
 * @property {Map<string, App>} apps
 * @property {number} startMs        from `startedAt` (default: the call) to healthy
 * @property {Record<string, number>} phases  seconds spent building, on infrastructure, migrations, apps
 * @property {string | undefined} prometheusUrl  `--observe`'s Prometheus, when one runs
 * @property {() => Promise<void>} stop  stops every app and the infrastructure it started; idempotent
 */

/**
 * @param {object} [o]
 * @param {boolean} [o.reset]    wipe the data folder first
 * @param {boolean} [o.build]    run `nx run-many -t build` first (default true)
 * @param {boolean} [o.install]  run npm ci/install if node_modules is missing (default true)
 * @param {(line: string) => void} [o.log]
 * @param {Partial<typeof DEFAULT_PORTS>} [o.ports]  the first instance's ports (layout.mjs)
 * @param {number} [o.instances]  of the gateway and of every service (default 1)
 * @param {string} [o.databasePrefix]  each service's database is `<prefix><service>` (default chitram_)
 * @param {string} [o.controlToken]  default: a random one
 * @param {Partial<Record<'postgres' | 'redis' | 'nats' | 's3', number>>} [o.infraPorts]
 * @param {NatsUsers} [o.natsUsers]  the users of a permissioned NATS the caller started (its NATS_URL
 *   in `env`); without it, and unless `env` names NATS_URL, the platform starts its own NATS with a user
 *   per app and the permissions of libs/contracts' NATS_ACCESS
 * @param {string} [o.root]      the repository (default: this one)
 * @param {string} [o.dataDir]   default <root>/.data
 * @param {NodeJS.ProcessEnv} [o.env]  default process.env
 * @param {number} [o.healthTimeoutMs]  default 120 s
 * @param {boolean} [o.seed]     load the demo catalogue once healthy (default: not in production)
 * @param {AbortSignal} [o.signal]  aborting stops whatever was started and rejects
 * @param {number} [o.startedAt]  epoch ms the start-up time is counted from (default: now)
 * @param {Partial<import('./apps.mjs').RestartPolicy>} [o.restart]  how crashed apps come back (apps.mjs)
 * @param {boolean} [o.observe]  also run a Prometheus scraping every app (observe.mjs), when one is installed
 * @returns {Promise<Platform>}
 */
export async function startPlatform(o = {}) {
  const t0 = o.startedAt ?? Date.now();
  /** @type {Record<string, number>} seconds per phase, for the summary */
  const phases = {};
  let mark = Date.now();
  const phaseDone = (name) => {
    phases[name] = (Date.now() - mark) / 1000;
    mark = Date.now();
  };
  /** A phase that runs beside another: its own time, from now to when `work` settles. */
  const timed = (name, work) => {
    const from = Date.now();
    return work.finally(() => (phases[name] = (Date.now() - from) / 1000));
  };
  const log = o.log ?? ((line) => console.log(line));
  const root = path.resolve(o.root ?? REPO_ROOT);
  const dataDir = path.resolve(o.dataDir ?? path.join(root, '.data'));
  const env = o.env ?? process.env;
  const ports = { ...DEFAULT_PORTS, ...o.ports };
  const layout = appSpecs(ports, {
    instances: o.instances ?? 1,
    host: env.HOST,
    databasePrefix: o.databasePrefix,
    corsOrigins: env.CORS_ORIGINS,
  });
  const signal = o.signal;
  const production = env.NODE_ENV === 'production';
  const rel = (p) => path.relative(process.cwd(), p) || '.';

  const lockFile = path.join(dataDir, 'run', 'supervisor.pid');
  const holder = livePid(lockFile);
  if (holder && holder !== process.pid) {
    throw new Error(
      `Chitram is already running from ${rel(dataDir)} (supervisor pid ${holder}): stop it first (Ctrl-C in its terminal, or kill ${holder})`,
    );
  }
  if (o.reset) {
    log(`reset: removing ${rel(dataDir)}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  fs.mkdirSync(path.join(dataDir, 'run'), { recursive: true });
  fs.writeFileSync(lockFile, `${process.pid}\n`);

  /** @type {Array<() => Promise<void>>} undone in reverse on stop or failure */
  const undo = [async () => fs.rmSync(lockFile, { force: true })];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const step of undo.reverse()) await step().catch((error) => log(`stop: ${error.message}`));
  };

  try {
    if (o.install ?? true) await ensureDependencies({ root, log });
    signal?.throwIfAborted();

    await assertPortsFree(
      layoutPorts(ports, layout, { control: !production, prometheus: Boolean(o.observe) }),
      dataDir,
    );
    // The build and Postgres, Redis and the object storage need nothing of each other: side by side,
    // each timed on its own. NATS comes after the build: its users and permissions are read from the
    // built contracts.
    const building =
      (o.build ?? true)
        ? timed(
            'build',
            buildAll({
              root,
              log,
              logFile: path.join(dataDir, 'logs', 'build.log'),
              stampFile: path.join(dataDir, 'run', 'build.json'),
              signal,
            }),
          )
        : Promise.resolve();
    const infraOptions = { dataDir, log, env, ports: o.infraPorts };
    const seeding = o.seed ?? !production;
    /** @type {ReturnType<typeof import('../seed/index.mjs').demoPictures> | undefined} */
    let pictures;
    /** The catalogue's database was there before this start: it holds the demo, checked once up. */
    let catalogueKept = false;
    log('infra: finding or starting postgres, redis and s3 storage');
    const finding = timed(
      'infra',
      ensureInfrastructure({ ...infraOptions, only: ['postgres', 'redis', 's3'] }).then(async (found) => {
        log(`infra: ready (${found.used.map((u) => u.name).join(', ')}); nats follows the build`);
        // A catalogue database still to be made holds no demo titles: their pictures are drawn now,
        // beside the build, rather than once the services are up to take them.
        const catalogDatabase =
          layout.find((s) => s.app === 'catalog')?.env.DATABASE_NAME ||
          env.DATABASE_NAME ||
          'chitram_catalog';
        const exists =
          seeding && found.env.DATABASE_URL
            ? await databaseExists(found.env.DATABASE_URL, catalogDatabase)
            : undefined;
        catalogueKept = exists === true;
        if (exists === false) {
          const { demoPictures } = await import('../seed/index.mjs');
          pictures = demoPictures();
          void pictures.drawAll();
          log('seed: drawing the demo pictures beside the start (a new catalogue)');
        }
        return found;
      }),
    );
    const [built, found] = await Promise.allSettled([building, finding]);
    if (found.status === 'fulfilled') undo.push(() => found.value.stop());
    if (built.status === 'rejected') throw built.reason;
    if (found.status === 'rejected') throw found.reason;
    signal?.throwIfAborted();
    mark = Date.now();
    // NATS: unless the environment names one, our own, with a user per app and its permissions (even
    // when a NATS without users answers on :4222: the apps must run as they are deployed).
    const ownNats = !o.natsUsers && !env.NATS_URL;
    const natsConfig = path.join(dataDir, 'run', 'nats.conf');
    const nats = ownNats ? privateNats(natsConfig) : undefined;
    if (nats) undo.push(async () => fs.rmSync(natsConfig, { force: true }));
    const bus = await ensureInfrastructure({
      ...infraOptions,
      only: ['nats'],
      own: nats ? ['nats'] : [],
      nats: nats?.options,
    });
    undo.push(() => bus.stop());
    const infra = joinInfrastructure(found.value, bus);
    phaseDone('nats');
    /** @type {NatsUsers | undefined} */
    const natsUsers = o.natsUsers ?? nats?.usersOn(infra);
    if (natsUsers) {
      const natsUrlFile = path.join(dataDir, 'run', 'nats.url');
      // For tools on this machine (the nats CLI, a seed run by hand): the operator, readable by this user only.
      fs.writeFileSync(natsUrlFile, `${natsUsers.operatorUrl}\n`, { mode: 0o600 });
      undo.push(async () => fs.rmSync(natsUrlFile, { force: true }));
    }
    // Each app signs in to NATS as itself; the front ends do not use it.
    const specs = layout.map((spec) =>
      natsUsers && spec.kind !== 'frontend'
        ? { ...spec, env: { ...spec.env, ...natsUsers.env(spec.app) } }
        : spec,
    );
    for (const u of infra.used)
      log(
        `infra: ${u.name.padEnd(8)} ${u.how}${u.source === 'started' || u.source === 'container' ? ' (started)' : ''}`,
      );

    /** @type {Record<string, string>} */
    const childEnv = {
      ...pickStrings(env),
      ...pickStrings(infra.env),
      ...(natsUsers ? { NATS_URL: natsUsers.operatorUrl } : {}),
      NODE_ENV: production ? 'production' : 'development',
      LOG_LEVEL: env.LOG_LEVEL || 'info',
    };
    if (!production) {
      childEnv.ADMIN_EMAIL = env.ADMIN_EMAIL || DEV_ADMIN.email;
      childEnv.ADMIN_PASSWORD = env.ADMIN_PASSWORD || DEV_ADMIN.password;
      // The development signing key lives with the rest of this platform's data.
      childEnv.JWT_DEV_KEY_FILE = env.JWT_DEV_KEY_FILE || path.join(dataDir, 'dev-jwt-ed25519.pem');
      // So is the token the gateway presents to media's internal HTTP server (made once, kept there).
      // (The workspace libraries are CommonJS builds, made by the build above: require reads them.)
      const { internalToken } = createRequire(import.meta.url)('@chitram/nest-kit');
      childEnv.MEDIA_INTERNAL_TOKEN = internalToken(
        env.MEDIA_INTERNAL_TOKEN ?? '',
        path.join(dataDir, 'dev-media-internal-token'),
      );
    }

    const apps = new Map(
      specs.map((spec) => [
        spec.name,
        new App(spec, { root, dataDir, env: childEnv, log, restart: o.restart }),
      ]),
    );
    for (const app of apps.values()) fs.rmSync(app.logFile, { force: true }); // one run per log file
    undo.push(() => Promise.all([...apps.values()].map((app) => app.stop())).then(() => {}));
    // The front ends and the gateway use no database: they start beside the migrations, the services after.
    const byKind = (service) => [...apps.values()].filter((app) => (app.spec.kind === 'service') === service);
    log(
      `apps: starting ${byKind(false)
        .map((a) => a.name)
        .join(', ')}`,
    );
    const startingOthers = Promise.all(byKind(false).map((app) => app.start()));
    const migrating = migrate({ root, dataDir, env: childEnv, specs, log, signal });
    for (const settled of await Promise.allSettled([startingOthers, migrating]))
      if (settled.status === 'rejected') throw settled.reason;
    phaseDone('migrations');
    signal?.throwIfAborted();
    log(
      `apps: starting ${byKind(true)
        .map((a) => a.name)
        .join(', ')}`,
    );
    await Promise.all(byKind(true).map((app) => app.start()));

    /** @type {string | undefined} */
    let controlUrl;
    const controlToken = o.controlToken || randomBytes(24).toString('base64url');
    if (!production) {
      const control = await startControlServer({ port: ports.control, token: controlToken, apps, log });
      undo.push(() => control.close());
      controlUrl = control.url;
      // For tools on this machine: the token, readable by this user only.
      const tokenFile = path.join(dataDir, 'run', 'control.token');
      fs.writeFileSync(tokenFile, `${controlToken}\n`, { mode: 0o600 });
      undo.push(async () => fs.rmSync(tokenFile, { force: true }));
    }

    await waitHealthy({ apps, ports, timeoutMs: o.healthTimeoutMs ?? 120_000, dataDir, signal, rel });
    phaseDone('apps');
    // From here a crash is restarted (apps.mjs); before, it failed the start.
    for (const app of apps.values()) app.keepRunning = true;
    /** @type {string | undefined} */
    let prometheusUrl;
    if (o.observe) {
      const prometheus = await startPrometheus({
        targets: metricsTargets(specs),
        port: ports.prometheus,
        dataDir,
        ruleFiles: [path.join(root, 'deploy', 'observability', 'alerts.yml')],
        log,
      });
      if (prometheus) {
        undo.push(() => prometheus.stop());
        prometheusUrl = prometheus.url;
      }
      phaseDone('prometheus');
    }
    const seedEnv = { ...childEnv, MEDIA_URL: `http://127.0.0.1:${ports.mediaHttp}` };
    // The demo catalogue goes in through the services themselves; it does nothing when already loaded.
    // A new catalogue is loaded before the platform says it is up; a kept one (a later start) is
    // checked, completed and given the day's activity after, while it is browsable already.
    const { seedDemoCatalogue, seedDemoVideos } = seeding ? await import('../seed/index.mjs') : {};
    const loadCatalogue = async () => {
      const seeded = await seedDemoCatalogue({ env: seedEnv, log: (line) => log(`seed: ${line}`), pictures });
      log(`seed: ${seeded.movies} movies, ${seeded.series} series, ${seeded.episodes} episodes`);
    };
    if (seeding && !catalogueKept) {
      await loadCatalogue();
      phaseDone('demo data');
    }
    const platform = {
      url: `http://localhost:${ports.shell}`,
      apiUrl: `http://127.0.0.1:${ports.gateway}`,
      controlUrl,
      controlToken,
      env: childEnv,
      natsUsers,
      infra,
      apps,
      startMs: Date.now() - t0,
      phases,
      prometheusUrl,
      stop,
    };
    printSummary(platform, { log, dataDir, rel });
    if (seeding) {
      // The demo titles' videos are transcoded and copied in the background: the platform is up already.
      const videos = new AbortController();
      let catalogueLoaded = !catalogueKept;
      const checking = catalogueKept
        ? loadCatalogue().catch((error) => {
            if (!videos.signal.aborted) log(`seed: demo catalogue: ${error.message}`);
          })
        : Promise.resolve();
      const settling = checking
        .then(() => {
          catalogueLoaded = true;
          return seedDemoVideos({
            env: seedEnv,
            log: (line) => log(`seed: ${line}`),
            dataDir,
            signal: videos.signal,
          });
        })
        .then(
          ({ ms, failed }) => {
            if (!failed)
              log(`seed: every demo title plays, ${(ms / 1000).toFixed(1)} s after Chitram was up`);
          },
          (error) => {
            if (!videos.signal.aborted) log(`seed: demo videos: ${error.message}`);
          },
        );
      undo.push(async () => {
        videos.abort();
        // The catalogue's check has no way to stop early; the apps' stop ends it.
        if (catalogueLoaded) await settling;
      });
    }
    return platform;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Whether the Postgres server at `serverUrl` has the database `name` (undefined when it cannot say). */
async function databaseExists(serverUrl, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return Boolean(rowCount);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * One Infrastructure of two answers of ensureInfrastructure for different servers.
 * @param {import('../../libs/infra/lib/resolve.mjs').Infrastructure[]} parts
 * @returns {import('../../libs/infra/lib/resolve.mjs').Infrastructure}
 */
function joinInfrastructure(...parts) {
  const order = ['postgres', 'redis', 'nats', 's3'];
  const byOrder = (a, b) => order.indexOf(a.name) - order.indexOf(b.name);
  return {
    env: Object.assign({}, ...parts.map((p) => p.env)),
    used: parts.flatMap((p) => p.used).sort(byOrder),
    started: parts.flatMap((p) => p.started).sort(byOrder),
    stop: () => Promise.all(parts.map((p) => p.stop())).then(() => {}),
  };
}

/** Every service's migrations, side by side (`node services/<name>/dist/migrate.js`), with its first instance's env. */
async function migrate({ root, dataDir, env, specs, log, signal }) {
  const started = Date.now();
  const missing = SERVICES.filter(
    (name) => !fs.existsSync(path.join(root, 'services', name, 'dist', 'migrate.js')),
  );
  if (missing.length) {
    throw new Error(
      `no migrations to run for ${missing.join(', ')}: services/<name>/dist/migrate.js not found (build first; npm start builds unless --no-build)`,
    );
  }
  const serviceEnv = (name) => ({ ...env, ...specs.find((s) => s.app === name)?.env, HEALTH_PORT: '0' });
  // A service whose database holds every migration its build has needs no process of its own (each
  // loads the whole service): a warm start asks Postgres instead.
  const applied = await appliedMigrations(root, serviceEnv);
  const pending = SERVICES.filter((name) => !applied.has(name));
  if (!pending.length) {
    log(
      `migrate: up to date (${SERVICES.join(', ')}), checked in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return;
  }
  log(`migrate: ${pending.join(', ')}${applied.size ? ` (${[...applied].join(', ')} up to date)` : ''}`);
  const runs = await Promise.all(
    pending.map((name) => {
      fs.rmSync(path.join(dataDir, 'logs', `migrate-${name}.log`), { force: true }); // this run's output only
      return spawnManaged({
        name: `migrate-${name}`,
        command: process.execPath,
        args: [path.join(root, 'services', name, 'dist', 'migrate.js')],
        cwd: root,
        env: serviceEnv(name),
        logFile: path.join(dataDir, 'logs', `migrate-${name}.log`),
        pidFile: path.join(dataDir, 'run', `migrate-${name}.pid`),
      });
    }),
  );
  const onAbort = () => runs.forEach((r) => r.stop());
  signal?.addEventListener('abort', onAbort, { once: true });
  const exits = await Promise.all(runs.map((r) => r.exited));
  signal?.removeEventListener('abort', onAbort);
  signal?.throwIfAborted();
  const failed = runs.filter((_, i) => exits[i].code !== 0);
  if (failed.length) {
    const details = failed
      .map(
        (r) =>
          `${path.relative(process.cwd(), r.logFile)}:\n${tailFile(r.logFile, 12)
            .split('\n')
            .filter((l) => l.trim() && !l.startsWith('--- '))
            .map((l) => `  ${l}`)
            .join('\n')}`,
      )
      .join('\n');
    throw new Error(
      `migrations failed: ${failed.map((r) => r.name.replace('migrate-', '')).join(', ')}\n${details}`,
    );
  }
  log(`migrate: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The services whose database has applied every migration of their build: the names TypeORM records
 * in `schema_migrations` (a class `Init1763712000000` in `dist/migrations/1763712000000-Init.js`). A
 * service whose database or table is missing, or whose files are named otherwise, is not among them.
 * @param {string} root
 * @param {(name: string) => Record<string, string>} serviceEnv
 * @returns {Promise<Set<string>>}
 */
export async function appliedMigrations(root, serviceEnv) {
  const { default: pg } = await import('pg');
  const answers = await Promise.all(
    SERVICES.map(async (name) => {
      const dir = path.join(root, 'services', name, 'dist', 'migrations');
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.js')) : [];
      const wanted = files.map((f) => /^(\d+)-(\w+)\.js$/.exec(f)).map((m) => m && `${m[2]}${m[1]}`);
      if (!wanted.length || wanted.includes(null)) return undefined;
      const env = serviceEnv(name);
      const url = new URL(env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
      url.pathname = `/${env.DATABASE_NAME || `chitram_${name}`}`;
      const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
      try {
        await client.connect();
        const { rows } = await client.query('SELECT name FROM schema_migrations');
        const done = new Set(rows.map((r) => r.name));
        return wanted.every((m) => done.has(m)) ? name : undefined;
      } catch {
        return undefined; // no database or no table yet: the migrations say why, if anything is wrong
      } finally {
        await client.end().catch(() => {});
      }
    }),
  );
  return new Set(answers.filter((name) => name !== undefined));
}

/** Waits for GET /api/health = 200 with every service up, and every front end answering. */
async function waitHealthy({ apps, ports, timeoutMs, dataDir, signal, rel }) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    signal?.throwIfAborted();
    const crashed = [...apps.values()].filter((a) => a.status === 'crashed');
    if (crashed.length) {
      throw new Error(
        `${crashed.map((a) => a.name).join(', ')} exited during start-up; see ${crashed.map((a) => rel(a.logFile)).join(', ')}`,
      );
    }
    // Every gateway must see every service up.
    const gateways = [...apps.values()].filter((a) => a.spec.kind === 'gateway');
    const answers = await Promise.all(gateways.map((g) => gatewayHealth(g.spec.port)));
    const health = answers.find((h) => !h.up) ?? answers[0];
    last =
      gateways.length > 1 ? `${gateways[answers.indexOf(health)].name}: ${health.detail}` : health.detail;
    if (health.up) {
      const frontends = await Promise.all(
        ['shell', 'viewer', 'admin'].map((name) => isListening(ports[name])),
      );
      if (frontends.every(Boolean)) {
        for (const app of apps.values()) if (app.status === 'starting') app.status = 'running';
        return;
      }
      last = 'gateway healthy, waiting for the front-end servers';
    }
    if (Date.now() > deadline) {
      throw new Error(
        `not healthy after ${timeoutMs / 1000} s: ${last}. Logs: ${rel(path.join(dataDir, 'logs'))}/`,
      );
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** @returns {Promise<{ up: boolean, detail: string }>} */
async function gatewayHealth(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
    const body =
      /** @type {{ status?: string, services?: Record<string, { status?: string }> } | undefined} */ (
        await res.json().catch(() => undefined)
      );
    const services = body?.services && typeof body.services === 'object' ? body.services : {};
    const down = Object.entries(services)
      .filter(([, s]) => s?.status !== 'up')
      .map(([name]) => name);
    const up = res.status === 200 && body?.status === 'up' && down.length === 0;
    return {
      up,
      detail: `gateway /api/health answered ${res.status} ${body?.status ?? ''}${down.length ? `, down: ${down.join(', ')}` : ''}`,
    };
  } catch (error) {
    const e = /** @type {Error & { cause?: { code?: string } }} */ (error);
    return { up: false, detail: `gateway /api/health: ${e.cause?.code ?? e.message}` };
  }
}

/** Fails early, with the port and the likely culprit, if something already holds an app's port. */
async function assertPortsFree(wanted, dataDir) {
  const busy = [];
  for (const [name, port] of wanted)
    if (!(await isPortFree(port)) || (await isListening(port))) busy.push(`${port} (${name})`);
  if (busy.length) {
    const leftovers = fs
      .readdirSync(path.join(dataDir, 'run'))
      .filter((f) => f.endsWith('.pid') && f !== 'supervisor.pid');
    const hint = leftovers.length
      ? ` Left-over processes may be listed in ${path.join(dataDir, 'run')}: ${leftovers.join(', ')}.`
      : '';
    throw new Error(
      `ports in use: ${busy.join(', ')}. Is another Chitram (or something else) running?${hint}`,
    );
  }
}

function printSummary(p, { log, dataDir, rel }) {
  const apps = [...p.apps.values()]
    .map(
      (a) => `${a.name} :${a.spec.port}${a.spec.env.MEDIA_HTTP_PORT ? `+${a.spec.env.MEDIA_HTTP_PORT}` : ''}`,
    )
    .join('  ');
  log('');
  const breakdown = Object.entries(p.phases)
    .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
    .join(', ');
  log(`Chitram is up in ${(p.startMs / 1000).toFixed(1)} s (${breakdown}):  ${p.url}`);
  if (p.env.ADMIN_EMAIL && p.env.ADMIN_PASSWORD)
    log(`  admin         ${p.url}/admin   ${p.env.ADMIN_EMAIL} / ${p.env.ADMIN_PASSWORD}`);
  log(
    `  infra         ${p.infra.used.map((u) => `${u.name} (${u.source === 'started' ? 'started' : u.source})`).join(', ')}`,
  );
  log(`  apps          ${apps}`);
  if (p.natsUsers)
    log(
      `  nats          a user per app; tools sign in as the operator, NATS_URL=${p.natsUsers.operatorUrl} (also in ${rel(path.join(dataDir, 'run', 'nats.url'))})`,
    );
  log(`  logs          ${rel(path.join(dataDir, 'logs'))}/`);
  if (p.prometheusUrl)
    log(`  prometheus    ${p.prometheusUrl}  (every app's /metrics, deploy/observability's alerts)`);
  if (p.controlUrl) {
    log(`  dev control   ${p.controlUrl}/apps  (POST /apps/<name>/stop|start; GET shows restarts)`);
    log(
      `                token ${p.controlToken} (Authorization: Bearer …; also in ${rel(path.join(dataDir, 'run', 'control.token'))})`,
    );
  }
  log('Ctrl-C stops everything.');
}

/** The pid in `file` if that process is alive. */
function livePid(file) {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 1) return undefined;
    process.kill(pid, 0);
    // A recycled pid is not our supervisor: it must at least be a Node process.
    const cmdline = fs.existsSync(`/proc/${pid}/cmdline`)
      ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      : 'node';
    return /node/.test(cmdline) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** @param {Record<string, unknown>} env */
function pickStrings(env) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string'));
}
