// npm run bench:gateway: what the gateway path costs. `GET /api/plans` through the built gateway, NATS
// and the billing service, against a bare node:http server answering the same bytes, in the same run,
// at 50 connections, one target at a time (2 cores), alternating rounds to even out a noisy machine.
//
// Settings (environment): BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (3), BENCH_SECONDS (10),
// BENCH_ROUNDS (2), BENCH_NATS = auto | private | shared. `shared` uses NATS_URL (else the local
// default), which others use too: a billing instance of theirs joins our queue group and serves part
// of the load, and their traffic slows the server. `private` starts a nats-server of our own on a free
// port. `auto` (the default) is `private` when nats-server is on PATH and NATS_URL is not set, else
// `shared`. DATABASE_URL as for the apps (else the local default). BENCH_CPU_PROF=<folder>: the
// gateway and billing write CPU profiles there when they stop (node --cpu-prof).
// BENCH_GATEWAY_BASELINE=<folder>: a build of the gateway to compare with (a copy of an earlier
// gateway/dist): it is started beside this one on the same NATS and billing and measured in the same
// rounds, so a change is judged against its baseline on the same machine at the same moment.
//
// Exits 0 whether or not the targets are met; 1 when something broke (a start failed, a request
// failed under load), 130 on Ctrl-C. Figures are also written to .data/bench/gateway.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
import { captureResponse, startBareServer } from './lib/bare-server.mjs';
import { alternateRounds } from './lib/load.mjs';
import { Supervisor, waitUntil } from './lib/processes.mjs';
import { formatTable, oneDecimal, writeJson } from './lib/report.mjs';
import { benchSettings, fetchStatus } from './lib/settings.mjs';

const ROUTE = '/api/plans';
const DATABASE_NAME = 'chitram_bench_billing';
const OUTPUT = path.join(ROOT, '.data/bench/gateway.json');
// Issue 25: at least 20% of bare node:http's throughput, with a p99 of at most 15 ms.
const TARGETS = { minThroughputPercent: 20, maxP99Ms: 15 };

const { fail, wholeNumber } = benchSettings('gateway');
const settings = {
  connections: wholeNumber('BENCH_CONNECTIONS', 50, 1),
  warmupSeconds: wholeNumber('BENCH_WARMUP_SECONDS', 3, 0),
  durationSeconds: wholeNumber('BENCH_SECONDS', 10, 1),
  rounds: wholeNumber('BENCH_ROUNDS', 2, 1),
  nats: process.env.BENCH_NATS || 'auto',
  baseline: process.env.BENCH_GATEWAY_BASELINE ? path.resolve(process.env.BENCH_GATEWAY_BASELINE) : '',
};
if (settings.baseline && !fs.existsSync(path.join(settings.baseline, 'main.js'))) {
  fail(`BENCH_GATEWAY_BASELINE must be a gateway build folder with main.js (got ${settings.baseline})`);
}
if (!['auto', 'shared', 'private'].includes(settings.nats)) {
  fail(`BENCH_NATS must be auto, private or shared (got ${JSON.stringify(settings.nats)})`);
}

// Start-up (a build aside) takes well under a minute; each load run its warm-up, duration and a pause.
const STARTUP_BUDGET_SECONDS = 120;
const deadlineSeconds =
  STARTUP_BUDGET_SECONDS +
  settings.rounds * (settings.baseline ? 3 : 2) * (settings.warmupSeconds + settings.durationSeconds + 5);

const log = (/** @type {string} */ line) => console.log(line);
const supervisor = new Supervisor();
const load = new AbortController();
let stopping = false;

/** Stops every child, then exits; the first caller wins. */
async function shutdown(/** @type {number} */ code) {
  if (stopping) return;
  stopping = true;
  load.abort(new Error('stopping'));
  await supervisor.stopAll();
  process.exit(code);
}

process.on('SIGINT', () => {
  if (stopping) process.exit(130); // a second Ctrl-C: do not wait for the children any longer
  log('\ninterrupted: stopping the apps');
  void shutdown(130);
});
process.on('SIGTERM', () => void shutdown(143));
setTimeout(() => {
  console.error(`bench:gateway: gave up after ${deadlineSeconds} s`);
  void shutdown(1);
}, deadlineSeconds * 1000).unref();

async function main() {
  ensureBuilt(
    ['gateway/dist/main.js', 'services/billing/dist/main.js', 'services/billing/dist/migrate.js'],
    log,
  );
  const cpus = os.cpus().length;
  const loadBefore = oneDecimal(os.loadavg()[0]);
  if (loadBefore > cpus) {
    log(`note: the machine is busy (load ${loadBefore} on ${cpus} cores): expect low, noisy figures`);
  }

  const infrastructure = infrastructureEnv();
  const natsBinary = natsServerBinary();
  const usePrivateNats =
    settings.nats === 'private' || (settings.nats === 'auto' && !process.env.NATS_URL && natsBinary);
  /** @type {{ url: string, pid?: number }} */
  let nats = { url: infrastructure.NATS_URL };
  let natsKind = 'shared';
  if (usePrivateNats) {
    if (!natsBinary) throw new Error('BENCH_NATS=private needs nats-server on PATH');
    const started = await startPrivateNats(supervisor, natsBinary);
    nats = { url: started.url, pid: started.child.pid };
    natsKind = 'private';
  }
  const appEnv = {
    ...infrastructure,
    NATS_URL: nats.url,
    LOG_LEVEL: 'warn',
    // Billing's outbox relay publishes to a stream of the benchmark's own, never the development one.
    EVENTS_STREAM: 'CHITRAM_BENCH_GATEWAY_EVENTS',
    EVENTS_SUBJECT_ROOT: 'chitram-bench-gateway.events',
  };

  log(`starting the gateway (${natsKind} NATS ${nats.url}) ...`);
  const gateway = await startGateway(supervisor, { env: appEnv, nodeArgs: profilingArgs() });
  // Before our billing starts nobody should answer the route; if someone does, their billing shares
  // the queue group and will serve part of the load.
  if ((await fetchStatus(gateway.url + ROUTE)) === 200) {
    log('warning: another billing instance answers on this NATS server and will share the load');
    natsKind = 'shared, with another billing instance';
  }

  log(`migrating ${DATABASE_NAME} and starting billing ...`);
  const billing = await startService(supervisor, 'billing', {
    env: appEnv,
    databaseName: DATABASE_NAME,
    nodeArgs: profilingArgs(),
  });
  await waitUntil(
    `GET ${ROUTE} through the gateway`,
    async () => (await fetchStatus(gateway.url + ROUTE)) === 200,
  );

  const response = await captureResponse(gateway.url + ROUTE);
  const contentType = response.headers['content-type'] ?? '(none)';
  const headerNames = Object.keys(response.headers).sort();
  log(
    `GET ${ROUTE}: ${response.status}, ${contentType}, ${response.body.length} body bytes, ` +
      `${headerNames.length} headers (${headerNames.join(', ')})`,
  );
  const bare = await startBareServer(supervisor, response);

  const baseline = settings.baseline
    ? await startGateway(supervisor, {
        env: appEnv,
        script: path.join(settings.baseline, 'main.js'),
        name: 'baseline gateway',
      })
    : undefined;
  /** A gateway's target: its process, billing's and our NATS server's are what it keeps busy. */
  const throughGateway = (
    /** @type {string} */ name,
    /** @type {{ child: { pid?: number }, url: string }} */ g,
  ) => ({
    name,
    url: g.url + ROUTE,
    processes: {
      gateway: g.child.pid,
      billing: billing.pid,
      ...(nats.pid ? { 'nats-server': nats.pid } : {}),
    },
  });
  const targets = [
    { name: 'bare node:http', url: bare.url + ROUTE, processes: { bare: bare.child.pid } },
    throughGateway('gateway → NATS → billing', gateway),
    ...(baseline ? [throughGateway('baseline gateway', baseline)] : []),
  ];
  const { runs, best } = await alternateRounds({
    targets,
    settings,
    expectBody: response.body.toString('utf8'),
    signal: load.signal,
    log,
  });

  const [bareBest, gatewayBest] = best;
  const throughputPercent = oneDecimal((gatewayBest.requestsPerSecond / bareBest.requestsPerSecond) * 100);
  const checks = [
    {
      target: `gateway throughput >= ${TARGETS.minThroughputPercent}% of bare`,
      measured: `${throughputPercent}%`,
      met: throughputPercent >= TARGETS.minThroughputPercent,
    },
    {
      target: `gateway p99 <= ${TARGETS.maxP99Ms} ms`,
      measured: `${gatewayBest.p99Ms} ms`,
      met: gatewayBest.p99Ms <= TARGETS.maxP99Ms,
    },
  ];
  const broken = runs.filter((run) => run.errors + run.non2xx + run.mismatches > 0);
  const cpuText = (/** @type {Record<string, number>} */ cpu) =>
    Object.entries(cpu)
      .map(([name, micros]) => `${name} ${micros}`)
      .join(', ');

  log('');
  log(`all runs (${settings.durationSeconds} s each; per target the one with the most req/s counts):`);
  log(
    formatTable(
      ['target', 'round', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'failed', 'CPU µs per request'],
      runs.map((r) => [
        r.target,
        r.round,
        Math.round(r.requestsPerSecond),
        r.p50Ms,
        r.p99Ms,
        r.maxMs,
        r.errors + r.non2xx + r.mismatches,
        cpuText(r.cpuMicrosPerRequest),
      ]),
    ),
  );
  log('');
  log(
    formatTable(
      ['target', 'req/s', 'p50 ms', 'p99 ms'],
      best.map((r) => [r.target, Math.round(r.requestsPerSecond), r.p50Ms, r.p99Ms]),
    ),
  );
  log('');
  log(`gateway / bare: ${throughputPercent}% of the throughput`);
  const baselineBest = best[2];
  if (baselineBest) {
    const percent = oneDecimal((baselineBest.requestsPerSecond / bareBest.requestsPerSecond) * 100);
    const change = oneDecimal((gatewayBest.requestsPerSecond / baselineBest.requestsPerSecond - 1) * 100);
    log(`baseline gateway / bare: ${percent}% (this gateway ${change >= 0 ? '+' : ''}${change}% against it)`);
  }
  log(
    formatTable(
      ['target', 'measured', 'result'],
      checks.map((c) => [c.target, c.measured, c.met ? 'PASS' : 'MISS']),
    ),
  );
  if (!checks[1].met) {
    // Closed-loop load: each connection waits for its answer, so mean latency = connections / req/s.
    const needed = Math.round((settings.connections / TARGETS.maxP99Ms) * 1000);
    log(
      `(${settings.connections} connections each waiting for an answer: a mean under ${TARGETS.maxP99Ms} ms ` +
        `alone takes more than ${needed} req/s)`,
    );
  }

  const loadAfter = oneDecimal(os.loadavg()[0]);
  writeJson(OUTPUT, {
    benchmark: 'gateway',
    date: new Date().toISOString(),
    route: `GET ${ROUTE}`,
    machine: { node: process.version, cpus, loadAverage: { before: loadBefore, after: loadAfter } },
    nats: natsKind,
    settings,
    response: { status: response.status, contentType, bodyBytes: response.body.length, headers: headerNames },
    runs,
    best: { bare: bareBest, gateway: gatewayBest },
    throughputPercent,
    targets: checks,
  });
  log(
    `\nfigures written to ${path.relative(ROOT, OUTPUT)} (load average ${loadBefore} before, ${loadAfter} after)`,
  );

  if (broken.length) {
    const list = broken.map(
      (r) =>
        `${r.target} round ${r.round}: ${r.errors} errors, ${r.non2xx} non-2xx, ${r.mismatches} other bodies`,
    );
    throw new Error(`requests failed under load, so the figures do not hold:\n  ${list.join('\n  ')}`);
  }
}

main().then(
  () => shutdown(0),
  (error) => {
    if (!stopping) console.error(`bench:gateway failed: ${error instanceof Error ? error.message : error}`);
    return shutdown(1);
  },
);
