// npm run bench:soak: simulated viewers against the platform `npm start` runs, for 10 minutes at a
// steady rate (issue 20). Each viewer in turn signs in with an OTP, browses, searches, opens a title and
// plays it a while (grant, playlists, segments, heartbeats), paying for a plan through the payments
// sandbox now and then (bench/soak/viewer.mjs). Prints the requests, the errors by status and code,
// p50/p95/p99 per route kind, each app's RSS at the start, middle and end (the pids from npm start's
// dev control API), the 5xx count and the lost payments (paid in the sandbox, yet no plan at the end).
// Targets: 0 5xx, 0 lost payments, RSS growth under 10% after the warm-up (from the middle to the end).
//
// Settings (environment): BENCH_SOAK_URL (http://127.0.0.1:3000, the shell), DURATION (600 seconds;
// also --duration=<seconds>, e.g. 90 or 90s or 2m), SOAK_VIEWERS (6 at once), SOAK_THINK_MS (700, the
// pause between a viewer's steps), SOAK_PAY_PERCENT (20, the visits that pay first), SOAK_SEGMENTS (6
// per visit), BENCH_SOAK_CONTROL_URL (http://127.0.0.1:3099) and CONTROL_TOKEN (else read from
// .data/run/control.token). --own-platform: a platform of its own on free ports instead (as npm test
// starts one; the build must be there), stopped at the end.
//
// Exits 0 whether or not the targets are met; 1 when the soak could not run; 130 on Ctrl-C. The
// figures are also written to .data/bench/soak.json.
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ROOT } from './lib/apps.mjs';
import { formatTable, writeJson } from './lib/report.mjs';
import { benchSettings } from './lib/settings.mjs';
import { appMemory } from './lib/app-processes.mjs';
import { playableTitles, underLoad } from './lib/platform-under-load.mjs';
import { RequestStats } from './lib/request-stats.mjs';
import { visit } from './soak/viewer.mjs';

const OUTPUT = path.join(ROOT, '.data/bench/soak.json');
const { fail, wholeNumber } = benchSettings('soak');

/** Seconds from `90`, `90s` or `2m`. */
function seconds(text) {
  const match = /^(\d+)(s|m)?$/.exec(text.trim());
  if (!match) fail(`DURATION must be seconds, e.g. 600, 90s or 10m (got ${JSON.stringify(text)})`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}
const durationArg = process.argv.find((a) => a.startsWith('--duration='))?.slice('--duration='.length);
const settings = {
  // 127.0.0.1 rather than localhost: the viewers' requests leave from IPv4 loopback addresses.
  url: (process.env.BENCH_SOAK_URL || 'http://127.0.0.1:3000').replace(/\/$/, ''),
  durationSeconds: seconds(durationArg ?? process.env.DURATION ?? '600'),
  viewers: wholeNumber('SOAK_VIEWERS', 6, 1),
  thinkMs: wholeNumber('SOAK_THINK_MS', 700, 0),
  payPercent: wholeNumber('SOAK_PAY_PERCENT', 20, 0),
  segments: wholeNumber('SOAK_SEGMENTS', 6, 0),
  ownPlatform: process.argv.includes('--own-platform'),
};
const log = (line) => console.log(line);

/** Every paid order's viewer has a plan (the webhook and the sweep have a minute to settle a cut one). */
async function checkPayments(base, stats, paid) {
  stats.payments.paid = paid.length;
  const deadline = Date.now() + 60_000;
  let open = paid;
  while (open.length) {
    const still = [];
    for (const order of open) {
      const res = await fetch(`${base}/api/movie/subscription-status`, {
        headers: { authorization: `Bearer ${order.token}` },
      }).catch(() => undefined);
      const status = res?.ok ? await res.json() : undefined;
      if (status?.isSubscribed) stats.payments.settled++;
      else still.push(order);
    }
    open = still;
    if (!open.length || Date.now() > deadline) break;
    await delay(2000);
  }
  stats.payments.lost = open.map((o) => o.orderId);
}

async function main() {
  await underLoad(
    { url: settings.url, ownPlatform: settings.ownPlatform, controlVariable: 'BENCH_SOAK_CONTROL_URL', log },
    async ({ base, control, ending }) => {
      settings.url = base;
      const titles = await playableTitles(settings.url, log);
      const sampleMemory = () =>
        control.controlToken
          ? appMemory(control).catch((error) => (log(`memory: ${error.message}`), {}))
          : Promise.resolve({});
      if (!control.controlToken)
        log('no control token (CONTROL_TOKEN, .data/run/control.token): RSS not measured');

      const stats = new RequestStats();
      /** @type {Array<{ token: string, orderId: string }>} */
      const paid = [];
      const memory = { start: await sampleMemory(), middle: {}, end: {} };
      log(
        `soak: ${settings.viewers} viewers for ${settings.durationSeconds} s against ${settings.url} (${titles.length} playable films)`,
      );
      const startedAt = Date.now();
      const endsAt = startedAt + settings.durationSeconds * 1000;
      const timer = setTimeout(() => ending.abort(), settings.durationSeconds * 1000);
      const middle = delay(settings.durationSeconds * 500, undefined, { signal: ending.signal }).then(
        async () => (memory.middle = await sampleMemory()),
        () => undefined,
      );
      const progress = setInterval(
        () =>
          log(
            `  ${Math.round((Date.now() - startedAt) / 1000)} s: ${stats.requests} requests, ${stats.serverErrors} 5xx`,
          ),
        30_000,
      );
      const viewer = async (n) => {
        // Spread the viewers' starts over the first think time, for a steady rate from the start.
        await delay((settings.thinkMs * n) / settings.viewers, undefined, { signal: ending.signal }).catch(
          () => {},
        );
        while (Date.now() < endsAt && !ending.signal.aborted)
          await visit({
            base: settings.url,
            stats,
            titles,
            payChance: settings.payPercent / 100,
            thinkMs: settings.thinkMs,
            segments: settings.segments,
            signal: ending.signal,
            paid,
          })
            .catch((error) => {
              if (!ending.signal.aborted) log(`  a visit broke off: ${error.message}`);
            })
            // A visit cut short (a refusal) is followed by a pause all the same: a steady rate, never a spin.
            .then(() => delay(settings.thinkMs, undefined, { signal: ending.signal }).catch(() => {}));
      };
      await Promise.all(Array.from({ length: settings.viewers }, (_, n) => viewer(n)));
      clearTimeout(timer);
      clearInterval(progress);
      await middle;
      memory.end = await sampleMemory();
      const elapsed = (Date.now() - startedAt) / 1000;
      await checkPayments(settings.url, stats, paid);

      log('');
      log(stats.table());
      log('');
      const apps = [...new Set([...Object.keys(memory.start), ...Object.keys(memory.end)])].sort();
      if (apps.length) {
        log(
          formatTable(
            ['app', 'RSS start MiB', 'middle', 'end', 'growth after warm-up %'],
            apps.map((app) => {
              const [start, mid, end] = [
                memory.start[app] ?? 0,
                memory.middle[app] ?? 0,
                memory.end[app] ?? 0,
              ];
              return [app, start, mid, end, mid ? Math.round(((end - mid) / mid) * 1000) / 10 : 0];
            }),
          ),
        );
        log('');
      }
      const summary = stats.summary();
      log(
        `${summary.requests} requests in ${elapsed.toFixed(0)} s (${(summary.requests / elapsed).toFixed(1)}/s); ${summary.serverErrors} 5xx`,
      );
      log(`errors by status and code: ${JSON.stringify(summary.errors)}`);
      log(
        `payments: ${summary.payments.paid} paid in the sandbox, ${summary.payments.settled} became a plan, ${summary.payments.lost} lost${stats.payments.lost.length ? ` (orders ${stats.payments.lost.join(', ')})` : ''}`,
      );
      writeJson(OUTPUT, {
        at: new Date().toISOString(),
        settings,
        elapsedSeconds: elapsed,
        ...summary,
        memory,
      });
      log(`figures written to ${path.relative(process.cwd(), OUTPUT)}`);
    },
  );
}

main().catch((error) => {
  console.error(`bench:soak: ${error.message}`);
  process.exit(1);
});
