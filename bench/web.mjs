// npm run bench:web: how fast the pages load in a real browser, against a running platform.
//
// Cold loads: each run opens the home page in a new browser context (an empty cache, no service
// worker) in headless Chromium on a desktop-sized window, unthrottled, and measures: the compressed
// JavaScript transferred before the first rail of titles is visible, everything transferred until the
// page is quiet, Largest Contentful Paint and the time to the first rail. The median of the runs is
// compared with the targets: JS <= 170 KB, LCP <= 1.0 s, first rail <= 0.8 s. Bytes are what came
// over the wire, so they show whether the servers compress; the JS target counts the scripts' bodies,
// the total counts headers too.
//
// Lighthouse (issue 19): the home page, the plans and a title page, each BENCH_WEB_LIGHTHOUSE_RUNS
// times with Lighthouse 12's defaults (a phone, simulated slow 4G, a 4x slower CPU); the medians of
// its four category scores, LCP, TBT and CLS, against: Performance >= 90, LCP <= 2.5 s, TBT <= 200 ms,
// CLS <= 0.05 (its whole reports are kept in .data/bench/lighthouse/). Lighthouse's Performance depends on the machine's CPU: the load average and
// Lighthouse's CPU benchmark index (its 4x slowdown means a machine of about 1,500-2,000) are printed beside it (a busy machine gives low, noisy scores; the layout shift does not depend on it).
//
// Settings (environment): BENCH_WEB_URL (http://localhost:3000, the shell), BENCH_WEB_RUNS (5),
// BENCH_WEB_LIGHTHOUSE_RUNS (3; 0 leaves Lighthouse out), BENCH_WEB_TIMEOUT_SECONDS (20, per cold
// load), BENCH_CHROMIUM (/usr/bin/chromium), BENCH_WEB_LOCALE (en-US: the browser's language, which
// picks the interface language; hi-IN measures a first load in Hindi). Start the platform first (npm
// start), or pass --own-platform: the benchmark then starts a platform of its own on free ports, as
// `npm test` does for the browser suite (the build must be there: npx nx run-many -t build), and
// stops it at the end. Exits 0 whether or not the targets are met; 1 when a run broke (the page did
// not load, or no rail appeared); 130 on Ctrl-C. Figures are also written to .data/bench/web.json.
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './lib/apps.mjs';
import { CATEGORIES, runLighthouse, startChromiumForLighthouse } from './lib/lighthouse.mjs';
import { formatTable, oneDecimal, writeJson } from './lib/report.mjs';
import { benchSettings } from './lib/settings.mjs';
import { startTestPlatform } from './lib/test-platform.mjs';

const OUTPUT = path.join(ROOT, '.data/bench/web.json');
/** Lighthouse's whole reports, one per page and run, for reading its audits. */
const REPORTS = path.join(ROOT, '.data/bench/lighthouse');
const TARGETS = { maxScriptKB: 170, maxLcpMs: 1000, maxFirstRailMs: 800 };
/** Lighthouse's medians, on its phone with its throttling (issue 19). */
const LIGHTHOUSE_TARGETS = { minPerformance: 90, maxLcpMs: 2500, maxTbtMs: 200, maxCls: 0.05 };
// The first rail of titles on the home page (frontends/viewer/src/components/Rail.tsx), with a title
// in it: skeletons and the hero come before it and do not count.
const FIRST_RAIL = '.vw-rail .vw-rail__item';
// Quiet: nothing transferred for this long after the rail showed.
const QUIET_MS = 1000;

const { fail, wholeNumber } = benchSettings('web');
const ownPlatform = process.argv.includes('--own-platform');
const settings = {
  url: process.env.BENCH_WEB_URL || 'http://localhost:3000',
  runs: wholeNumber('BENCH_WEB_RUNS', 5, 1),
  lighthouseRuns: wholeNumber('BENCH_WEB_LIGHTHOUSE_RUNS', 3, 0),
  timeoutSeconds: wholeNumber('BENCH_WEB_TIMEOUT_SECONDS', 20, 1),
  chromium: process.env.BENCH_CHROMIUM || '/usr/bin/chromium',
  locale: process.env.BENCH_WEB_LOCALE || 'en-US',
};
try {
  new URL(settings.url);
} catch {
  fail(`BENCH_WEB_URL must be an absolute URL (got ${JSON.stringify(settings.url)})`);
}

// observePage and the page.evaluate callbacks run in the browser, not in Node.
/* global window, document, performance, PerformanceObserver, requestAnimationFrame, MutationObserver */

const log = (/** @type {string} */ line) => console.log(line);
/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** What to stop on the way out: Lighthouse's browser, the benchmark's own platform. */
const cleanUps = [];
async function cleanUp() {
  await browser?.close().catch(() => undefined);
  for (const step of cleanUps.splice(0).reverse()) await step().catch(() => undefined);
}

process.on('SIGINT', () => {
  log('\ninterrupted');
  void cleanUp().finally(() => process.exit(130));
});

/**
 * Runs in the page before its own scripts: notes when the first rail is painted and the latest
 * Largest Contentful Paint, on the page's own clock (ms since navigation start).
 */
function observePage(selector) {
  const marks = { firstRailMs: null, lcpMs: null };
  Object.defineProperty(window, '__benchWeb', { value: marks });
  // The home page may fetch more than the default 250 resources (posters); keep all their timings.
  performance.setResourceTimingBufferSize(2000);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      marks.lcpMs = entry.renderTime || entry.loadTime || entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (marks.firstRailMs !== null) return;
    const rail = document.querySelector(selector);
    if (!rail || rail.getBoundingClientRect().height === 0) return;
    // The frame after the one that laid it out is the first that shows it.
    requestAnimationFrame(() => {
      marks.firstRailMs ??= performance.now();
    });
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
}

/** One cold load of the page; every byte counted from the browser's own network events. */
async function measure(run) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1366, height: 768 },
    locale: settings.locale,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(observePage, FIRST_RAIL);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    /** @type {Map<string, { url: string, type: string, headerBytes: number, bytes: number, done: boolean }>} */
    const requests = new Map();
    let lastActivity = Date.now();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      // What arrived with the response line and headers, before any of the body.
      const headerBytes = response.encodedDataLength ?? 0;
      requests.set(requestId, { url: response.url, type, headerBytes, bytes: 0, done: false });
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const request = requests.get(requestId);
      if (request) Object.assign(request, { bytes: encodedDataLength, done: true });
      lastActivity = Date.now();
    });

    const deadline = Date.now() + settings.timeoutSeconds * 1000;
    const response = await page.goto(settings.url, {
      waitUntil: 'commit',
      timeout: settings.timeoutSeconds * 1000,
    });
    if (!response?.ok()) throw new Error(`GET ${settings.url} answered ${response?.status() ?? 'nothing'}`);
    await page.waitForFunction(() => window.__benchWeb.firstRailMs !== null, null, {
      timeout: Math.max(deadline - Date.now(), 1),
      polling: 50,
    });
    while (Date.now() - lastActivity < QUIET_MS && Date.now() < deadline) await sleep(100);

    const { firstRailMs, lcpMs, scriptsBeforeRail } = await page.evaluate(() => {
      const marks = window.__benchWeb;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'script' && e.responseEnd <= marks.firstRailMs)
        .map((e) => e.name);
      return { ...marks, scriptsBeforeRail: scripts };
    });
    const done = [...requests.values()].filter((r) => r.done);
    const before = new Set(scriptsBeforeRail);
    const scripts = done.filter((r) => r.type === 'Script' && before.has(r.url));
    const sum = (/** @type {Array<{ bytes: number }>} */ list) =>
      list.reduce((total, r) => total + r.bytes, 0);
    const bodies = scripts.reduce((total, r) => total + r.bytes - r.headerBytes, 0);
    return {
      run,
      // The compressed scripts themselves; with their HTTP headers in scriptTransferredKB.
      scriptKB: oneDecimal(bodies / 1024),
      scriptTransferredKB: oneDecimal(sum(scripts) / 1024),
      scriptFiles: scripts.length,
      totalKB: oneDecimal(sum(done) / 1024),
      requests: done.length,
      lcpMs: lcpMs === null ? null : Math.round(lcpMs),
      firstRailMs: Math.round(firstRailMs),
      byType: Object.fromEntries(
        [...new Set(done.map((r) => r.type))].map((type) => [
          type,
          oneDecimal(sum(done.filter((r) => r.type === type)) / 1024),
        ]),
      ),
    };
  } finally {
    await context.close();
  }
}

/**
 * The pages Lighthouse measures: home, the plans and the page of the home page's first title.
 * @returns {Promise<Array<{ name: string, path: string }>>}
 */
async function lighthousePages() {
  const res = await fetch(new URL('/api/home/content', settings.url), {
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`GET /api/home/content answered ${res.status}`);
  const home = /** @type {{ genreMovies: Record<string, Array<{ slug: string }>> }} */ (await res.json());
  const first = Object.values(home.genreMovies).flat()[0];
  if (!first) throw new Error('the catalogue has no title to open');
  return [
    { name: 'home', path: '/' },
    { name: 'plans', path: '/subscribe' },
    { name: 'title', path: `/movie/${encodeURIComponent(first.slug)}/play` },
  ];
}

/** Each page's Lighthouse runs (one browser for all: Lighthouse clears the site's storage per run). */
async function measureWithLighthouse() {
  const pages = await lighthousePages();
  const chromium = await startChromiumForLighthouse({ chromium: settings.chromium });
  cleanUps.push(chromium.close);
  log(
    `\nLighthouse (mobile, default throttling): ${pages.map((p) => p.name).join(', ')}, ` +
      `${settings.lighthouseRuns} runs each ...`,
  );
  const results = [];
  for (const page of pages) {
    const runs = [];
    for (let run = 1; run <= settings.lighthouseRuns; run++) {
      const result = await runLighthouse(
        new URL(page.path, settings.url).href,
        chromium.port,
        path.join(REPORTS, `${page.name}-${run}.json`),
      );
      runs.push({ run, load: oneDecimal(os.loadavg()[0]), ...result });
      log(
        `  ${page.name} run ${run}: performance ${result.scores.performance}, LCP ${result.lcpMs} ms, ` +
          `TBT ${result.tbtMs} ms, CLS ${result.cls} (load average ${runs.at(-1).load}, ` +
          `CPU benchmark index ${result.benchmarkIndex})`,
      );
    }
    const median = {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, medianOf(runs.map((r) => r.scores[c]))])),
      lcpMs: medianOf(runs.map((r) => r.lcpMs)),
      tbtMs: medianOf(runs.map((r) => r.tbtMs)),
      cls: medianOf(runs.map((r) => r.cls)),
      load: medianOf(runs.map((r) => r.load)),
      benchmarkIndex: medianOf(runs.map((r) => r.benchmarkIndex)),
    };
    results.push({ ...page, runs, median });
  }
  await chromium.close();
  return results;
}

/** @param {Awaited<ReturnType<typeof measureWithLighthouse>>} results */
function reportLighthouse(results) {
  const t = LIGHTHOUSE_TARGETS;
  log('');
  log(
    formatTable(
      [
        'page (median)',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        'LCP ms',
        'TBT ms',
        'CLS',
        'load',
        'CPU index',
      ],
      results.map(({ name, median: m }) => [
        name,
        m.scores.performance,
        m.scores.accessibility,
        m.scores['best-practices'],
        m.scores.seo,
        m.lcpMs,
        m.tbtMs,
        m.cls,
        m.load,
        m.benchmarkIndex,
      ]),
    ),
  );
  const checks = results.flatMap(({ name, median: m }) => [
    {
      target: `${name}: Performance >= ${t.minPerformance}`,
      measured: `${m.scores.performance}`,
      met: m.scores.performance >= t.minPerformance,
    },
    {
      target: `${name}: LCP <= ${t.maxLcpMs / 1000} s`,
      measured: `${m.lcpMs} ms`,
      met: m.lcpMs <= t.maxLcpMs,
    },
    { target: `${name}: TBT <= ${t.maxTbtMs} ms`, measured: `${m.tbtMs} ms`, met: m.tbtMs <= t.maxTbtMs },
    { target: `${name}: CLS <= ${t.maxCls}`, measured: `${m.cls}`, met: m.cls <= t.maxCls },
  ]);
  log(
    formatTable(
      ['Lighthouse target', 'measured', 'result'],
      checks.map((c) => [c.target, c.measured, c.met ? 'PASS' : 'MISS']),
    ),
  );
  return checks;
}

async function main() {
  const cpus = os.cpus().length;
  if (ownPlatform) {
    log('starting a platform of its own (ports, NATS, Redis, storage and databases of its own) ...');
    const platform = await startTestPlatform({ log: (line) => log(`  ${line}`) });
    cleanUps.push(platform.stop);
    settings.url = platform.url;
  }
  const loadBefore = oneDecimal(os.loadavg()[0]);
  if (loadBefore > cpus)
    log(`note: the machine is busy (load ${loadBefore} on ${cpus} cores): expect slow, noisy figures`);
  browser = await chromium.launch({
    executablePath: settings.chromium,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  log(`${settings.runs} cold loads of ${settings.url} (${settings.locale}) in ${browser.version()} ...`);

  const runs = [];
  for (let run = 1; run <= settings.runs; run++) {
    try {
      runs.push(await measure(run));
    } catch (error) {
      throw new Error(
        `run ${run}: ${error.message.split('\n')[0]} (is the platform running at ${settings.url}?)`,
      );
    }
  }
  await browser.close();
  browser = undefined;

  const median = {
    scriptKB: medianOf(runs.map((r) => r.scriptKB)),
    totalKB: medianOf(runs.map((r) => r.totalKB)),
    lcpMs: medianOf(runs.map((r) => r.lcpMs).filter((v) => v !== null)),
    firstRailMs: medianOf(runs.map((r) => r.firstRailMs)),
  };
  const checks = [
    {
      target: `compressed JS before the first rail <= ${TARGETS.maxScriptKB} KB`,
      measured: `${median.scriptKB} KB`,
      met: median.scriptKB <= TARGETS.maxScriptKB,
    },
    {
      target: `Largest Contentful Paint <= ${TARGETS.maxLcpMs / 1000} s`,
      measured: Number.isNaN(median.lcpMs) ? 'none reported' : `${median.lcpMs} ms`,
      met: median.lcpMs <= TARGETS.maxLcpMs,
    },
    {
      target: `first rail visible <= ${TARGETS.maxFirstRailMs / 1000} s`,
      measured: `${median.firstRailMs} ms`,
      met: median.firstRailMs <= TARGETS.maxFirstRailMs,
    },
  ];

  log('');
  log(
    formatTable(
      [
        'run',
        'JS before rail KB',
        'with headers',
        'JS files',
        'total KB',
        'requests',
        'LCP ms',
        'first rail ms',
      ],
      runs.map((r) => [
        r.run,
        r.scriptKB,
        r.scriptTransferredKB,
        r.scriptFiles,
        r.totalKB,
        r.requests,
        r.lcpMs ?? '-',
        r.firstRailMs,
      ]),
    ),
  );
  log('');
  log(
    `median: JS before the first rail ${median.scriptKB} KB, total ${median.totalKB} KB ` +
      `(last run by type: ${Object.entries(runs.at(-1).byType)
        .map(([type, kb]) => `${type} ${kb}`)
        .join(', ')}), LCP ${median.lcpMs} ms, first rail ${median.firstRailMs} ms`,
  );
  log(
    formatTable(
      ['target', 'measured', 'result'],
      checks.map((c) => [c.target, c.measured, c.met ? 'PASS' : 'MISS']),
    ),
  );

  const lighthouse = settings.lighthouseRuns > 0 ? await measureWithLighthouse() : [];
  const lighthouseChecks = lighthouse.length ? reportLighthouse(lighthouse) : [];

  const loadAfter = oneDecimal(os.loadavg()[0]);
  writeJson(OUTPUT, {
    benchmark: 'web',
    date: new Date().toISOString(),
    machine: { node: process.version, cpus, loadAverage: { before: loadBefore, after: loadAfter } },
    settings,
    runs,
    median,
    targets: checks,
    lighthouse: { pages: lighthouse, targets: lighthouseChecks },
  });
  log(
    `\nfigures written to ${path.relative(ROOT, OUTPUT)} (load average ${loadBefore} before, ${loadAfter} after)`,
  );
}

/** @param {number[]} values */
function medianOf(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : oneDecimal((sorted[middle - 1] + sorted[middle]) / 2);
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

main()
  .then(cleanUp)
  .catch(async (error) => {
    console.error(`bench:web: ${error.message}`);
    await cleanUp();
    process.exit(1);
  });
