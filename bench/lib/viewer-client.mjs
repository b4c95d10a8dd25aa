// A simulated viewer's HTTP client, as the web app talks to the platform: each request timed and
// counted in a RequestStats under a route kind, sent from a loopback address of the viewer's own
// (127.x.y.z, all of which reach this machine), so the shell tells the gateway that address and the
// per-address limits (OTP sends, searches) count each viewer apart. Used by bench:soak and
// bench:capacity.
import { randomInt } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

/**
 * @typedef {object} RequestOptions
 * @property {string} [token]  the viewer's access token
 * @property {unknown} [body]  sent as JSON (a POST unless `method` says otherwise)
 * @property {string} [method]
 * @property {boolean} [bytes]  the answer is media: read, not parsed
 */

/**
 * @param {{ base: string, stats: { record: (kind: string, ms: number, status: number, code?: string) => void } }} o
 *   base: the platform's address (the shell, which passes /api on)
 */
export function viewerClient({ base, stats }) {
  const address = `127.${randomInt(60, 250)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  /**
   * @param {string} kind  what the request is for, as the stats count it
   * @param {string} route  under the base, e.g. /api/home/content
   * @param {RequestOptions} [o]
   * @returns {Promise<any>} the parsed answer (text when not JSON; a Buffer with `bytes`), undefined when refused
   */
  const request = async (kind, route, { token, body, method, bytes } = {}) => {
    const started = performance.now();
    try {
      const res = await send(new URL(route, base), {
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
      stats.record(kind, performance.now() - started, res.status, code);
      if (res.status >= 400) return undefined;
      return bytes ? res.body : (safeJson(text) ?? text);
    } catch (error) {
      stats.record(kind, performance.now() - started, 0, /** @type {Error} */ (error).name);
      return undefined;
    }
  };

  /**
   * Signs a new number in with the development provider's code (its outbox).
   * @returns {Promise<{ token: string, refreshToken: string } | undefined>}
   */
  const signIn = async () => {
    const phone = `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    if (!(await request('sign-in', '/api/user/send-otp', { body: { phoneNumber: phone } }))) return undefined;
    const outbox = await request('sign-in', `/api/dev/otp-outbox?phone=%2B91${phone}`);
    const otp = outbox?.codes?.at(-1)?.otp;
    if (!otp) return undefined;
    const session = await request('sign-in', '/api/user/verify-otp', {
      body: { phoneNumber: `+91${phone}`, otp },
    });
    return session?.token ? session : undefined;
  };

  /**
   * Buys a plan through the payments sandbox (D19): the order, the payment, the verification.
   * @param {string} token  @param {string} planKey
   * @returns {Promise<{ orderId: string, settled: boolean } | undefined>} undefined when nothing was paid
   */
  const buyPlan = async (token, planKey) => {
    const order = await request('pay', '/api/checkout/create-order', { token, body: { planKey } });
    const paid =
      order &&
      (await request('pay', '/api/dev/payments-sandbox/pay', { token, body: { orderId: order.orderId } }));
    if (!paid) return undefined;
    const settled = !!(await request('pay', '/api/checkout/verify-payment', {
      token,
      body: { ...paid, planKey },
    }));
    return { orderId: order.orderId, settled };
  };

  return { address, request, signIn, buyPlan };
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

/**
 * The entries of an HLS playlist: each URI with the tag line before it (#EXTINF's duration, or
 * #EXT-X-STREAM-INF's bandwidth and resolution).
 * @param {string} playlist
 * @returns {Array<{ uri: string, tag: string }>}
 */
export function playlistEntries(playlist) {
  const entries = [];
  let tag = '';
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) tag = line;
    else entries.push({ uri: line, tag });
  }
  return entries;
}

/** @param {string} text */
function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
