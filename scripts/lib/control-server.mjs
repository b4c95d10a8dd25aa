// The development control API (never in production), for the e2e suite and for people:
//   GET  /apps               every app instance's status
//   GET  /apps/<name>        one instance (`gateway-2`), or every instance of an app (`gateway`)
//   POST /apps/<name>/stop   stops it, or all its instances (answers once they are gone); they stay down
//   POST /apps/<name>/start  starts it, or all its instances (answers once their ports answer)
//   POST /apps/<name>/restart
// Only for this machine's tools: every request must carry the token printed at start
// (`Authorization: Bearer <token>`), name 127.0.0.1 or localhost as its Host (a DNS-rebinding page names
// its own), and carry no Origin (a browser always sends one on a request a page makes across origins).
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';

/** Host names the API answers to (with any port). */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why a request is refused, or undefined if it may go on.
 * @param {http.IncomingHttpHeaders} headers
 * @param {string} token
 * @returns {{ status: number, error: string } | undefined}
 */
export function refusal(headers, token) {
  const host = (headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  if (!LOCAL_HOSTS.has(host))
    return { status: 403, error: 'the control API answers only to Host 127.0.0.1 or localhost' };
  if (headers.origin !== undefined || headers['sec-fetch-site'] !== undefined)
    return { status: 403, error: 'the control API refuses requests from web pages' };
  const given = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1]?.trim() ?? '';
  if (!sameSecret(given, token))
    return {
      status: 401,
      error: 'the control API needs its token: Authorization: Bearer <token printed at start>',
    };
  return undefined;
}

/** Constant-time comparison of two strings of any length. */
function sameSecret(given, expected) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && b.length > 0 && timingSafeEqual(a, b);
}

/**
 * The instances `name` stands for: the instance of that name, else every instance of the app.
 * @param {Map<string, import('./apps.mjs').App>} apps
 * @param {string} name
 */
export function resolveApps(apps, name) {
  const exact = apps.get(name);
  if (exact) return [exact];
  return [...apps.values()].filter((app) => app.spec.app === name);
}

/**
 * @param {{ port: number, token: string, apps: Map<string, import('./apps.mjs').App>, log: (line: string) => void, host?: string }} o
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startControlServer({ port, token, apps, log, host = '127.0.0.1' }) {
  if (!token) throw new Error('the control API needs a token');
  const server = http.createServer(async (req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(`${JSON.stringify(body, null, 2)}\n`);
    };
    const refused = refusal(req.headers, token);
    if (refused) return send(refused.status, { error: refused.error });
    const url = new URL(req.url ?? '/', 'http://control');
    const parts = url.pathname.split('/').filter(Boolean);
    try {
      if (parts[0] !== 'apps' || parts.length > 3) return send(404, { error: 'not found: try GET /apps' });
      if (parts.length === 1) {
        if (req.method !== 'GET') return send(405, { error: 'use GET' });
        return send(200, { apps: [...apps.values()].map((a) => a.describe()) });
      }
      const targets = resolveApps(apps, parts[1]);
      if (!targets.length)
        return send(404, { error: `no app ${parts[1]}; apps: ${[...apps.keys()].join(', ')}` });
      const describe = () =>
        targets.length === 1 && targets[0].name === parts[1]
          ? targets[0].describe()
          : { name: parts[1], instances: targets.map((a) => a.describe()) };
      if (parts.length === 2)
        return req.method === 'GET' ? send(200, describe()) : send(405, { error: 'use GET' });
      if (req.method !== 'POST') return send(405, { error: 'use POST' });
      if (!['stop', 'start', 'restart'].includes(parts[2]))
        return send(404, { error: `unknown action ${parts[2]}; use stop, start or restart` });
      log(`control: ${parts[2]} ${targets.map((a) => a.name).join(', ')}`);
      await Promise.all(targets.map((app) => queue(app, parts[2])));
      return send(200, describe());
    } catch (error) {
      return send(500, { error: /** @type {Error} */ (error).message });
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * One action per instance at a time: a start racing a stop would leave either state.
 * @param {import('./apps.mjs').App} app
 * @param {string} verb
 */
function queue(app, verb) {
  const previous = app.pending ?? Promise.resolve();
  const action = previous.then(() => runAction(app, verb));
  app.pending = action.then(
    () => {},
    () => {},
  );
  return action;
}

/**
 * @param {import('./apps.mjs').App} app
 * @param {string} verb  stop, start or restart
 */
async function runAction(app, verb) {
  if (verb !== 'start') await app.stop();
  if (verb !== 'stop') {
    await app.start();
    await app.ready();
  }
}
