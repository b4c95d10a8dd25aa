// What the load benchmarks (soak, capacity) need of the platform they load: npm start's dev control
// API (to find the apps' pids), and the films that play.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ROOT } from './apps.mjs';
import { startTestPlatform } from './test-platform.mjs';

/**
 * npm start's control API: where it listens and its token (written under .data/run by npm start).
 * @param {string} urlVariable  the environment variable that may name another address
 */
export function npmStartControl(urlVariable) {
  const tokenFile = path.join(ROOT, '.data/run/control.token');
  const controlToken =
    process.env.CONTROL_TOKEN || (fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : '');
  return {
    controlUrl: (process.env[urlVariable] || 'http://127.0.0.1:3099').replace(/\/$/, ''),
    controlToken,
  };
}

/**
 * The playable films, from the home page's rails; waits (up to 5 min) for the demo videos, until both a
 * free and a paid film play.
 * @param {string} base  @param {(line: string) => void} log
 * @returns {Promise<Array<{ _id: string, title: string, playable: boolean, isFree: boolean }>>}
 */
export async function playableTitles(base, log) {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const res = await fetch(`${base}/api/home/content`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok)
      throw new Error(`GET /api/home/content answered ${res.status}: is the platform up at ${base}?`);
    const { genreMovies } =
      /** @type {{ genreMovies: Record<string, Array<{ _id: string, title: string, playable: boolean, isFree: boolean }>> }} */ (
        await res.json()
      );
    const byId = new Map(
      Object.values(genreMovies)
        .flat()
        .map((m) => [m._id, m]),
    );
    const playable = [...byId.values()].filter((m) => m.playable);
    if (playable.some((m) => m.isFree) && playable.some((m) => !m.isFree)) return playable;
    if (Date.now() > deadline)
      throw new Error('no free and paid film plays after 5 minutes: are the demo videos there?');
    log(`waiting for the demo videos (${playable.length} films play so far) ...`);
    await delay(5000);
  }
}

/**
 * Runs a load benchmark's body against `npm start`'s platform, or against one of its own with
 * `ownPlatform` (stopped at the end, and on Ctrl-C, which exits 130 after aborting `ending`).
 * @template T
 * @param {{ url: string, ownPlatform: boolean, controlVariable: string, log: (line: string) => void }} o
 * @param {(platform: { base: string, control: { controlUrl: string, controlToken: string }, ending: AbortController }) => Promise<T>} body
 * @returns {Promise<T>}
 */
export async function underLoad({ url, ownPlatform, controlVariable, log }, body) {
  /** @type {Array<() => Promise<void>>} */
  const cleanUps = [];
  const ending = new AbortController();
  process.once('SIGINT', () => {
    ending.abort();
    void Promise.all(cleanUps.map((c) => c())).finally(() => process.exit(130));
  });
  try {
    let control = npmStartControl(controlVariable);
    let base = url;
    if (ownPlatform) {
      log('starting a platform of its own (ports, NATS, Redis, storage and databases of its own) ...');
      const platform = await startTestPlatform({ log: (line) => log(`  ${line}`) });
      cleanUps.push(platform.stop);
      base = platform.url.replace('//localhost:', '//127.0.0.1:');
      control = platform.control;
    }
    return await body({ base, control, ending });
  } finally {
    for (const cleanUp of cleanUps) await cleanUp();
  }
}
