// One simulated viewer who watches, as the web player does: signs in, buys a plan in the payments
// sandbox, then plays paid films one after another. Each film: the stream grant, the master playlist,
// the rendition playlist of the highest quality the plan allows (hls.js starts low and climbs; on a
// fast link it stays at the top), then each segment when real time reaches it, a heartbeat every 10 s
// (frontends/viewer's HEARTBEAT_MS) and the stop report at the end. A VOD playlist ends with
// #EXT-X-ENDLIST, so hls.js does not refresh it: a playlist is fetched when a film starts. The access
// token is renewed before it lapses (15 minutes), as the shell's session store does.
import { randomInt } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { playlistEntries, viewerClient } from '../lib/viewer-client.mjs';

const HEARTBEAT_MS = 10_000;
const RENEW_TOKEN_MS = 12 * 60_000;
/** Plans a computer may watch (Basic is for phones, D20), taken in turn. */
const PLANS = ['standard', 'premium', 'gold'];

/**
 * Sign-ins and purchases at once. Real viewers arrive spread out: a step's new viewers all buying in the
 * same instant would measure a burst of checkouts, not watching.
 */
const JOINING_AT_ONCE = 4;
let joining = 0;
/** @type {Array<() => void>} */
const queued = [];
async function oneOfFewJoining(/** @type {() => Promise<unknown>} */ join) {
  if (joining >= JOINING_AT_ONCE) await new Promise((resolve) => queued.push(() => resolve(undefined)));
  joining += 1;
  try {
    return await join();
  } finally {
    joining -= 1;
    queued.shift()?.();
  }
}

/**
 * Signs a new viewer in and buys its plan, a few viewers at a time; answers the session to watch with.
 * @param {object} o
 * @param {string} o.base  the platform's address (the shell)
 * @param {{ record: (kind: string, ms: number, status: number, code?: string) => void }} o.stats
 * @param {number} o.viewer  this viewer's number (chooses its plan)
 * @returns {Promise<{ token: string, refreshToken: string }>}
 */
export function join({ base, stats, viewer }) {
  const { signIn, buyPlan } = viewerClient({ base, stats });
  return oneOfFewJoining(async () => {
    const session = await signIn();
    if (!session) throw new Error('could not sign in');
    const bought = await buyPlan(session.token, PLANS[viewer % PLANS.length]);
    if (!bought?.settled) throw new Error('could not buy a plan');
    return session;
  });
}

/**
 * Watches films one after another until `signal` ends it.
 * @param {object} o
 * @param {string} o.base  the platform's address (the shell)
 * @param {{ record: (kind: string, ms: number, status: number, code?: string) => void }} o.stats
 * @param {Array<{ _id: string }>} o.titles  paid films that play
 * @param {{ token: string, refreshToken: string }} o.session  what join() answered
 * @param {AbortSignal} o.signal  the end of the benchmark
 */
export async function watch({ base, stats, titles, session, signal }) {
  const { request } = viewerClient({ base, stats });
  let { token, refreshToken } = session;
  let renewAt = Date.now() + RENEW_TOKEN_MS;

  /** Sleeps until `at` (ms since the epoch), renewing the token on the way when it is due. */
  const until = async (at) => {
    if (Date.now() >= renewAt) {
      const pair = await request('refresh', '/api/auth/refresh', { body: { refreshToken } });
      if (pair?.token) ({ token, refreshToken } = pair);
      renewAt = Date.now() + RENEW_TOKEN_MS;
    }
    const wait = at - Date.now();
    if (wait > 0) await delay(wait, undefined, { signal });
  };

  while (!signal.aborted) {
    const titleId = titles[randomInt(titles.length)]._id;
    const grant = await request('grant', `/api/movie/${titleId}/stream`, { token });
    if (!grant?.movieUrl) {
      await until(Date.now() + HEARTBEAT_MS);
      continue;
    }
    const master = await request('playlist', grant.movieUrl, { token });
    const top = typeof master === 'string' ? highestRendition(master) : undefined;
    const playlist =
      top && (await request('playlist', new URL(top, new URL(grant.movieUrl, base)).href, { token }));
    if (typeof playlist !== 'string') continue;
    const playlistUrl = new URL(top, new URL(grant.movieUrl, base));
    const beat = (position, path = '/api/playback/heartbeat') =>
      request('heartbeat', path, {
        token,
        body: { kind: 'movie', titleId, positionSeconds: Math.floor(position), durationSeconds: 0 },
      });
    await beat(0);
    const started = Date.now();
    let nextBeat = started + HEARTBEAT_MS;
    let position = 0;
    for (const { uri, tag } of playlistEntries(playlist)) {
      if (signal.aborted) break;
      await request('segment', new URL(uri, playlistUrl).href, { token, bytes: true });
      position += Number(/#EXTINF:([\d.]+)/.exec(tag)?.[1] ?? 6);
      // The player buffers ahead, then fetches each segment as real time reaches it.
      const next = started + position * 1000;
      while (nextBeat <= next && !signal.aborted) {
        await until(nextBeat).catch(() => undefined);
        if (!signal.aborted) await beat((nextBeat - started) / 1000);
        nextBeat += HEARTBEAT_MS;
      }
      await until(next).catch(() => undefined);
    }
    await beat(position, '/api/playback/stop');
  }
}

/** The URI of the master playlist's rendition with the highest BANDWIDTH. */
function highestRendition(master) {
  const bandwidth = (tag) => Number(/BANDWIDTH=(\d+)/.exec(tag)?.[1] ?? 0);
  return playlistEntries(master)
    .filter((e) => e.tag.startsWith('#EXT-X-STREAM-INF'))
    .sort((a, b) => bandwidth(b.tag) - bandwidth(a.tag))[0]?.uri;
}
