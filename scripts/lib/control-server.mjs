// The development control API (never in production), for the e2e suite and for people:
//   GET  /apps               every app's status
//   GET  /apps/<name>        one app
//   POST /apps/<name>/stop   stops it (answers once it is gone); it stays down until started
//   POST /apps/<name>/start  starts it (answers once its port answers)
//   POST /apps/<name>/restart
import http from 'node:http';

/**
 * @param {{ port: number, apps: Map<string, import('./apps.mjs').App>, log: (line: string) => void }} o
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startControlServer({ port, apps, log }) {
  const server = http.createServer(async (req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(`${JSON.stringify(body, null, 2)}\n`);
    };
    const url = new URL(req.url ?? '/', 'http://control');
    const parts = url.pathname.split('/').filter(Boolean);
    try {
      if (parts[0] !== 'apps' || parts.length > 3) return send(404, { error: 'not found: try GET /apps' });
      if (parts.length === 1) {
        if (req.method !== 'GET') return send(405, { error: 'use GET' });
        return send(200, { apps: [...apps.values()].map((a) => a.describe()) });
      }
      const app = apps.get(parts[1]);
      if (!app) return send(404, { error: `no app ${parts[1]}; apps: ${[...apps.keys()].join(', ')}` });
      if (parts.length === 2)
        return req.method === 'GET' ? send(200, app.describe()) : send(405, { error: 'use GET' });
      if (req.method !== 'POST') return send(405, { error: 'use POST' });
      // One action per app at a time: a start racing a stop would leave either state.
      const previous = app.pending ?? Promise.resolve();
      const action = previous.then(() => runAction(app, parts[2], log));
      app.pending = action.then(
        () => {},
        () => {},
      );
      const result = await action;
      return send(result.status, result.body);
    } catch (error) {
      return send(500, { error: /** @type {Error} */ (error).message });
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
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
 * @param {import('./apps.mjs').App} app
 * @param {string} verb
 * @param {(line: string) => void} log
 */
async function runAction(app, verb, log) {
  switch (verb) {
    case 'stop':
      log(`control: stopping ${app.name}`);
      await app.stop();
      return { status: 200, body: app.describe() };
    case 'start':
      log(`control: starting ${app.name}`);
      await app.start();
      await app.ready();
      return { status: 200, body: app.describe() };
    case 'restart':
      log(`control: restarting ${app.name}`);
      await app.stop();
      await app.start();
      await app.ready();
      return { status: 200, body: app.describe() };
    default:
      return { status: 404, body: { error: `unknown action ${verb}; use stop, start or restart` } };
  }
}
