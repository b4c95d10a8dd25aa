// bench:catalog's figures: the tables it prints, the targets met or missed, and .data/bench/catalog.json.
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/apps.mjs';
import { formatTable, oneDecimal, writeJson } from '../lib/report.mjs';
import { TITLES } from './data.mjs';

const OUTPUT = path.join(ROOT, '.data/bench/catalog.json');
// Issue 25: search p95 at most 20 ms, for the realistic mix and for cold terms alike.
const TARGETS = { minHomePercent: 40, maxSearchP95Ms: 20 };

/**
 * Prints and writes the run's figures; throws when requests failed under load (the figures do not hold).
 * @param {any} run
 */
export function reportFigures({ settings, cpus, loadBefore, seededNow, home, search, log }) {
  const { response, runs: homeRuns, bareBest, gatewayBest, percent: homePercent } = home;
  const { pool, popularTerms: POPULAR_TERMS, cached, mix, newInMix, cold, coldTerms, alone } = search;
  const HOME_ROUTE = home.route;
  const checks = [
    {
      target: `home content through the gateway >= ${TARGETS.minHomePercent}% of bare node:http`,
      measured: `${homePercent}%`,
      met: homePercent >= TARGETS.minHomePercent,
    },
    {
      target: `search p95 <= ${TARGETS.maxSearchP95Ms} ms (popular terms, cached)`,
      measured: `${cached.p95Ms} ms`,
      met: cached.p95Ms <= TARGETS.maxSearchP95Ms,
    },
    {
      target: `search p95 <= ${TARGETS.maxSearchP95Ms} ms (realistic mix)`,
      measured: `${mix.p95Ms} ms`,
      met: mix.p95Ms <= TARGETS.maxSearchP95Ms,
    },
    {
      target: `search p95 <= ${TARGETS.maxSearchP95Ms} ms (cold, every term new)`,
      measured: `${cold.p95Ms} ms`,
      met: cold.p95Ms <= TARGETS.maxSearchP95Ms,
    },
  ];
  const cpuText = (/** @type {Record<string, number>} */ cpu) =>
    Object.entries(cpu)
      .map(([name, micros]) => `${name} ${micros}`)
      .join(', ');

  log('');
  log(
    `home content runs (${settings.durationSeconds} s each; per target the one with the most req/s counts):`,
  );
  log(
    formatTable(
      ['target', 'round', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'CPU µs per request'],
      homeRuns.map((r) => [
        r.target,
        r.round,
        Math.round(r.requestsPerSecond),
        r.p50Ms,
        r.p99Ms,
        r.errors + r.non2xx + r.mismatches,
        cpuText(r.cpuMicrosPerRequest),
      ]),
    ),
  );
  log('');
  log(`search at ${settings.connections} connections (terms of 3+ characters):`);
  log(
    formatTable(
      ['run', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'failed', 'CPU µs per request'],
      [
        [
          `${POPULAR_TERMS} popular terms (cached)`,
          cached.requests,
          cached.requestsPerSecond,
          cached.p50Ms,
          cached.p95Ms,
          cached.p99Ms,
          cached.errors + cached.non2xx,
          cpuText(cached.cpuMicrosPerRequest),
        ],
        [
          `realistic mix (${newInMix} new terms)`,
          mix.requests,
          mix.requestsPerSecond,
          mix.p50Ms,
          mix.p95Ms,
          mix.p99Ms,
          mix.errors + mix.non2xx,
          cpuText(mix.cpuMicrosPerRequest),
        ],
        [
          'cold (every term new)',
          cold.requests,
          cold.requestsPerSecond,
          cold.p50Ms,
          cold.p95Ms,
          cold.p99Ms,
          cold.errors + cold.non2xx,
          cpuText(cold.cpuMicrosPerRequest),
        ],
        [
          'cold, 1 connection',
          alone.requests,
          alone.requestsPerSecond,
          alone.p50Ms,
          alone.p95Ms,
          alone.p99Ms,
          alone.errors + alone.non2xx,
          cpuText(alone.cpuMicrosPerRequest),
        ],
      ],
    ),
  );
  log('');
  log(
    `home content: gateway ${Math.round(gatewayBest.requestsPerSecond)} req/s, bare ${Math.round(bareBest.requestsPerSecond)} req/s: ${homePercent}%`,
  );
  log(
    formatTable(
      ['target', 'measured', 'result'],
      checks.map((c) => [c.target, c.measured, c.met ? 'PASS' : 'MISS']),
    ),
  );

  const loadAfter = oneDecimal(os.loadavg()[0]);
  writeJson(OUTPUT, {
    benchmark: 'catalog',
    date: new Date().toISOString(),
    machine: { node: process.version, cpus, loadAverage: { before: loadBefore, after: loadAfter } },
    settings,
    titles: TITLES,
    seededThisRun: seededNow,
    home: {
      route: HOME_ROUTE,
      bodyBytes: response.body.length,
      runs: homeRuns,
      best: { bare: bareBest, gateway: gatewayBest },
      percent: homePercent,
    },
    search: {
      terms: pool.length,
      popularCached: { ...cached, terms: POPULAR_TERMS },
      mix: { ...mix, newTerms: newInMix },
      cold: { ...cold, terms: coldTerms },
    },
    targets: checks,
  });
  log(
    `\nfigures written to ${path.relative(ROOT, OUTPUT)} (load average ${loadBefore} before, ${loadAfter} after)`,
  );

  const broken = [
    ...homeRuns
      .filter((run) => run.errors + run.non2xx + run.mismatches > 0)
      .map((run) => `${run.target} round ${run.round}`),
    ...(mix.errors + mix.non2xx ? ['search (mix)'] : []),
    ...(cached.errors + cached.non2xx ? ['search (popular)'] : []),
    ...(cold.errors + cold.non2xx ? ['search (cold)'] : []),
    ...(alone.errors + alone.non2xx ? ['search (cold, 1 connection)'] : []),
  ];
  if (broken.length)
    throw new Error(`requests failed under load, so the figures do not hold: ${broken.join(', ')}`);
}
