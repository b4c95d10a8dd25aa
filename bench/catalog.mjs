// npm run bench:catalog: the catalogue under load, over 100,000 titles of its own.
//
// 1. Seeds `chitram_bench_catalog` (once; a later run finds it seeded and skips this) with a realistic,
//    deterministic catalogue: a Zipf-shaped vocabulary of English and Indian title words, a fifth of
//    the Indian-language titles in their own script, casts drawn from ~30,000 actors with Zipf-shaped
//    popularity, templated descriptions, all eight languages and fourteen genres; beside them 2,000
//    series of 10 episodes each from the same words, which search indexes too (issue 19). Multi-row
//    inserts.
// 2. Starts the built catalog service and gateway on free ports, on a private NATS server, and bumps
//    the catalogue version so nothing an earlier run cached is used.
// 3. Home content (`GET /api/home/content?language=Telugu`) through the gateway against a bare node:http
//    server answering the same bytes, in the same run, at 50 connections (target: 40% or better).
// 4. Search (`GET /api/home/search?q=`, terms of 3+ characters: exact and misspelt title words, actors,
//    two-word titles, words in Indian scripts and their beginnings, description words) at 50
//    connections (target: p95 of 20 ms or less, issue 25), four ways: the 500 most popular terms once cached; a
//    realistic mix of 20,000 terms with Zipf-shaped popularity (s = 1, long tail included), 10 s after
//    the caches were emptied; cold, every term new; and cold at one connection (a search's own cost).
//
// Settings (environment): BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (3), BENCH_SECONDS (10),
// BENCH_ROUNDS (2), BENCH_SEARCH_WARMUP_SECONDS (10), BENCH_NATS = auto | private | shared (as
// bench:gateway), BENCH_CPU_PROF (as bench:gateway), DATABASE_URL, REDIS_URL. Exits 0 whether or not
// the targets are met; 1 when something broke; 130 on Ctrl-C. Figures are also written to
// .data/bench/catalog.json. Search's CPU per request also counts the catalog's Postgres backends, Redis
// (the local server behind REDIS_URL, when `ss` finds it) and the load generator itself (autocannon).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import Redis from 'ioredis';
import {
  ensureBuilt,
  infrastructureEnv,
  natsServerBinary,
  profilingArgs,
  startGateway,
  startPrivateNats,
  startService,
} from './lib/apps.mjs';
import { captureResponse, startBareServer } from './lib/bare-server.mjs';
import { alternateRounds } from './lib/load.mjs';
import { Supervisor, waitUntil } from './lib/processes.mjs';
import { oneDecimal } from './lib/report.mjs';
import { benchSettings, fetchStatus } from './lib/settings.mjs';
import { catalogue, GENRES, random, searchTerms, zipf } from './catalog/data.mjs';
import { reportFigures } from './catalog/report.mjs';
import { DatabaseBackends, measureSearch } from './catalog/search-load.mjs';
import { DATABASE_NAME, seed } from './catalog/seeding.mjs';

const HOME_ROUTE = '/api/home/content?language=Telugu';
const REDIS_KEY_PREFIX = 'chitram-bench-catalog:';
/** Distinct terms of the realistic mix, asked with Zipf-shaped popularity (s = 1). */
const SEARCH_POOL = 20_000;
const POPULAR_TERMS = 500;
/**
 * New terms of the cold run: about three seconds of it, so that its p95 is the steady state's and not
 * whether one collector pause fell in a second or two (3,000 gave 22.8-32.4 ms on one quiet machine).
 */
const COLD_SEARCHES = 8000;
const ALONE_SEARCHES = 300;

const { fail, wholeNumber } = benchSettings('catalog');
const settings = {
  connections: wholeNumber('BENCH_CONNECTIONS', 50, 1),
  warmupSeconds: wholeNumber('BENCH_WARMUP_SECONDS', 3, 0),
  durationSeconds: wholeNumber('BENCH_SECONDS', 10, 1),
  rounds: wholeNumber('BENCH_ROUNDS', 2, 1),
  searchWarmupSeconds: wholeNumber('BENCH_SEARCH_WARMUP_SECONDS', 10, 0),
  nats: process.env.BENCH_NATS || 'auto',
};
if (!['auto', 'shared', 'private'].includes(settings.nats)) {
  fail(`BENCH_NATS must be auto, private or shared (got ${JSON.stringify(settings.nats)})`);
}

// Seeding takes about a minute on two cores; start-up well under one; then the load runs.
const STARTUP_BUDGET_SECONDS = 300;
const deadlineSeconds =
  STARTUP_BUDGET_SECONDS +
  settings.searchWarmupSeconds +
  (settings.rounds * 2 + 2) * (settings.warmupSeconds + settings.durationSeconds + 5) +
  120;

const log = (/** @type {string} */ line) => console.log(line);
const supervisor = new Supervisor();
const load = new AbortController();
let stopping = false;

async function shutdown(/** @type {number} */ code) {
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
setTimeout(() => {
  console.error(`bench:catalog: gave up after ${deadlineSeconds} s`);
  void shutdown(1);
}, deadlineSeconds * 1000).unref();

async function main() {
  ensureBuilt(
    ['gateway/dist/main.js', 'services/catalog/dist/main.js', 'services/catalog/dist/migrate.js'],
    log,
  );
  const cpus = os.cpus().length;
  const loadBefore = oneDecimal(os.loadavg()[0]);
  if (loadBefore > cpus) {
    log(`note: the machine is busy (load ${loadBefore} on ${cpus} cores): expect low, noisy figures`);
  }

  const infrastructure = {
    ...infrastructureEnv(),
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  };
  const natsBinary = natsServerBinary();
  const usePrivateNats =
    settings.nats === 'private' || (settings.nats === 'auto' && !process.env.NATS_URL && natsBinary);
  /** @type {{ url: string, pid?: number }} */
  let nats = { url: infrastructure.NATS_URL };
  if (usePrivateNats) {
    if (!natsBinary) throw new Error('BENCH_NATS=private needs nats-server on PATH');
    const started = await startPrivateNats(supervisor, natsBinary);
    nats = { url: started.url, pid: started.child.pid };
  }
  const appEnv = {
    ...infrastructure,
    NATS_URL: nats.url,
    LOG_LEVEL: 'warn',
    REDIS_KEY_PREFIX,
    EVENTS_STREAM: 'CHITRAM_BENCH_CATALOG_EVENTS',
    EVENTS_SUBJECT_ROOT: 'chitram-bench-catalog.events',
    // Every search of the benchmark comes from one address: the per-address limit still counts each
    // one (its cost is measured), but high enough never to refuse.
    SEARCH_RATE_LIMIT: String(100_000),
  };

  log(`migrating ${DATABASE_NAME} and starting the catalog service (NATS ${nats.url}) ...`);
  const startCatalog = () =>
    startService(supervisor, 'catalog', {
      env: appEnv,
      databaseName: DATABASE_NAME,
      nodeArgs: profilingArgs(),
    });
  let catalog = await startCatalog();
  const data = catalogue();
  const seededNow = await seed(infrastructure.DATABASE_URL, data);
  if (seededNow) {
    // The service built its search index from the empty tables it found at its start (every search
    // of a first run answered nothing): started again, it reads the seeded catalogue.
    log('starting the catalog service again on the seeded catalogue ...');
    await catalog.stop();
    catalog = await startCatalog();
  }
  // Whatever an earlier run cached under this database is stale now: a new catalogue version.
  const redis = new Redis(infrastructure.REDIS_URL, { keyPrefix: REDIS_KEY_PREFIX, lazyConnect: true });
  await redis.connect();
  await redis.incr(`catalog:${DATABASE_NAME}:version`);
  redis.disconnect();

  log('starting the gateway ...');
  const gateway = await startGateway(supervisor, { env: appEnv, nodeArgs: profilingArgs() });
  await waitUntil(
    'home content through the gateway',
    async () => (await fetchStatus(gateway.url + HOME_ROUTE)) === 200,
  );

  // What the viewer's home page receives: one rail per genre, each full.
  const response = await captureResponse(gateway.url + HOME_ROUTE);
  const home = JSON.parse(response.body.toString('utf8'));
  const rails = Object.entries(home.genreMovies ?? {});
  if (rails.length !== GENRES.length || rails.some(([, movies]) => movies.length !== 20)) {
    throw new Error(
      `unexpected home content: ${rails.map(([genre, movies]) => `${genre} ${movies.length}`).join(', ')}`,
    );
  }
  log(
    `GET ${HOME_ROUTE}: ${response.status}, ${response.body.length.toLocaleString('en')} bytes, ` +
      `${rails.length} rails of 20, etag ${response.headers.etag}, cache-control "${response.headers['cache-control']}"`,
  );
  const bare = await startBareServer(supervisor, response);

  const redisPid = listeningPid(new URL(infrastructure.REDIS_URL).port || '6379');
  const processes = {
    gateway: gateway.child.pid,
    catalog: catalog.pid,
    ...(nats.pid ? { 'nats-server': nats.pid } : {}),
    // Shared with whatever else uses it on this machine: quiet apart from the benchmark, it is its cost.
    ...(redisPid ? { redis: redisPid } : {}),
  };
  const database = new DatabaseBackends(infrastructure.DATABASE_URL, DATABASE_NAME);
  const homeTargets = [
    { name: 'bare node:http', url: bare.url + HOME_ROUTE, processes: { bare: bare.child.pid } },
    { name: 'gateway (home content)', url: gateway.url + HOME_ROUTE, processes },
  ];
  const { runs: homeRuns, best: homeBest } = await alternateRounds({
    targets: homeTargets,
    settings,
    expectBody: response.body.toString('utf8'),
    signal: load.signal,
    log,
  });
  const [bareBest, gatewayBest] = homeBest;
  const homePercent = oneDecimal((gatewayBest.requestsPerSecond / bareBest.requestsPerSecond) * 100);

  // Search. The pool is in order of popularity: term k is asked with probability ∝ 1/(k+1).
  const pool = searchTerms(data, SEARCH_POOL, 11);
  const asked = new Set();
  const askFrom = (/** @type {number} */ size, /** @type {number} */ seed) => {
    const rank = zipf(size, 1);
    const r = random(seed);
    return () => {
      const term = pool[rank(r)];
      asked.add(term);
      return term;
    };
  };
  const found = [];
  for (const term of pool.slice(0, 12)) {
    const res = await fetch(`${gateway.url}/api/home/search?q=${encodeURIComponent(term)}`);
    const movies = await res.json();
    found.push(`${term} → ${movies.length ? movies[0].title : '(none)'}`);
  }
  log(`search samples: ${found.join('; ')}`);

  // 1. The popular terms, once each has been asked: answered from the gateway's cache.
  const popular = pool.slice(0, POPULAR_TERMS);
  log(`search (the ${POPULAR_TERMS} most popular terms, each asked once before) ...`);
  let nextPopular = 0;
  await measureSearch({
    signal: load.signal,
    url: gateway.url,
    connections: settings.connections,
    nextTerm: () => popular[nextPopular++ % popular.length],
    amount: popular.length,
    processes,
  });
  const cached = await measureSearch({
    signal: load.signal,
    url: gateway.url,
    connections: settings.connections,
    nextTerm: askFrom(POPULAR_TERMS, 12),
    duration: settings.durationSeconds,
    processes,
    database,
  });

  // 2. The realistic mix: the whole pool, its long tail included, as the caches stand a short
  //    while after a catalogue change (every change empties them).
  log(
    `search (realistic mix of ${pool.length.toLocaleString('en')} terms): ` +
      `${settings.searchWarmupSeconds} s warm-up + ${settings.durationSeconds} s ...`,
  );
  const mixTerm = askFrom(pool.length, 14);
  await measureSearch({
    signal: load.signal,
    url: gateway.url,
    connections: settings.connections,
    nextTerm: mixTerm,
    duration: settings.searchWarmupSeconds,
    processes,
  });
  const askedBefore = asked.size;
  const mix = await measureSearch({
    signal: load.signal,
    url: gateway.url,
    connections: settings.connections,
    nextTerm: mixTerm,
    duration: settings.durationSeconds,
    processes,
    database,
  });
  const newInMix = asked.size - askedBefore;

  // Terms nobody asked yet: neither the gateway's nor the catalog's cache can answer them.
  // Twice as many as needed: the popular ones among them were asked already.
  const unasked = searchTerms(data, SEARCH_POOL + 2 * (COLD_SEARCHES + ALONE_SEARCHES), 13).filter(
    (t) => !asked.has(t),
  );
  const coldPool = unasked.slice(0, COLD_SEARCHES);
  const alonePool = unasked.slice(COLD_SEARCHES, COLD_SEARCHES + ALONE_SEARCHES);
  const cycle = (/** @type {string[]} */ list) => {
    let next = 0;
    return () => list[next++ % list.length];
  };
  log(
    `search (cold: ${coldPool.length.toLocaleString('en')} new terms), ${settings.connections} connections ...`,
  );
  const cold = await measureSearch({
    signal: load.signal,
    url: gateway.url,
    connections: settings.connections,
    nextTerm: cycle(coldPool),
    amount: coldPool.length,
    processes,
    database,
  });
  log(
    `search (cold: ${alonePool.length} new terms), 1 connection: what one search costs without queueing ...`,
  );
  const alone = await measureSearch({
    signal: load.signal,
    url: gateway.url,
    connections: 1,
    nextTerm: cycle(alonePool),
    amount: alonePool.length,
    processes,
    database,
  });

  await database.end();

  reportFigures({
    settings,
    cpus,
    loadBefore,
    seededNow,
    home: { route: HOME_ROUTE, response, runs: homeRuns, bareBest, gatewayBest, percent: homePercent },
    search: {
      pool,
      popularTerms: POPULAR_TERMS,
      cached,
      mix,
      newInMix,
      cold,
      coldTerms: coldPool.length,
      alone,
    },
    log,
  });
}

/**
 * The process listening on a local TCP port (as `ss` reports it), if any: for its CPU figures.
 * @param {string} port
 */
function listeningPid(port) {
  const found = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(found.stdout ?? '')?.[1];
  return pid ? Number(pid) : undefined;
}

main().then(
  () => shutdown(0),
  (error) => {
    console.error(`bench:catalog: ${error instanceof Error ? error.message : String(error)}`);
    void shutdown(1);
  },
);
