// npm run bench:admin: the back office's dashboard and a 90-day analytics answer, over a year's worth of
// activity of its own.
//
// 1. Seeds three databases of its own (chitram_bench_admin_{users,billing,catalog}; once, a later run
//    finds them seeded and skips this): 100,000 viewers who signed up over a year, a third of them with a
//    paid plan (payments, periods, running plans), 500 movies in the eight languages, and 1,000,000 plays
//    over the last 90 days (each a play event and a watch-time event: 2,000,000 viewing facts), played
//    Zipf-fashion (a few titles most). Each database is then vacuumed and analysed, as autovacuum would
//    have done after such a load (the local development server runs without it). Then each service
//    rebuilds its per-day aggregates from the facts: a job asked for through its rebuild subject, whose
//    progress is read through its status subject, timed.
// 2. Starts the built users, billing and catalog services and the gateway on free ports, on a private
//    NATS server, and signs an admin's token with a key pair made for the run.
// 3. Loads `GET /api/admin/dashboard` and `GET /api/admin/analytics?range=90` at 10 connections
//    (target: p95 of 100 ms or less each), and times one direct aggregate query over the raw facts (what
//    the 90-day answer would cost without the aggregates), at one connection.
//
// Settings (environment): BENCH_CONNECTIONS (10), BENCH_WARMUP_SECONDS (3), BENCH_SECONDS (10),
// DATABASE_URL, REDIS_URL; BENCH_CPU_PROF=<folder> writes each app's CPU profile there. Exits 0 whether or not the targets are met; 1 when something broke; 130 on
// Ctrl-C. Figures are also written to .data/bench/admin.json.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  ensureBuilt,
  infrastructureEnv,
  natsServerBinary,
  profilingArgs,
  ROOT,
  startGateway,
  startPrivateNats,
  startService,
} from './lib/apps.mjs';
import { measureLoad } from './lib/load.mjs';
import { Supervisor } from './lib/processes.mjs';
import { formatTable, oneDecimal, writeJson } from './lib/report.mjs';
import { benchSettings } from './lib/settings.mjs';

const require = createRequire(import.meta.url);
const DATABASES = {
  users: 'chitram_bench_admin_users',
  billing: 'chitram_bench_admin_billing',
  catalog: 'chitram_bench_admin_catalog',
};
const VIEWERS = 100_000;
const PLAYS = 1_000_000;
const MOVIES = 500;
const DAYS = 90;
const TARGET_P95_MS = 100;
const OUTPUT = path.join(ROOT, '.data/bench/admin.json');
const ROUTES = {
  dashboard: '/api/admin/dashboard',
  analytics: '/api/admin/analytics?range=90',
};

const { wholeNumber } = benchSettings('admin');
const settings = {
  connections: wholeNumber('BENCH_CONNECTIONS', 10, 1),
  warmupSeconds: wholeNumber('BENCH_WARMUP_SECONDS', 3, 0),
  durationSeconds: wholeNumber('BENCH_SECONDS', 10, 1),
};
const log = (line) => console.log(line);
const supervisor = new Supervisor();
const load = new AbortController();
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  load.abort(new Error('stopping'));
  await supervisor.stopAll();
  process.exit(code);
}

process.on('SIGINT', () => {
  if (stopping) process.exit(130);
  log('\ninterrupted: stopping the apps');
  void shutdown(130);
});
process.on('SIGTERM', () => void shutdown(143));
// Seeding and rebuilding take a few minutes on two cores; the load runs a minute.
setTimeout(() => {
  console.error('bench:admin: gave up after 30 minutes');
  void shutdown(1);
}, 30 * 60_000).unref();

// ---------------------------------------------------------------------------------------------
// Seeding: the stored facts, written straight into each service's tables, the same on every run.
// ---------------------------------------------------------------------------------------------

const LANGUAGES = `ARRAY['English','Hindi','Tamil','Telugu','Malayalam','Bhojpuri','Kannada','Bengali']`;
/** Viewer v's id and number (+91 70 and eight digits), the same in every database. */
const VIEWER_ID = (v) => `md5('bench-viewer-' || ${v})::uuid`;
const PLAN_OF = (v) => `(ARRAY['basic','standard','premium','gold'])[1 + (${v} / 3) % 4]`;
const MONTHS_OF = (plan) => `CASE ${plan} WHEN 'premium' THEN 6 WHEN 'gold' THEN 12 ELSE 3 END`;
/** Plans are bought by every third viewer, on a day of the last 120. */
const PAID_AT = (v) => `now() - make_interval(days => ${v} % 120, hours => ${v} % 24)`;

function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withDatabase(serverUrl, name, work) {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, name) });
  await client.connect();
  try {
    await client.query('SET synchronous_commit = off');
    return await work(client);
  } finally {
    await client.end();
  }
}

async function count(client, table) {
  return Number((await client.query(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n);
}

async function seedUsers(db) {
  if ((await count(db, 'signup_fact')) >= VIEWERS) return false;
  await db.query('BEGIN');
  await db.query(`TRUNCATE "viewer", "signup_fact", "signup_day"`);
  await db.query(
    `INSERT INTO "viewer" ("id", "phone_number", "created_at", "last_seen_at")
     SELECT ${VIEWER_ID('v')}, '+9170' || lpad(v::text, 8, '0'),
            now() - make_interval(days => v % 365, mins => v % 1440), now() - make_interval(days => v % 30)
       FROM generate_series(1, ${VIEWERS}) v`,
  );
  await db.query(
    `INSERT INTO "signup_fact" ("event_id", "viewer_id", "day", "at")
     SELECT "id", "id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, "created_at" FROM "viewer"`,
  );
  await db.query('COMMIT');
  return true;
}

async function seedBilling(db) {
  const paying = Math.floor(VIEWERS / 3);
  if ((await count(db, 'subscription_period')) >= paying) return false;
  await db.query('BEGIN');
  await db.query(
    `TRUNCATE "receipt", "subscription_period", "subscription", "payment", "payment_order", "revenue_day",
              "subscription_coverage", "subscription_day_delta"`,
  );
  const payers = `SELECT v * 3 AS v FROM generate_series(1, ${paying}) v`;
  await db.query(
    `INSERT INTO "payment_order" ("id", "provider", "provider_order_id", "viewer_id", "phone_number", "plan_key",
       "amount_paise", "currency", "status", "created_at", "paid_at")
     SELECT md5('bench-order-' || v)::uuid, 'sandbox', 'order_bench' || v, ${VIEWER_ID('v')},
            '+9170' || lpad(v::text, 8, '0'), ${PLAN_OF('v')}, p."amount_paise", 'INR', 'paid', ${PAID_AT('v')}, ${PAID_AT('v')}
       FROM (${payers}) payers JOIN "plan" p ON p."plan_key" = ${PLAN_OF('v')}`,
  );
  await db.query(
    `INSERT INTO "payment" ("id", "provider_payment_id", "order_id", "viewer_id", "amount_paise", "currency", "status", "method", "at")
     SELECT md5('bench-pay-' || v)::uuid, 'pay_bench' || v, md5('bench-order-' || v)::uuid, ${VIEWER_ID('v')},
            p."amount_paise", 'INR', 'captured', 'upi', ${PAID_AT('v')}
       FROM (${payers}) payers JOIN "plan" p ON p."plan_key" = ${PLAN_OF('v')}`,
  );
  await db.query(
    `INSERT INTO "subscription_period" ("viewer_id", "payment_id", "order_id", "plan_key", "change", "valid_from", "valid_till", "created_at")
     SELECT ${VIEWER_ID('v')}, md5('bench-pay-' || v)::uuid, md5('bench-order-' || v)::uuid, ${PLAN_OF('v')}, 'activated',
            ${PAID_AT('v')}, ${PAID_AT('v')} + make_interval(months => ${MONTHS_OF(PLAN_OF('v'))}), ${PAID_AT('v')}
       FROM (${payers}) payers`,
  );
  await db.query(
    `INSERT INTO "subscription" ("viewer_id", "plan_key", "valid_from", "valid_till")
     SELECT "viewer_id", "plan_key", "valid_from", "valid_till" FROM "subscription_period"`,
  );
  await db.query('COMMIT');
  return true;
}

async function seedCatalog(db) {
  if ((await count(db, 'viewing_fact')) >= PLAYS * 2) return false;
  await db.query('BEGIN');
  await db.query(
    `TRUNCATE "viewing_fact", "viewer_plan_period", "viewing_day", "viewing_title_day", "viewing_title_plan_day"`,
  );
  await db.query(`DELETE FROM "movie" WHERE "slug" LIKE 'bench-movie-%'`);
  await db.query(
    `INSERT INTO "movie" ("id", "slug", "title", "description", "cast", "genre", "language", "rating", "release_year",
       "duration", "thumbnail", "banner", "title_image", "movie_url")
     SELECT md5('bench-movie-' || i)::uuid, 'bench-movie-' || i, 'Bench Movie ' || i, 'A film of the benchmark.',
            ARRAY['Actor ' || i], ARRAY['Drama'], (${LANGUAGES})[1 + i % 8], 'U', 2000 + i % 25, '2hr',
            'images/bench.webp', 'images/bench.webp', 'images/bench.webp', 'https://cdn.example.com/bench.m3u8'
       FROM generate_series(1, ${MOVIES}) i`,
  );
  // The catalogue's copy of billing's periods (fed by its events in the running platform).
  await db.query(
    `INSERT INTO "viewer_plan_period" ("payment_id", "viewer_id", "plan_key", "valid_from", "valid_till")
     SELECT 'pay_bench' || v, ${VIEWER_ID('v')}, ${PLAN_OF('v')}, ${PAID_AT('v')},
            ${PAID_AT('v')} + make_interval(months => ${MONTHS_OF(PLAN_OF('v'))})
       FROM (SELECT v * 3 AS v FROM generate_series(1, ${Math.floor(VIEWERS / 3)}) v) payers`,
  );
  // Play i: a viewer, a movie (Zipf-like: the square of a uniform pick favours the first), a moment of the
  // last 90 days; then its watch time a little later.
  await db.query('SELECT setseed(0.42)');
  await db.query(
    `CREATE TEMP TABLE bench_play AS
     SELECT i, 1 + floor(random() * ${VIEWERS})::int AS v, 1 + floor(${MOVIES} * random() ^ 2)::int AS m,
            now() - random() * interval '${DAYS} days' AS at, 60 + floor(random() * 5400)::int AS seconds
       FROM generate_series(1, ${PLAYS}) i`,
  );
  for (const [name, plays, seconds, later] of [
    ['play', 1, '0', "'0'"],
    ['watch', 0, 'seconds', "seconds || ' seconds'"],
  ])
    await db.query(
      `INSERT INTO "viewing_fact" ("event_id", "viewer_id", "kind", "title_id", "day", "at", "plays", "watch_seconds", "plan_key")
       SELECT md5('bench-${name}-' || i)::uuid, ${VIEWER_ID('v')}, 'movie', md5('bench-movie-' || m)::uuid,
              ((at + (${later})::interval) AT TIME ZONE 'Asia/Kolkata')::date, at + (${later})::interval,
              ${plays}, ${seconds}, 'none'
         FROM bench_play`,
    );
  await db.query('COMMIT');
  return true;
}

/**
 * What autovacuum does to freshly loaded tables on a running server (statistics for the planner, the
 * visibility map for index-only scans); the local development server runs with it off.
 */
async function vacuum(db) {
  await db.query('VACUUM (ANALYZE)');
}

/** Asks a service for a rebuild of its aggregates and follows its job to the end; answers the job. */
async function rebuild(rpc, subjects, service) {
  const asked = await rpc.call(subjects.rebuild, {});
  let shown = '';
  for (;;) {
    const { job } = await rpc.call(subjects.rebuildStatus, { id: asked.id });
    const where = `${job.state}${job.step ? `, ${job.step} (${job.stepsDone}/${job.stepsTotal})` : ''}`;
    if (where !== shown) log(`  ${service} rebuild: ${(shown = where)}`);
    if (job.state === 'done') return job;
    if (job.state === 'failed') throw new Error(`${service}'s rebuild failed: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// ---------------------------------------------------------------------------------------------
// The measurements
// ---------------------------------------------------------------------------------------------

/** An admin's access token, signed with a key pair made for this run (the gateway gets its public half). */
async function adminToken() {
  const { AccessTokenSigner } = require(path.join(ROOT, 'libs/nest-kit/dist/access-tokens.js'));
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const signer = new AccessTokenSigner(privateKey, {
    issuer: 'chitram-auth',
    audience: 'chitram-api',
    ttlSeconds: 3600,
  });
  return {
    // An owner, who may call every admin route (D34).
    token: await signer.sign({ sub: randomUUID(), role: 'admin', sid: randomUUID(), adminRole: 'owner' }),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * What the 90-day answer's catalogue part would cost without the aggregates: the days, the plans and the
 * top titles counted straight from the two million facts, in one query (the median of three).
 */
async function directQueryMs(serverUrl) {
  return withDatabase(serverUrl, DATABASES.catalog, async (db) => {
    const times = [];
    for (let i = 0; i < 3; i++) {
      const started = process.hrtime.bigint();
      await db.query(
        `WITH period AS (SELECT * FROM "viewing_fact"
                          WHERE "day" BETWEEN (now() AT TIME ZONE 'Asia/Kolkata')::date - ${DAYS - 1}
                                          AND (now() AT TIME ZONE 'Asia/Kolkata')::date)
         SELECT (SELECT json_agg(d) FROM (SELECT "day", sum("plays") AS p, sum("watch_seconds") AS w FROM period GROUP BY "day") d),
                (SELECT json_agg(p) FROM (SELECT "plan_key", sum("plays") AS p, sum("watch_seconds") AS w FROM period GROUP BY "plan_key") p),
                (SELECT json_agg(t) FROM (SELECT "title_id", sum("plays") AS p FROM period GROUP BY "title_id" ORDER BY p DESC LIMIT 10) t),
                (SELECT json_agg(t) FROM (SELECT "title_id", sum("watch_seconds") AS w FROM period GROUP BY "title_id" ORDER BY w DESC LIMIT 10) t)`,
      );
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return oneDecimal(times.sort((a, b) => a - b)[1]);
  });
}

async function main() {
  const scripts = [
    'gateway/dist/main.js',
    'libs/nest-kit/dist/access-tokens.js',
    'libs/contracts/dist/index.js',
  ];
  for (const service of Object.keys(DATABASES))
    scripts.push(`services/${service}/dist/main.js`, `services/${service}/dist/migrate.js`);
  ensureBuilt(scripts, log);
  const cpus = os.cpus().length;
  const loadBefore = oneDecimal(os.loadavg()[0]);
  if (loadBefore > cpus)
    log(`note: the machine is busy (load ${loadBefore} on ${cpus} cores): expect low, noisy figures`);

  const infrastructure = {
    ...infrastructureEnv(),
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  };
  const natsBinary = natsServerBinary();
  if (!natsBinary)
    throw new Error('nats-server is not on PATH (the benchmark runs a private one with JetStream)');
  const nats = await startPrivateNats(supervisor, natsBinary);
  const { token, publicPem } = await adminToken();
  const appEnv = {
    ...infrastructure,
    NATS_URL: nats.url,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    REDIS_KEY_PREFIX: 'chitram-bench-admin:',
    EVENTS_STREAM: 'CHITRAM_BENCH_ADMIN_EVENTS',
    EVENTS_SUBJECT_ROOT: 'chitram-bench-admin.events',
    RPC_TIMEOUT_MS: '60000',
    JWT_PUBLIC_KEY: publicPem,
  };

  const processes = { 'nats-server': nats.child.pid };
  for (const [service, databaseName] of Object.entries(DATABASES)) {
    log(`migrating ${databaseName} and starting the ${service} service ...`);
    const child = await startService(supervisor, service, {
      env: appEnv,
      databaseName,
      nodeArgs: profilingArgs(),
    });
    processes[service] = child.pid;
  }

  log(`seeding (once): ${VIEWERS.toLocaleString('en')} viewers, ${PLAYS.toLocaleString('en')} plays ...`);
  const seedStarted = Date.now();
  const seeded = {
    users: await withDatabase(infrastructure.DATABASE_URL, DATABASES.users, seedUsers),
    billing: await withDatabase(infrastructure.DATABASE_URL, DATABASES.billing, seedBilling),
    catalog: await withDatabase(infrastructure.DATABASE_URL, DATABASES.catalog, seedCatalog),
  };
  for (const name of Object.values(DATABASES)) await withDatabase(infrastructure.DATABASE_URL, name, vacuum);
  log(
    `seeded ${Object.entries(seeded)
      .map(([service, now]) => `${service} ${now ? 'now' : 'already'}`)
      .join(', ')} in ${oneDecimal((Date.now() - seedStarted) / 1000)} s`,
  );

  const { connectNats, RpcClient } = require(path.join(ROOT, 'libs/nest-kit/dist/index.js'));
  const { Subjects } = require(path.join(ROOT, 'libs/contracts/dist/index.js'));
  const connection = await connectNats(nats.url, 'bench-admin');
  const rpc = new RpcClient(connection, 600_000);
  const rebuilds = {};
  for (const service of ['users', 'billing', 'catalog']) {
    const { result } = await rebuild(rpc, Subjects[service].analytics, service);
    rebuilds[service] = result;
    log(
      `rebuilt ${service}'s aggregates from ${result.facts.toLocaleString('en')} facts in ${result.tookMs} ms`,
    );
  }
  await connection.close();

  log('starting the gateway ...');
  const gateway = await startGateway(supervisor, { env: appEnv, nodeArgs: profilingArgs() });
  processes.gateway = gateway.child.pid;
  const headers = { authorization: `Bearer ${token}` };
  for (const [name, route] of Object.entries(ROUTES)) {
    const res = await fetch(gateway.url + route, { headers });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(body)}`);
    log(`${route}: ${res.status}, "${body.message}"`);
    if (name === 'analytics' && body.data.viewing.available) {
      const plays = body.data.viewing.days.reduce((sum, d) => sum + d.plays, 0);
      log(
        `  90 days: ${plays.toLocaleString('en')} plays, ${body.data.viewing.topTitles.byPlays.length} top titles`,
      );
    }
  }

  const figures = {};
  for (const [name, route] of Object.entries(ROUTES)) {
    log(`loading ${route} at ${settings.connections} connections for ${settings.durationSeconds} s ...`);
    figures[name] = await measureLoad({
      url: gateway.url + route,
      connections: settings.connections,
      warmupSeconds: settings.warmupSeconds,
      durationSeconds: settings.durationSeconds,
      signal: load.signal,
      headers,
      processes,
    });
  }
  const direct = await directQueryMs(infrastructure.DATABASE_URL);

  log('');
  log(
    formatTable(
      ['answer', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'target p95', 'met'],
      Object.entries(figures).map(([name, f]) => [
        `${name} (${ROUTES[name]})`,
        oneDecimal(f.requestsPerSecond),
        oneDecimal(f.p50Ms),
        oneDecimal(f.p95Ms),
        oneDecimal(f.p99Ms),
        f.errors + f.non2xx,
        `≤ ${TARGET_P95_MS}`,
        f.p95Ms <= TARGET_P95_MS && f.errors + f.non2xx === 0 ? 'yes' : 'NO',
      ]),
    ),
  );
  log('');
  log(
    `one direct aggregate query over the raw facts (90 days: days, plans and top titles from ${(PLAYS * 2).toLocaleString('en')} viewing facts, one connection): ${direct} ms`,
  );
  log(
    `the 90-day analytics answer at ${settings.connections} connections, p95: ${oneDecimal(figures.analytics.p95Ms)} ms (through the gateway, all three services, from the aggregates)`,
  );
  writeJson(OUTPUT, {
    at: new Date().toISOString(),
    settings,
    seeded,
    rebuilds,
    figures,
    directAggregateQueryMs: direct,
    targetP95Ms: TARGET_P95_MS,
  });
  log(`figures written to ${path.relative(process.cwd(), OUTPUT)}`);
}

main().then(
  () => shutdown(0),
  (error) => {
    console.error(`bench:admin: ${error.stack ?? error.message}`);
    void shutdown(1);
  },
);
