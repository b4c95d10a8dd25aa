// npm run bench:capacity: how many viewers watching at once one machine serves (issue 25). Simulated
// viewers who watch, as the player does (bench/capacity/watcher.mjs): a stream grant, the master and
// rendition playlists, then segments at the pace of real time from the highest rendition their plan
// allows (each fetched from the origin, as a CDN that misses once per segment would), a heartbeat every
// 10 s (the player's HEARTBEAT_MS), and a new grant when a title ends. Ramped in steps against the
// `npm start` platform until the p95 of heartbeats or of grants in a step passes the limit or any error
// appears: that step is the knee. Prints each step (viewers, requests per second by kind, p95s, the
// cores each app kept busy, the load average), the knee with each app's memory there, and viewers per
// core of gateway, media and billing at the last step that held.
//
// Settings (environment): BENCH_CAPACITY_URL (http://127.0.0.1:3000, the shell), CAPACITY_START (20
// viewers), CAPACITY_STEP (20 more each step), CAPACITY_STEP_SECONDS (60), CAPACITY_MAX (2000),
// CAPACITY_P95_MS (100), BENCH_CAPACITY_CONTROL_URL (http://127.0.0.1:3099) and CONTROL_TOKEN (else read
// from .data/run/control.token). --own-platform: a platform of its own on free ports instead (as npm
// test starts one; the build must be there), stopped at the end.
//
// Exits 0 when a knee or the maximum was reached; 1 when the benchmark could not run; 130 on Ctrl-C.
// The figures are also written to .data/bench/capacity.json.
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { join, watch } from './capacity/watcher.mjs';
import { ROOT } from './lib/apps.mjs';
import { appMemory, appPids, cpuSeconds, machineProcesses } from './lib/app-processes.mjs';
import { playableTitles, underLoad } from './lib/platform-under-load.mjs';
import { formatTable, oneDecimal, writeJson } from './lib/report.mjs';
import { RequestStats } from './lib/request-stats.mjs';
import { benchSettings } from './lib/settings.mjs';

const OUTPUT = path.join(ROOT, '.data/bench/capacity.json');
const { wholeNumber } = benchSettings('capacity');
const settings = {
  // 127.0.0.1 rather than localhost: the viewers' requests leave from IPv4 loopback addresses.
  url: (process.env.BENCH_CAPACITY_URL || 'http://127.0.0.1:3000').replace(/\/$/, ''),
  start: wholeNumber('CAPACITY_START', 20, 1),
  step: wholeNumber('CAPACITY_STEP', 20, 1),
  stepSeconds: wholeNumber('CAPACITY_STEP_SECONDS', 60, 5),
  max: wholeNumber('CAPACITY_MAX', 2000, 1),
  p95LimitMs: wholeNumber('CAPACITY_P95_MS', 100, 1),
  ownPlatform: process.argv.includes('--own-platform'),
};
const log = (line) => console.log(line);
/** The apps whose cores per viewer make the sizing rule. */
const SIZED_APPS = ['gateway', 'media', 'billing'];
/** The route kinds whose p95 marks the knee; the others are counted and shown. */
const KNEE_KINDS = ['heartbeat', 'grant'];

/**
 * The stats of the step under way: each step counts its own requests.
 * @type {{ current: RequestStats }}
 */
const window = { current: new RequestStats() };
/** Sign-ins and checkouts of viewers joining, counted apart from the steps' windows. */
const joining = new RequestStats();
const stepStats = { record: (...args) => window.current.record(...args) };

/** @param {RequestStats} stats  @param {string} kind */
function p95(stats, kind) {
  return stats.summary().routes[kind]?.p95 ?? 0;
}

/** @param {RequestStats} stats */
const errorsOf = (stats) => Object.values(stats.summary().errors).reduce((n, c) => n + c, 0);

async function main() {
  await underLoad(
    {
      url: settings.url,
      ownPlatform: settings.ownPlatform,
      controlVariable: 'BENCH_CAPACITY_CONTROL_URL',
      log,
    },
    async ({ base, control, ending }) => {
      settings.url = base;
      if (!control.controlToken)
        throw new Error('no control token (CONTROL_TOKEN, .data/run/control.token): is npm start running?');
      const titles = (await playableTitles(settings.url, log)).filter((t) => !t.isFree);
      log(
        `capacity: from ${settings.start} viewers, ${settings.step} more every ${settings.stepSeconds} s, until the p95 of ` +
          `heartbeats or grants passes ${settings.p95LimitMs} ms or an error appears (${titles.length} paid films; ${os.cpus().length} cores)`,
      );

      /** @type {Array<Promise<void>>} */
      const watchers = [];
      const steps = [];
      let knee;
      for (let viewers = settings.start; viewers <= settings.max; viewers += settings.step) {
        // The step's new viewers sign in and pay first, outside the step's window: a checkout is not
        // watching, and a crowd of them at once slowed the grants the window measures (a knee at 50
        // viewers with the machine three parts idle). Their requests are counted apart.
        window.current = new RequestStats();
        const joinedAt = performance.now();
        const newcomers = await Promise.allSettled(
          Array.from({ length: viewers - watchers.length }, (_, i) =>
            join({ base: settings.url, stats: joining, viewer: watchers.length + i }),
          ),
        );
        const failedJoins = newcomers.filter((n) => n.status === 'rejected');
        log(
          `  ${newcomers.length} viewers joined in ${((performance.now() - joinedAt) / 1000).toFixed(1)} s` +
            (failedJoins.length
              ? `, ${failedJoins.length} could not (${failedJoins[0].reason.message})`
              : ''),
        );
        // Then they press Play over a few seconds, as a crowd would, and the window opens once all have.
        const rampSeconds = Math.min(10, settings.stepSeconds / 3);
        newcomers.forEach((newcomer, i) => {
          if (newcomer.status !== 'fulfilled') return;
          const startIn = (i / newcomers.length) * rampSeconds * 1000;
          const viewer = watchers.length;
          watchers.push(
            delay(startIn, undefined, { signal: ending.signal })
              .then(() =>
                watch({
                  base: settings.url,
                  stats: stepStats,
                  titles,
                  session: newcomer.value,
                  signal: ending.signal,
                }),
              )
              .catch((error) => {
                if (!ending.signal.aborted) log(`  viewer ${viewer} stopped: ${error.message}`);
              }),
          );
        });
        await delay(rampSeconds * 1000, undefined, { signal: ending.signal });
        if (failedJoins.length) {
          knee = {
            viewers,
            reason: 'joining',
            errors: { joining: failedJoins.length },
            memory: await appMemory(control),
          };
          break;
        }
        window.current = new RequestStats();
        // The apps, what they stand on, and this benchmark's own viewers: all share the machine's cores.
        const apps = [...(await appPids(control)), ...machineProcesses()];
        const cpuBefore = { ...cpuSeconds(apps), 'bench client': benchSeconds() };
        const startedAt = performance.now();
        await delay(settings.stepSeconds * 1000, undefined, { signal: ending.signal });
        const seconds = (performance.now() - startedAt) / 1000;
        const cpuAfter = { ...cpuSeconds(apps), 'bench client': benchSeconds() };
        const stats = window.current;
        const summary = stats.summary();
        const step = {
          viewers,
          requestsPerSecond: oneDecimal(summary.requests / seconds),
          perSecond: Object.fromEntries(
            Object.entries(summary.routes).map(([kind, r]) => [kind, oneDecimal(r.requests / seconds)]),
          ),
          p95: Object.fromEntries(Object.entries(summary.routes).map(([kind, r]) => [kind, r.p95])),
          errors: summary.errors,
          cores: Object.fromEntries(
            Object.keys(cpuAfter)
              .filter((app) => app in cpuBefore)
              .map((app) => [app, Math.round(((cpuAfter[app] - cpuBefore[app]) / seconds) * 100) / 100]),
          ),
          loadAverage: os.loadavg()[0],
        };
        steps.push(step);
        const worst = Math.max(...KNEE_KINDS.map((kind) => p95(stats, kind)));
        log(
          `  ${viewers} viewers: ${step.requestsPerSecond} req/s, p95 grant ${p95(stats, 'grant')} ms, heartbeat ` +
            `${p95(stats, 'heartbeat')} ms, segment ${p95(stats, 'segment')} ms, ${errorsOf(stats)} errors, ` +
            `load ${step.loadAverage.toFixed(1)}`,
        );
        if (worst > settings.p95LimitMs || errorsOf(stats) > 0) {
          knee = {
            ...step,
            memory: await appMemory(control),
            reason: errorsOf(stats) > 0 ? 'errors' : 'p95',
          };
          break;
        }
      }
      ending.abort();
      await Promise.all(watchers);

      log('');
      log(stepTable(steps));
      log('');
      // A knee found while viewers joined made no step of its own: the last step measured held.
      const held = knee && knee.reason !== 'joining' ? steps.at(-2) : steps.at(-1);
      const joins = joining.summary();
      log(
        `joining (outside the windows): ${joins.requests} requests, p95 ` +
          Object.entries(joins.routes)
            .map(([kind, r]) => `${kind} ${r.p95} ms`)
            .join(', '),
      );
      if (knee) {
        log(
          `knee: ${knee.viewers} viewers (${knee.reason === 'p95' ? `p95 over ${settings.p95LimitMs} ms` : `${knee.reason === 'joining' ? 'viewers could not join' : 'errors'} ${JSON.stringify(knee.errors)}`}); memory there (MiB): ` +
            Object.entries(knee.memory)
              .map(([app, mib]) => `${app} ${mib}`)
              .join(', '),
        );
      } else log(`no knee up to ${settings.max} viewers`);
      const perCore = held ? viewersPerCore(held) : {};
      if (held)
        log(
          `last step that held: ${held.viewers} viewers; viewers per busy core there: ` +
            Object.entries(perCore)
              .map(([app, n]) => `${app} ${n}`)
              .join(', '),
        );
      writeJson(OUTPUT, {
        at: new Date().toISOString(),
        settings,
        steps,
        knee,
        held: held?.viewers,
        perCore,
        joining: joins,
      });
      log(`figures written to ${path.relative(process.cwd(), OUTPUT)}`);
    },
  );
}

/** CPU seconds this process (the simulated viewers) has used so far. */
function benchSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Viewers per core each sized app kept busy at a step (absent where it used next to nothing). */
function viewersPerCore(step) {
  return Object.fromEntries(
    SIZED_APPS.filter((app) => (step.cores[app] ?? 0) >= 0.01).map((app) => [
      app,
      Math.round(step.viewers / step.cores[app]),
    ]),
  );
}

function stepTable(steps) {
  const apps = [...new Set(steps.flatMap((s) => Object.keys(s.cores)))].sort();
  return formatTable(
    [
      'viewers',
      'req/s',
      'grant/s',
      'beat/s',
      'seg/s',
      'p95 grant',
      'p95 beat',
      'p95 seg',
      'errors',
      ...apps.map((a) => `${a} cores`),
      'load',
    ],
    steps.map((s) => [
      s.viewers,
      s.requestsPerSecond,
      s.perSecond.grant ?? 0,
      s.perSecond.heartbeat ?? 0,
      s.perSecond.segment ?? 0,
      s.p95.grant ?? 0,
      s.p95.heartbeat ?? 0,
      s.p95.segment ?? 0,
      Object.values(s.errors).reduce((n, c) => n + c, 0),
      ...apps.map((a) => s.cores[a] ?? 0),
      oneDecimal(s.loadAverage),
    ]),
  );
}

main().catch((error) => {
  console.error(`bench:capacity: ${error.message}`);
  process.exit(1);
});
