// One simulated viewer's visit, as the web app makes it: signs in with an OTP (the development
// provider's outbox), browses the home page, searches, opens a title, and plays it a while (the stream
// grant, the playlists, a few segments, a heartbeat every few of them); now and then pays for a plan
// through the payments sandbox (D19) first. Each request is timed and counted in the stats.
//
// Each visit comes from an address of its own, as viewers do: its requests leave from a loopback
// address of their own (127.x.y.z, all of which reach this machine), so the shell tells the gateway
// that address and the per-address limits (OTP sends, searches) count each viewer apart.
import { randomInt } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const SEARCHES = ['cricket', 'river', 'express', 'love', 'village', 'ఊరు', 'गाँव'];
const PLANS = ['standard', 'premium', 'gold'];

/**
 * @typedef {object} Visit
 * @property {string} base     the platform's address (the shell, which passes /api on)
 * @property {import('./stats.mjs').SoakStats} stats
 * @property {Array<{ _id: string, title: string, isFree?: boolean }>} titles  playable titles
 * @property {number} payChance  0–1: how often a visit pays for a plan first
 * @property {number} thinkMs  the pause between a viewer's steps
 * @property {number} segments  segments fetched per visit
 * @property {AbortSignal} signal  the end of the soak
 * @property {Array<{ token: string, orderId: string }>} paid  orders paid in the sandbox (checked at the end)
 */

/** @param {Visit} v */
export async function visit(v) {
  const address = `127.${randomInt(60, 250)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  /**
   * @param {string} kind
   * @param {string} route  under the base, e.g. /api/home/content
   * @param {{ token?: string, body?: unknown, method?: string, bytes?: boolean }} [o]
   */
  const request = async (kind, route, { token, body, method, bytes } = {}) => {
    const started = performance.now();
    try {
      const res = await send(new URL(route, v.base), {
        method: method ?? (body === undefined ? 'GET' : 'POST'),
        localAddress: address,
        headers: {
          'user-agent': DESKTOP,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = bytes ? '' : res.body.toString('utf8');
      const code = res.status >= 400 ? safeJson(res.body.toString('utf8'))?.code : undefined;
      v.stats.record(kind, performance.now() - started, res.status, code);
      if (res.status >= 400) return undefined;
      return bytes ? res.body : (safeJson(text) ?? text);
    } catch (error) {
      v.stats.record(kind, performance.now() - started, 0, /** @type {Error} */ (error).name);
      return undefined;
    }
  };
  const think = () => delay(v.thinkMs * (0.5 + Math.random()), undefined, { signal: v.signal });

  const phone = `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  if (!(await request('sign-in', '/api/user/send-otp', { body: { phoneNumber: phone } }))) return;
  const outbox = await request('sign-in', `/api/dev/otp-outbox?phone=%2B91${phone}`);
  const otp = outbox?.codes?.at(-1)?.otp;
  if (!otp) return;
  const session = await request('sign-in', '/api/user/verify-otp', {
    body: { phoneNumber: `+91${phone}`, otp },
  });
  if (!session?.token) return;
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
    const planKey = PLANS[randomInt(PLANS.length)];
    const order = await request('pay', '/api/checkout/create-order', { token, body: { planKey } });
    const paid =
      order &&
      (await request('pay', '/api/dev/payments-sandbox/pay', { token, body: { orderId: order.orderId } }));
    if (paid) {
      v.paid.push({ token, orderId: order.orderId });
      subscribed = !!(await request('pay', '/api/checkout/verify-payment', {
        token,
        body: { ...paid, planKey },
      }));
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
  const rendition = typeof master === 'string' ? uris(master)[0] : undefined;
  const playlist = rendition && (await request('playlist', rendition, { token }));
  const segments = typeof playlist === 'string' ? uris(playlist) : [];
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

/**
 * One HTTP request from `localAddress`, its answer read whole (15 s at most).
 * @param {URL} url
 * @param {{ method: string, localAddress: string, headers: Record<string, string>, body?: string }} o
 * @returns {Promise<{ status: number, body: Buffer }>}
 */
function send(url, { method, localAddress, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        localAddress,
        headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
        timeout: 15_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('no answer in 15 s'), { name: 'TimeoutError' })),
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The URIs of an HLS playlist (its lines that are not tags). */
const uris = (playlist) =>
  playlist
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

/** @param {string} text */
function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
