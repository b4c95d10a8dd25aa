// The decision, per server: what the environment names → one already running on the usual local port
// (checked with a real handshake) → our own, started with its data under dataDir. With TEST_INFRA=containers
// and a Docker engine, containers replace the last two steps. Probes and starters are injected, so the
// order can be tested without servers.
import path from 'node:path';

export const NAMES = /** @type {const} */ (['postgres', 'redis', 'nats', 's3']);
/** @typedef {typeof NAMES[number]} InfraName */

export const DEFAULTS = {
  ports: { postgres: 5432, redis: 6379, nats: 4222, s3: 9000 },
  s3AccessKey: 'chitram',
  s3SecretKey: 'chitram-secret',
  s3Region: 'us-east-1',
  s3Bucket: 'chitram-media',
};

/**
 * @typedef {object} InfraEnv
 * @property {string} DATABASE_URL
 * @property {string} REDIS_URL
 * @property {string} NATS_URL
 * @property {string} S3_ENDPOINT
 * @property {string} S3_ACCESS_KEY
 * @property {string} S3_SECRET_KEY
 * @property {string} S3_REGION
 * @property {string} S3_BUCKET
 */

/**
 * @typedef {object} Infrastructure
 * @property {Partial<InfraEnv>} env                 the variables to hand to the apps (all eight unless `only`)
 * @property {{ name: InfraName, how: string }[]} started   what this call started (and `stop()` stops)
 * @property {{ name: InfraName, source: 'env' | 'local' | 'started' | 'container', how: string }[]} used  all four, in order
 * @property {() => Promise<void>} stop             stops what it started; idempotent
 */

/** @typedef {{ env: Record<string, string>, how: string, stop: () => Promise<void> }} Started */
/** @typedef {import('./probes.mjs').ProbeResult} ProbeResult */

/**
 * @typedef {object} Deps
 * @property {{ postgres: (url: string) => Promise<ProbeResult>, redis: (url: string) => Promise<ProbeResult>, nats: (url: string) => Promise<ProbeResult>, s3: (s3: S3Config) => Promise<ProbeResult> }} probe
 * @property {{ postgres: (o: any) => Promise<Started>, redis: (o: any) => Promise<Started>, nats: (o: any) => Promise<Started>, s3: (o: any) => Promise<Started> }} start
 * @property {(from: number) => Promise<number>} findFreePort
 * @property {(s3: S3Config, bucket: string) => Promise<boolean>} ensureBucket
 * @property {(dataDir: string) => string} postgresPassword
 * @property {(dataDir: string, password: string) => Promise<string | undefined>} runningPostgresUrl
 * @property {() => boolean} dockerAvailable
 * @property {(names: InfraName[], o: any) => Promise<Record<string, Started>>} startContainers
 */

/** @typedef {{ endpoint: string, accessKey: string, secretKey: string, region: string }} S3Config */

/**
 * @typedef {object} EnsureOptions
 * @property {string} dataDir
 * @property {(line: string) => void} [log]
 * @property {NodeJS.ProcessEnv} [env]
 * @property {InfraName[]} [only]   only these servers (and their variables)
 * @property {Partial<Record<InfraName, number>>} [ports]  the usual local ports to look at and start on
 *   (default 5432, 6379, 4222, 9000)
 * @property {InfraName[]} [own]    these are always started here (or as containers), on the first free port
 *   from `ports`, whatever the environment names or the usual port answers: a private server
 * @property {{ configFile?: string, probeAuth?: { user: string, pass: string } }} [nats]  for a NATS started
 *   here: a configuration file (`nats-server -c`, e.g. accounts and permissions; the port, store and JetStream
 *   flags still come from here) and the credentials its readiness probe connects with
 */

/**
 * @param {Deps} deps
 */
export function createEnsureInfrastructure(deps) {
  /**
   * @param {EnsureOptions} options
   * @returns {Promise<Infrastructure>}
   */
  return async function ensureInfrastructure({
    dataDir,
    log = (line) => console.log(line),
    env = process.env,
    only,
    ports: portOverrides,
    own = [],
    nats: natsOptions = {},
  }) {
    const dir = path.resolve(dataDir);
    const names = NAMES.filter((name) => !only || only.includes(name));
    /** Nothing looked at: a private server goes on the first free port from the usual one. */
    const UNPROBED = /** @type {ProbeResult} */ ({ ok: false, listening: false, reason: '' });
    const s3Keys = {
      accessKey: env.S3_ACCESS_KEY || DEFAULTS.s3AccessKey,
      secretKey: env.S3_SECRET_KEY || DEFAULTS.s3SecretKey,
      region: env.S3_REGION || DEFAULTS.s3Region,
    };
    const password = deps.postgresPassword(dir);

    /** @type {Partial<Record<InfraName, { source: 'env' | 'local' | 'started' | 'container', how: string, env: Record<string, string>, stop?: () => Promise<void> }>>} */
    const chosen = {};

    // 1. What the environment names, used as given.
    const fromEnv = {
      postgres: env.DATABASE_URL && { DATABASE_URL: env.DATABASE_URL },
      redis: env.REDIS_URL && { REDIS_URL: env.REDIS_URL },
      nats: env.NATS_URL && { NATS_URL: env.NATS_URL },
      s3: env.S3_ENDPOINT && {
        S3_ENDPOINT: env.S3_ENDPOINT,
        S3_ACCESS_KEY: s3Keys.accessKey,
        S3_SECRET_KEY: s3Keys.secretKey,
        S3_REGION: s3Keys.region,
      },
    };
    for (const name of names) {
      const given = own.includes(name) ? undefined : fromEnv[name];
      if (given)
        chosen[name] = { source: 'env', how: `${Object.keys(given)[0]} from the environment`, env: given };
    }
    let rest = names.filter((name) => !chosen[name]);

    // TEST_INFRA=containers: containers instead of local servers, if Docker answers.
    if (rest.length && env.TEST_INFRA === 'containers') {
      if (deps.dockerAvailable()) {
        log(`infra: starting containers for ${rest.join(', ')} (TEST_INFRA=containers)`);
        const started = await deps.startContainers(rest, {
          postgresPassword: password,
          ...s3Keys,
          nats: { configFile: natsOptions.configFile },
          env,
        });
        for (const name of rest) chosen[name] = { source: 'container', ...started[name] };
        rest = [];
      } else {
        log(
          'infra: TEST_INFRA=containers but no Docker engine answers (docker info failed); using local servers',
        );
      }
    }

    // 2. A server on the usual local port, else 3. our own.
    const ports = { ...DEFAULTS.ports, ...portOverrides };
    /** @type {Record<InfraName, () => Promise<void>>} */
    const resolvers = {
      postgres: async () => {
        const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${ports.postgres}/postgres`;
        const local = own.includes('postgres') ? UNPROBED : await deps.probe.postgres(url);
        if (local.ok)
          return void (chosen.postgres = {
            source: 'local',
            how: `PostgreSQL already running on :${ports.postgres}`,
            env: { DATABASE_URL: url },
          });
        const leftOver = own.includes('postgres') ? undefined : await deps.runningPostgresUrl(dir, password);
        if (leftOver) {
          const port = new URL(leftOver).port;
          return void (chosen.postgres = {
            source: 'local',
            how: `embedded PostgreSQL left running on :${port}`,
            env: { DATABASE_URL: leftOver },
          });
        }
        const port = await portFor('postgres', local);
        const started = await deps.start.postgres({ dataDir: dir, port, password, log });
        chosen.postgres = { source: 'started', ...started };
      },
      redis: async () => {
        const url = `redis://127.0.0.1:${ports.redis}`;
        const local = own.includes('redis') ? UNPROBED : await deps.probe.redis(url);
        if (local.ok)
          return void (chosen.redis = {
            source: 'local',
            how: `Redis already running on :${ports.redis}`,
            env: { REDIS_URL: url },
          });
        const started = await deps.start.redis({ dataDir: dir, port: await portFor('redis', local), log });
        chosen.redis = { source: 'started', ...started };
      },
      nats: async () => {
        const url = `nats://127.0.0.1:${ports.nats}`;
        const local = own.includes('nats') ? UNPROBED : await deps.probe.nats(url);
        if (local.ok)
          return void (chosen.nats = {
            source: 'local',
            how: `NATS (JetStream) already running on :${ports.nats}`,
            env: { NATS_URL: url },
          });
        const started = await deps.start.nats({
          dataDir: dir,
          port: await portFor('nats', local),
          log,
          ...natsOptions,
        });
        chosen.nats = { source: 'started', ...started };
      },
      s3: async () => {
        const endpoint = `http://127.0.0.1:${ports.s3}`;
        const local = own.includes('s3') ? UNPROBED : await deps.probe.s3({ endpoint, ...s3Keys });
        if (local.ok) {
          chosen.s3 = {
            source: 'local',
            how: `S3 storage already running on :${ports.s3}`,
            env: {
              S3_ENDPOINT: endpoint,
              S3_ACCESS_KEY: s3Keys.accessKey,
              S3_SECRET_KEY: s3Keys.secretKey,
              S3_REGION: s3Keys.region,
            },
          };
          return;
        }
        const started = await deps.start.s3({
          dataDir: dir,
          port: await portFor('s3', local),
          log,
          ...s3Keys,
        });
        chosen.s3 = { source: 'started', ...started };
      },
    };

    /** The usual port if free; if something unusable holds it, the next free one. */
    async function portFor(name, /** @type {ProbeResult} */ local) {
      const usual = ports[name];
      // Checked again even when the probe saw nothing: a busy server may have missed the probe's timeout.
      const port = await deps.findFreePort(!local.ok && local.listening ? usual + 1 : usual);
      if (port !== usual && local !== UNPROBED) {
        const why = !local.ok && local.reason ? ` (${local.reason})` : '';
        log(`infra: port ${usual} is taken by something that is not a usable ${name}${why}; using ${port}`);
      }
      return port;
    }

    const stopStarted = async () => {
      const toStop = NAMES.map((name) => chosen[name]).filter((c) => c?.stop);
      await Promise.all(
        toStop.map((c) => c?.stop?.().catch((error) => log(`infra: stopping failed: ${error.message}`))),
      );
      for (const c of toStop) if (c) c.stop = undefined;
    };

    // The four are independent: resolve them side by side.
    const settled = await Promise.allSettled(rest.map((name) => resolvers[name]()));
    const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []));
    if (failures.length) {
      await stopStarted();
      throw new Error(failures.map((e) => e?.message ?? String(e)).join('; '));
    }

    /** @type {Partial<InfraEnv>} */
    const infraEnv = Object.assign({}, ...names.map((name) => chosen[name]?.env));
    if (chosen.s3) {
      infraEnv.S3_BUCKET = env.S3_BUCKET || DEFAULTS.s3Bucket;
      const s3 = { endpoint: /** @type {string} */ (infraEnv.S3_ENDPOINT), ...s3Keys };
      try {
        if (await deps.ensureBucket(s3, infraEnv.S3_BUCKET))
          log(`infra: created bucket ${infraEnv.S3_BUCKET}`);
      } catch (error) {
        await stopStarted();
        throw new Error(
          `S3 storage at ${s3.endpoint} (${chosen.s3.how}): cannot ensure bucket ${infraEnv.S3_BUCKET}: ${/** @type {Error} */ (error).message}`,
        );
      }
    }

    const used = names.map((name) => {
      const c = /** @type {NonNullable<typeof chosen[InfraName]>} */ (chosen[name]);
      return { name, source: c.source, how: c.how };
    });
    return {
      env: infraEnv,
      used,
      started: used
        .filter((u) => u.source === 'started' || u.source === 'container')
        .map(({ name, how }) => ({ name, how })),
      stop: stopStarted,
    };
  };
}
