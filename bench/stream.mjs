/* global window, document, performance, requestAnimationFrame -- code run inside the browser page */
// npm run bench:stream: what playback costs, against the platform `npm start` runs (BENCH_STREAM_URL,
// default http://localhost:3000) once its demo videos are ready. Three figures, each beside a baseline
// measured in the same run:
//   1. stream grants (GET /api/movie/{id}/stream for a Gold viewer: catalogue, billing and media behind
//      the gateway), p95 at 50 connections, beside a bare node:http server answering the same bytes;
//   2. segment serving (a 720p segment through the gateway and media's origin), requests and bytes per
//      second, beside the bare server serving the same segment;
//   3. time to first frame in Chromium, from pressing Play to the first frame painted (median of 5).
// Settings: BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (2), BENCH_SECONDS (8), BENCH_ROUNDS (2).
// Each app's CPU time per grant is printed too, from the pids of npm start's control API
// (BENCH_STREAM_CONTROL_URL, http://127.0.0.1:3099; CONTROL_TOKEN, else .data/run/control.token).
// --own-platform: a platform of its own on free ports instead (as npm test starts one; the build must be
// there), which loads the demo catalogue and makes its demo videos (the bench waits for them), stopped
// at the end; with it BENCH_CPU_PROF=<folder> has each app write a CPU profile of the grants' load
// alone there (<app>-<pid>-2.cpuprofile; -1 is its start, -3 the rest). --grants-only leaves out the
// segments and the first frame.
import { randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { cpuProfileEnv, ROOT } from './lib/apps.mjs';
import { appPids } from './lib/app-processes.mjs';
import { captureResponse, startBareServer } from './lib/bare-server.mjs';
import { alternateRounds } from './lib/load.mjs';
import { npmStartControl } from './lib/platform-under-load.mjs';
import { Supervisor } from './lib/processes.mjs';
import { formatTable, oneDecimal, writeJson } from './lib/report.mjs';
import { startTestPlatform } from './lib/test-platform.mjs';

const ownPlatform = process.argv.includes('--own-platform');
const grantsOnly = process.argv.includes('--grants-only');
let BASE = (process.env.BENCH_STREAM_URL ?? 'http://localhost:3000').replace(/\/$/, '');
/** The apps whose CPU time per grant is shown (the shell passes /api on to the gateway). */
const GRANT_APPS = ['shell', 'gateway', 'catalog', 'billing', 'media', 'users', 'auth'];
const OUTPUT = path.join(ROOT, '.data/bench/stream.json');
const TARGETS = { grantP95Ms: 20, firstFrameMs: 1000 };
const PAID_TITLE = 'Godavari Express';
const FREE_TITLE = 'Palleturi Cricket';
const number = (name, fallback) => Number(process.env[name] ?? fallback);
const settings = {
  connections: number('BENCH_CONNECTIONS', 50),
  warmupSeconds: number('BENCH_WARMUP_SECONDS', 2),
  durationSeconds: number('BENCH_SECONDS', 8),
  rounds: number('BENCH_ROUNDS', 2),
};
const log = (line) => console.log(line);
const clientIp = `10.77.${randomInt(0, 256)}.${randomInt(1, 255)}`;

async function api(route, { token, body, method } = {}) {
  const headers = { 'x-forwarded-for': clientIp };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${BASE}/api/${route}`, {
    method: method ?? (body ? 'POST' : 'GET'),
    headers,
    body: body && JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** A viewer with the Gold plan, bought through the sandbox (D19), as the web app would. */
async function goldViewer() {
  const phone = `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  await api('user/send-otp', { body: { phoneNumber: phone } });
  const { codes } = await api(`dev/otp-outbox?phone=%2B91${phone}`);
  const session = await api('user/verify-otp', {
    body: { phoneNumber: `+91${phone}`, otp: codes.at(-1).otp },
  });
  const order = await api('checkout/create-order', { token: session.token, body: { planKey: 'gold' } });
  const paid = await api('dev/payments-sandbox/pay', {
    token: session.token,
    body: { orderId: order.orderId },
  });
  await api('checkout/verify-payment', { token: session.token, body: { ...paid, planKey: 'gold' } });
  return session;
}

async function titleId(title) {
  const found = (await api(`home/search?q=${encodeURIComponent(title)}`)).find((m) => m.title === title);
  if (!found)
    throw new Error(`the demo title ${title} is not in the catalogue (is this the npm start platform?)`);
  return found;
}

async function waitReady(movie, token) {
  // A platform of its own makes its demo videos after it is up: minutes on a busy machine.
  const deadline = Date.now() + (ownPlatform ? 15 : 2) * 60_000;
  for (;;) {
    try {
      return await api(`movie/${movie._id}/stream`, { token });
    } catch (error) {
      if (!String(error).includes('409') || Date.now() > deadline) throw error;
      log(`waiting for ${movie.title}'s video to be transcoded ...`);
      await delay(ownPlatform ? 10_000 : 3000);
    }
  }
}

async function timeToFirstFrame(movie, runs = 5) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const times = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${BASE}/movie/${encodeURIComponent(movie.slug)}/play`);
      const play = page.getByRole('button', { name: 'Play', exact: true }).first();
      await play.waitFor();
      await page.evaluate(() => {
        window.__pressed = 0;
        window.__firstFrame = new Promise((resolve) => {
          const watch = () => {
            const video = document.querySelector('video');
            if (!video) return requestAnimationFrame(watch);
            video.requestVideoFrameCallback(() => resolve(performance.now() - window.__pressed));
          };
          watch();
        });
      });
      await play.evaluate((button) => {
        window.__pressed = performance.now();
        button.click();
      });
      times.push(await page.evaluate(() => window.__firstFrame));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  return { medianMs: Math.round(times[Math.floor(times.length / 2)]), runsMs: times.map(Math.round) };
}

const supervisor = new Supervisor();
/** @type {Array<() => Promise<void>>} */
const cleanUps = [];
process.once('SIGINT', () => {
  void Promise.all([supervisor.stopAll(), ...cleanUps.map((c) => c())]).finally(() => process.exit(130));
});

/** SIGUSR2 makes each profiled app write what it has and start a new profile (bench/lib/cpu-profile.cjs). */
async function cutProfiles(apps) {
  if (!ownPlatform || !process.env.BENCH_CPU_PROF) return;
  for (const { pid } of apps) process.kill(pid, 'SIGUSR2');
  await delay(2000); // each writes its file
}

try {
  let control = npmStartControl('BENCH_STREAM_CONTROL_URL');
  if (ownPlatform) {
    log('starting a platform of its own (ports, NATS, Redis, storage and databases of its own) ...');
    // Its demo videos are made after it is up (transcoded by ffmpeg): measured before they are done,
    // the grants would share the cores with ffmpeg.
    /** @type {(line: string) => void} */
    let videosSettled = () => {};
    const videosDone = new Promise((resolve) => {
      videosSettled = resolve;
    });
    const platform = await startTestPlatform({
      log: (line) => {
        log(`  ${line}`);
        if (
          /^seed: (every demo title plays|demo videos: (?!\d+ sources uploaded|a source failed))/.test(line)
        )
          videosSettled(line);
      },
      env: cpuProfileEnv(),
    });
    cleanUps.push(platform.stop);
    BASE = platform.url.replace('//localhost:', '//127.0.0.1:');
    control = platform.control;
    log('waiting until every demo title plays ...');
    await Promise.race([videosDone, delay(20 * 60_000)]);
  }
  log(`bench:stream against ${BASE}`);
  const apps = control.controlToken
    ? (await appPids(control).catch(() => [])).filter(({ name }) => GRANT_APPS.includes(name))
    : [];
  if (!apps.length) log('no answer from the control API: CPU time per request is not shown');
  const processes = Object.fromEntries(apps.map(({ name, pid }) => [name, pid]));
  const viewer = await goldViewer();
  const paid = await titleId(PAID_TITLE);
  const free = await titleId(FREE_TITLE);
  const grant = await waitReady(paid, viewer.token);
  const freeGrant = grantsOnly ? null : await waitReady(free);

  // 1. Grants.
  const grantUrl = `${BASE}/api/movie/${paid._id}/stream`;
  const bareGrant = await startBareServer(supervisor, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(grant)),
  });
  await cutProfiles(apps);
  const loadAverage = os.loadavg().map(oneDecimal);
  const grants = await alternateRounds({
    targets: [
      {
        name: 'stream grant',
        url: grantUrl,
        headers: { authorization: `Bearer ${viewer.token}`, 'x-forwarded-for': clientIp },
        processes,
      },
      { name: 'bare node:http', url: bareGrant.url },
    ],
    settings,
    log,
  });
  await cutProfiles(apps);
  loadAverage.push(...os.loadavg().map(oneDecimal));

  const [grantRun, bareGrantRun] = grants.best;
  const rows = [
    [
      'stream grant p95',
      `${grantRun.p95Ms} ms`,
      `${bareGrantRun.p95Ms} ms`,
      `≤ ${TARGETS.grantP95Ms} ms`,
      grantRun.p95Ms <= TARGETS.grantP95Ms ? 'PASS' : 'MISS',
    ],
    [
      'stream grant req/s',
      String(Math.round(grantRun.requestsPerSecond)),
      String(Math.round(bareGrantRun.requestsPerSecond)),
      '',
      '',
    ],
    [
      'CPU µs per grant',
      Object.entries(grantRun.cpuMicrosPerRequest)
        .map(([name, micros]) => `${name} ${micros}`)
        .join(', '),
      '',
      '',
      '',
    ],
  ];
  /** @type {Record<string, unknown>} */
  const figures = { settings, loadAverage, grants };

  if (!grantsOnly) {
    // 2. Segments of the free title (no viewer binding, as a CDN would fetch them).
    const master = await (await fetch(`${BASE}${freeGrant.movieUrl}`)).text();
    const rendition = master
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .at(-1);
    const playlist = await (await fetch(`${BASE}${rendition}`)).text();
    const segmentUrl = `${BASE}${playlist.split('\n').find((l) => l.includes('segment_'))}`;
    const segment = await captureResponse(segmentUrl);
    const bareSegment = await startBareServer(supervisor, segment);
    const segments = await alternateRounds({
      targets: [
        { name: 'segment via gateway+origin', url: segmentUrl },
        { name: 'bare node:http', url: bareSegment.url },
      ],
      settings: { ...settings, connections: Math.min(settings.connections, 20) },
      log,
    });

    // 3. First frame.
    log('time to first frame in Chromium (5 runs) ...');
    const firstFrame = await timeToFirstFrame(free);

    const [segmentRun, bareSegmentRun] = segments.best;
    const mbps = (run) => oneDecimal((run.requestsPerSecond * segment.body.length) / 1e6);
    rows.push(
      [
        `segment (${Math.round(segment.body.length / 1024)} KB) req/s`,
        String(Math.round(segmentRun.requestsPerSecond)),
        String(Math.round(bareSegmentRun.requestsPerSecond)),
        '',
        `${oneDecimal((segmentRun.requestsPerSecond / bareSegmentRun.requestsPerSecond) * 100)}% of bare`,
      ],
      ['segment MB/s', String(mbps(segmentRun)), String(mbps(bareSegmentRun)), '', ''],
      [
        'time to first frame (median)',
        `${firstFrame.medianMs} ms`,
        '',
        `≤ ${TARGETS.firstFrameMs} ms`,
        firstFrame.medianMs <= TARGETS.firstFrameMs ? 'PASS' : 'MISS',
      ],
    );
    Object.assign(figures, { segments, firstFrame, segmentBytes: segment.body.length });
  }

  log('');
  log(formatTable(['measure', 'value', 'baseline (bare node:http)', 'target', 'result'], rows));
  log(
    `load average (1, 5, 15 min) before the grants ${loadAverage.slice(0, 3).join(', ')}, after ${loadAverage.slice(3).join(', ')}`,
  );
  writeJson(OUTPUT, figures);
  log(`\nfigures written to ${path.relative(ROOT, OUTPUT)}`);
  if (ownPlatform && process.env.BENCH_CPU_PROF)
    log(
      `CPU profiles of the grants' load: ${path.resolve(process.env.BENCH_CPU_PROF)}/<app>-<pid>-2.cpuprofile`,
    );
  await supervisor.stopAll();
  for (const cleanUp of cleanUps) await cleanUp();
  process.exit(0);
} catch (error) {
  console.error(`bench:stream failed: ${error instanceof Error ? error.message : String(error)}`);
  await supervisor.stopAll();
  for (const cleanUp of cleanUps) await cleanUp();
  process.exit(1);
}
