// One simulated viewer's visit, as the web app makes it: signs in with an OTP (the development
// provider's outbox), browses the home page, searches, opens a title, and plays it a while (the stream
// grant, the playlists, a few segments, a heartbeat every few of them); now and then pays for a plan
// through the payments sandbox (D19) first. Each request is timed and counted in the stats, from an
// address of the visit's own (bench/lib/viewer-client.mjs).
import { randomInt } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { playlistEntries, viewerClient } from '../lib/viewer-client.mjs';

const SEARCHES = ['cricket', 'river', 'express', 'love', 'village', 'ఊరు', 'गाँव'];
const PLANS = ['standard', 'premium', 'gold'];

/**
 * @typedef {object} Visit
 * @property {string} base     the platform's address (the shell, which passes /api on)
 * @property {import('../lib/request-stats.mjs').RequestStats} stats
 * @property {Array<{ _id: string, title: string, isFree?: boolean }>} titles  playable titles
 * @property {number} payChance  0–1: how often a visit pays for a plan first
 * @property {number} thinkMs  the pause between a viewer's steps
 * @property {number} segments  segments fetched per visit
 * @property {AbortSignal} signal  the end of the soak
 * @property {Array<{ token: string, orderId: string }>} paid  orders paid in the sandbox (checked at the end)
 */

/** @param {Visit} v */
export async function visit(v) {
  const { request, signIn, buyPlan } = viewerClient({ base: v.base, stats: v.stats });
  const think = () => delay(v.thinkMs * (0.5 + Math.random()), undefined, { signal: v.signal });

  const session = await signIn();
  if (!session) return;
  const { token } = session;
  await think();

  await request('browse', '/api/home/content', { token });
  await think();
  await request('search', `/api/home/search?q=${encodeURIComponent(SEARCHES[randomInt(SEARCHES.length)])}`, {
    token,
  });
  await think();

  let subscribed = false;
  if (Math.random() < v.payChance) {
    const bought = await buyPlan(token, PLANS[randomInt(PLANS.length)]);
    if (bought) {
      v.paid.push({ token, orderId: bought.orderId });
      subscribed = bought.settled;
    }
    await think();
  }

  // A paid title needs a plan; a viewer without one plays a free title.
  const choices = subscribed ? v.titles : v.titles.filter((t) => t.isFree);
  if (!choices.length) return;
  const title = choices[randomInt(choices.length)];
  await request('title', `/api/movie/${title._id}`, { token });
  const grant = await request('grant', `/api/movie/${title._id}/stream`, { token });
  if (!grant?.movieUrl || grant.kind !== 'hls') return;
  const master = await request('playlist', grant.movieUrl, { token });
  const rendition = typeof master === 'string' ? playlistEntries(master)[0]?.uri : undefined;
  const playlist = rendition && (await request('playlist', rendition, { token }));
  const segments = typeof playlist === 'string' ? playlistEntries(playlist).map((e) => e.uri) : [];
  for (let i = 0; i < Math.min(v.segments, segments.length) && !v.signal.aborted; i++) {
    await request('segment', segments[i], { token, bytes: true });
    if (i % 3 === 2)
      await request('heartbeat', '/api/playback/heartbeat', {
        token,
        body: { kind: 'movie', titleId: title._id, positionSeconds: (i + 1) * 6, durationSeconds: 0 },
      });
    await think();
  }
  await request('heartbeat', '/api/playback/stop', {
    token,
    body: { kind: 'movie', titleId: title._id, positionSeconds: 6, durationSeconds: 0 },
  });
}
