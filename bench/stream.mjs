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
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './lib/apps.mjs';
import { captureResponse, startBareServer } from './lib/bare-server.mjs';
import { alternateRounds } from './lib/load.mjs';
import { Supervisor } from './lib/processes.mjs';
import { formatTable, oneDecimal, writeJson } from './lib/report.mjs';

const BASE = (process.env.BENCH_STREAM_URL ?? 'http://localhost:3000').replace(/\/$/, '');
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
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      return await api(`movie/${movie._id}/stream`, { token });
    } catch (error) {
      if (!String(error).includes('409') || Date.now() > deadline) throw error;
      log(`waiting for ${movie.title}'s video to be transcoded ...`);
      await new Promise((r) => setTimeout(r, 3000));
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
try {
  log(`bench:stream against ${BASE}`);
  const viewer = await goldViewer();
  const paid = await titleId(PAID_TITLE);
  const free = await titleId(FREE_TITLE);
  const grant = await waitReady(paid, viewer.token);
  const freeGrant = await waitReady(free);

  // 1. Grants.
  const grantUrl = `${BASE}/api/movie/${paid._id}/stream`;
  const bareGrant = await startBareServer(supervisor, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(grant)),
  });
  const grants = await alternateRounds({
    targets: [
      {
        name: 'stream grant',
        url: grantUrl,
        headers: { authorization: `Bearer ${viewer.token}`, 'x-forwarded-for': clientIp },
      },
      { name: 'bare node:http', url: bareGrant.url },
    ],
    settings,
    log,
  });

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

  const [grantRun, bareGrantRun] = grants.best;
  const [segmentRun, bareSegmentRun] = segments.best;
  const mbps = (run) => oneDecimal((run.requestsPerSecond * segment.body.length) / 1e6);
  log('');
  log(
    formatTable(
      ['measure', 'value', 'baseline (bare node:http)', 'target', 'result'],
      [
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
      ],
    ),
  );
  writeJson(OUTPUT, { settings, grants, segments, firstFrame, segmentBytes: segment.body.length });
  log(`\nfigures written to ${path.relative(ROOT, OUTPUT)}`);
  await supervisor.stopAll();
  process.exit(0);
} catch (error) {
  console.error(`bench:stream failed: ${error instanceof Error ? error.message : String(error)}`);
  await supervisor.stopAll();
  process.exit(1);
}
