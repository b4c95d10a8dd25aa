// npm run bench:start: how long `npm start` takes on a fresh clone (install included) and warm (issue 25).
//
// Each run clones this repository's HEAD (committed work only; `--ref <commit>` another) into a folder of
// its own under the system's temporary one, runs `npm start` there and times it from the command to its
// "Chitram is up" line, reading the phases (install, build, infrastructure, migrations, apps up, demo
// data) off the start's output as it comes; then stops it with SIGINT (Ctrl-C) and starts it again in
// the same clone, for the warm figure. `--playable` also waits, after the fresh start is up, until every
// demo title plays through the public API (bench/demo-playable.mjs) before stopping it.
//
// Fresh means fresh: the clone has no node_modules, no .nx cache, no dist/ and no .data/ (so NATS, the
// object storage, the pictures and the demo videos are its own); its services' databases are named
// `chitram_bench_start_<run>_<service>` (npm start's --database-prefix) on the machine's Postgres and
// its Redis keys carry a prefix of their own, and both are dropped afterwards with the clone. npm's
// own cache (~/.npm) stays warm, as on a build machine that installed anything before: the install
// reads the packages from it, not from the registry.
//
// Settings (environment): BENCH_START_RUNS (1: fresh and warm pairs, each on a new clone; the medians
// are printed), BENCH_START_TIMEOUT_SECONDS (600, per start), BENCH_START_KEEP=1 (keeps the clone,
// its databases and keys). The ports of npm start (3000-3003, 3099, 4000-4005, 4104) must be free.
// Figures: .data/bench/start.json. Exits 0 whether or not the targets are met (fresh <= 60 s, warm
// <= 10 s, every demo title playable within 180 s of "is up"); 1 when a start broke.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { formatTable, oneDecimal, writeJson } from './lib/report.mjs';
import { benchSettings } from './lib/settings.mjs';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const OUTPUT = path.join(ROOT, '.data/bench/start.json');
const TARGETS = { freshSeconds: 60, warmSeconds: 10, playableSeconds: 180 };
const SERVICES = ['auth', 'catalog', 'billing', 'media', 'users'];
const PORTS = [3000, 3001, 3002, 3003, 3099, 4000, 4001, 4002, 4003, 4004, 4005, 4104];
const UP = /Chitram is up in ([\d.]+) s(?: \(([^)]*)\))?/;

/**
 * The phases as the start's output shows them: each from its first line to the line that ends it. A
 * phase whose first line is not recognised starts where the one before it ended (the older starts ran
 * them one after the other and said so only at the end).
 */
const PHASES = [
  { name: 'install', from: /^install: /, to: /^(added \d+ packages|install: done)/ },
  { name: 'build', from: /^build: /, to: /^build: (done|nothing)/ },
  { name: 'infrastructure', from: /^infra: (finding|starting)/, to: /^infra: (ready|s3 )/ },
  { name: 'migrations', from: /^migrate: (?!done)/, to: /^migrate: done/ },
  { name: 'apps up', from: /^apps: starting/, to: /^(apps: healthy|seed: |Chitram is up)/ },
  { name: 'demo data', from: /^seed: /, to: /^seed: (\d+ movies|demo catalogue: (already|loaded))/ },
];

const { fail, wholeNumber } = benchSettings('start');
const args = process.argv.slice(2);
const refAt = args.indexOf('--ref');
const settings = {
  runs: wholeNumber('BENCH_START_RUNS', 1, 1),
  timeoutSeconds: wholeNumber('BENCH_START_TIMEOUT_SECONDS', 600, 30),
  keep: process.env.BENCH_START_KEEP === '1',
  playable: args.includes('--playable'),
  ref: refAt >= 0 ? args[refAt + 1] : 'HEAD',
};
const commit = git(['rev-parse', '--verify', `${settings.ref}^{commit}`]);
if (!commit) fail(`--ref ${settings.ref} names no commit of this repository`);

const log = (/** @type {string} */ line) => console.log(line);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
/** @type {{ stop: () => Promise<void> } | undefined} */
let running;
/** @type {Array<() => Promise<void>>} */
const cleanUps = [];
process.on('SIGINT', () => {
  log('\ninterrupted');
  void (async () => {
    await running?.stop().catch(() => undefined);
    for (const step of cleanUps.splice(0).reverse()) await step().catch(() => undefined);
    process.exit(130);
  })();
});

/** @param {string[]} gitArgs */
function git(gitArgs, cwd = ROOT) {
  const out = spawnSync('git', gitArgs, { cwd, encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : undefined;
}

/** @param {number} port */
function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

async function busyPorts() {
  const answers = await Promise.all(PORTS.map(listening));
  return PORTS.filter((_, i) => answers[i]);
}

/**
 * `npm start` in `dir`, in a process group of its own; resolves at its "is up" line with the time
 * from the command to it and each phase's span, read off its output (kept in `logFile`).
 * @param {string} dir  @param {string[]} startArgs  @param {NodeJS.ProcessEnv} env  @param {string} logFile
 */
async function timedStart(dir, startArgs, env, logFile) {
  const out = fs.createWriteStream(logFile);
  const loadBefore = load();
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--', ...startArgs], {
    cwd: dir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  /** @type {Array<{ at: number, line: string }>} */
  const lines = [];
  let rest = { stdout: '', stderr: '' };
  /** @type {(value: unknown) => void} */
  let onUp = () => {};
  const up = new Promise((resolve) => (onUp = resolve));
  for (const stream of /** @type {const} */ (['stdout', 'stderr'])) {
    child[stream].on('data', (chunk) => {
      const at = (performance.now() - t0) / 1000;
      out.write(chunk);
      const parts = (rest[stream] + chunk.toString('utf8')).split('\n');
      rest[stream] = parts.pop() ?? '';
      for (const raw of parts) {
        // eslint-disable-next-line no-control-regex
        const line = raw.replace(/\u001b\[[0-9;]*m/g, '').trim();
        lines.push({ at, line });
        if (UP.test(line)) onUp(undefined);
      }
    });
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGINT');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 60_000);
    await exited;
    clearTimeout(timer);
    await new Promise((resolve) => out.end(resolve));
  };
  running = { stop };
  const timeout = new Promise((resolve) => setTimeout(resolve, settings.timeoutSeconds * 1000).unref());
  const outcome = await Promise.race([
    up.then(() => 'up'),
    exited.then(() => 'exited'),
    timeout.then(() => 'timeout'),
  ]);
  const seconds = (performance.now() - t0) / 1000;
  if (outcome !== 'up') {
    await stop();
    const tail = lines
      .slice(-15)
      .map((l) => `  ${l.line}`)
      .join('\n');
    throw new Error(
      `npm start in ${dir} ${outcome === 'exited' ? 'exited' : `was not up after ${settings.timeoutSeconds} s`} (its output: ${logFile})\n${tail}`,
    );
  }
  const upLine = lines.find((l) => UP.test(l.line))?.line ?? '';
  return { seconds, loadBefore, loadAtUp: load(), phases: phaseSpans(lines), upLine, lines, stop };
}

/**
 * Each phase's start and end (seconds from the command) as its lines show them; a phase without
 * lines (a warm start installs nothing) is left out.
 * @param {Array<{ at: number, line: string }>} lines
 */
function phaseSpans(lines) {
  const upAt = lines.find((l) => UP.test(l.line))?.at ?? Infinity;
  const before = lines.filter((l) => l.at <= upAt);
  const spans = [];
  let previousEnd = 0;
  for (const phase of PHASES) {
    const first = before.find((l) => phase.from.test(l.line));
    const last = before.find((l) => phase.to.test(l.line) && (!first || l.at >= first.at));
    if (!last && !first) continue;
    const from = first?.at ?? previousEnd;
    const to = last?.at ?? from;
    spans.push({
      name: phase.name,
      from: oneDecimal(from),
      to: oneDecimal(to),
      seconds: oneDecimal(to - from),
    });
    previousEnd = Math.max(previousEnd, to);
  }
  return spans;
}

/** Runs demo-playable.mjs of the clone against its running start; resolves with its seconds after "is up". */
async function waitPlayable(dir, logFile) {
  const script = path.join(dir, 'bench', 'demo-playable.mjs');
  if (!fs.existsSync(script)) return { seconds: undefined, note: 'the clone has no bench/demo-playable.mjs' };
  const child = spawn(process.execPath, [script, logFile], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  child.stdout.on('data', (chunk) => {
    text += chunk;
    process.stdout.write(`    ${chunk.toString('utf8').trimEnd().split('\n').join('\n    ')}\n`);
  });
  const timer = setTimeout(() => child.kill('SIGTERM'), 600_000);
  await new Promise((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const seconds = /every demo title plays ([\d.]+) s after/.exec(text)?.[1];
  return {
    seconds: seconds ? Number(seconds) : undefined,
    note: seconds ? '' : 'not every title played in 10 min',
  };
}

/** Drops the run's databases and Redis keys (its prefix), as the start on the machine's servers left them. */
async function dropLeftovers(databasePrefix, redisPrefix) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres',
  });
  await client.connect().then(
    async () => {
      for (const service of SERVICES)
        await client.query(`DROP DATABASE IF EXISTS "${databasePrefix}${service}" WITH (FORCE)`);
      await client.end();
    },
    () => log(`  (no Postgres on DATABASE_URL or :5432: no databases to drop)`),
  );
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  await redis.connect().then(
    async () => {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.quit();
    },
    () => redis.disconnect(),
  );
}

/** One fresh start on a new clone, then a warm one in it. */
async function run(index) {
  const id = `${process.pid}_${index}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-bench-start-'));
  const dir = path.join(work, 'chitram');
  const databasePrefix = `chitram_bench_start_${id}_`;
  const redisPrefix = `chitram-bench-start-${id}:`;
  cleanUps.push(async () => {
    if (settings.keep) return log(`  kept ${dir} (databases ${databasePrefix}*, Redis keys ${redisPrefix}*)`);
    await dropLeftovers(databasePrefix, redisPrefix).catch((error) =>
      log(`  could not drop the run's databases or keys: ${error.message}`),
    );
    fs.rmSync(work, { recursive: true, force: true });
  });
  const clone = spawnSync('git', ['clone', '--quiet', '--no-checkout', ROOT, dir], { encoding: 'utf8' });
  if (clone.status !== 0) throw new Error(`git clone failed: ${clone.stderr}`);
  if (!git(['checkout', '--quiet', '--detach', commit], dir) && git(['rev-parse', 'HEAD'], dir) !== commit)
    throw new Error(`git checkout ${commit} failed in ${dir}`);
  const env = { ...process.env, REDIS_KEY_PREFIX: redisPrefix };
  delete env.npm_config_prefix; // the clone's npm, not the one that runs this benchmark
  const startArgs = ['--database-prefix', databasePrefix];

  log(`run ${index + 1}: fresh clone of ${commit.slice(0, 10)} in ${dir}`);
  const fresh = await timedStart(dir, startArgs, env, path.join(work, 'fresh.log'));
  log(`  fresh: up in ${fresh.seconds.toFixed(1)} s (load ${fresh.loadBefore} → ${fresh.loadAtUp})`);
  log(`  ${fresh.upLine}`);
  let playable;
  if (settings.playable) {
    playable = await waitPlayable(dir, path.join(work, 'fresh.log'));
    log(
      playable.seconds === undefined
        ? `  demo titles: ${playable.note}`
        : `  every demo title plays ${playable.seconds} s after "is up" (load ${load()})`,
    );
  }
  const seedVideosLine = fresh.lines.find((l) => /every demo title plays/.test(l.line));
  await fresh.stop();
  const left = await busyPorts();
  if (left.length) throw new Error(`after Ctrl-C something still listens on ${left.join(', ')}`);

  log(`run ${index + 1}: warm start in the same clone`);
  const warm = await timedStart(dir, startArgs, env, path.join(work, 'warm.log'));
  log(`  warm: up in ${warm.seconds.toFixed(1)} s (load ${warm.loadBefore} → ${warm.loadAtUp})`);
  log(`  ${warm.upLine}`);
  await warm.stop();
  running = undefined;
  for (const step of cleanUps.splice(0).reverse()) await step();
  return {
    fresh: pick(fresh),
    warm: pick(warm),
    playableSeconds: playable?.seconds,
    startsOwnPlayableLine: seedVideosLine?.line,
  };
}

/** @param {Awaited<ReturnType<typeof timedStart>>} start */
function pick({ seconds, loadBefore, loadAtUp, phases, upLine, lines }) {
  // The start's own lines up to "is up" with their times, for a closer look (npm's warnings left out).
  const timeline = lines
    .slice(0, lines.findIndex((l) => UP.test(l.line)) + 1)
    .filter((l) => /^(install|build|infra|migrate|apps|seed|added \d+)/.test(l.line))
    .map((l) => `${l.at.toFixed(1).padStart(6)} s  ${l.line.slice(0, 160)}`);
  return { seconds: oneDecimal(seconds), loadBefore, loadAtUp, phases, upLine, timeline };
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const busy = await busyPorts();
if (busy.length)
  fail(`ports ${busy.join(', ')} are in use: stop the npm start (or whatever holds them) first`);
log(
  `bench:start: ${settings.runs} run(s) of a fresh clone of ${commit.slice(0, 10)} and a warm start; npm's cache (~/.npm) is warm, as on a build machine`,
);
const runs = [];
try {
  for (let i = 0; i < settings.runs; i++) runs.push(await run(i));
} catch (error) {
  await running?.stop().catch(() => undefined);
  for (const step of cleanUps.splice(0).reverse()) await step().catch(() => undefined);
  console.error(`bench:start: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}

log('');
for (const [kind, key] of /** @type {const} */ ([
  ['fresh clone', 'fresh'],
  ['warm', 'warm'],
])) {
  log(`${kind}: phases (seconds from the command; phases side by side overlap)`);
  const names = [...new Set(runs.flatMap((r) => r[key].phases.map((p) => p.name)))];
  log(
    formatTable(
      ['phase', ...runs.map((_, i) => `run ${i + 1}`), 'median s'],
      names.map((name) => {
        const spans = runs.map((r) => r[key].phases.find((p) => p.name === name));
        return [
          name,
          ...spans.map((s) => (s ? `${s.from}–${s.to} (${s.seconds})` : '-')),
          oneDecimal(
            median(spans.filter(Boolean).map((s) => /** @type {{ seconds: number }} */ (s).seconds)),
          ),
        ];
      }),
    ),
  );
  log('');
}
const freshMedian = median(runs.map((r) => r.fresh.seconds));
const warmMedian = median(runs.map((r) => r.warm.seconds));
const playables = runs.map((r) => r.playableSeconds).filter((s) => s !== undefined);
const rows = [
  [
    'fresh clone, install included',
    ...runs.map((r) => r.fresh.seconds),
    freshMedian,
    `<= ${TARGETS.freshSeconds}`,
  ],
  ['warm', ...runs.map((r) => r.warm.seconds), warmMedian, `<= ${TARGETS.warmSeconds}`],
  ['load average at "is up" (fresh)', ...runs.map((r) => r.fresh.loadAtUp), '', ''],
  ['load average at "is up" (warm)', ...runs.map((r) => r.warm.loadAtUp), '', ''],
];
if (settings.playable)
  rows.push([
    'every demo title plays, s after "is up"',
    ...runs.map((r) => r.playableSeconds ?? '-'),
    playables.length ? median(playables) : '-',
    `<= ${TARGETS.playableSeconds}`,
  ]);
log(formatTable(['start', ...runs.map((_, i) => `run ${i + 1}`), 'median', 'target'], rows));
writeJson(OUTPUT, {
  at: new Date().toISOString(),
  commit,
  host: { cpus: os.cpus().length, loadAverage: os.loadavg() },
  targets: TARGETS,
  median: {
    freshSeconds: freshMedian,
    warmSeconds: warmMedian,
    playableSeconds: playables.length ? median(playables) : undefined,
  },
  runs,
});
log(`\nfigures in ${path.relative(process.cwd(), OUTPUT)}`);
process.exit(0);
