// The development control API: who may use it, and instance names. `node --test scripts/lib`.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { findFreePort } from '../../libs/infra/index.mjs';
import { appSpecs, DEFAULT_PORTS } from './layout.mjs';
import { startControlServer } from './control-server.mjs';

/** Stand-ins for App: they record what was asked of them. */
function fakeApps() {
  const calls = [];
  const apps = new Map(
    appSpecs(DEFAULT_PORTS, { instances: 2 }).map((spec) => {
      const app = {
        name: spec.name,
        spec,
        status: 'running',
        pending: undefined,
        start: async () => void calls.push(`start ${spec.name}`),
        ready: async () => {
          app.status = 'running';
        },
        stop: async () => {
          calls.push(`stop ${spec.name}`);
          app.status = 'stopped';
        },
        describe: () => ({ name: spec.name, app: spec.app, status: app.status }),
      };
      return [spec.name, app];
    }),
  );
  return { apps, calls };
}

const TOKEN = 'a-token-of-this-start';
let server;
let port;
let fake;

before(async () => {
  fake = fakeApps();
  port = await findFreePort(25000 + Math.floor(Math.random() * 2000));
  server = await startControlServer({
    port,
    token: TOKEN,
    apps: /** @type {any} */ (fake.apps),
    log: () => {},
  });
});
after(() => server.close());

/** A raw request, so that Host and Origin are exactly what a test says. */
function request(method, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(body) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
const auth = { authorization: `Bearer ${TOKEN}` };

describe('who may use the control API', () => {
  test('a request without the token, or with another, is refused and changes nothing', async () => {
    const before = fake.calls.length;
    assert.equal((await request('POST', '/apps/billing/stop')).status, 401);
    assert.equal(
      (await request('POST', '/apps/billing/stop', { authorization: 'Bearer a-token-of-this-stars' })).status,
      401,
    );
    assert.equal((await request('GET', '/apps', { authorization: TOKEN })).status, 401, 'Bearer only');
    assert.match((await request('GET', '/apps')).body.error, /token/);
    assert.equal(fake.calls.length, before);
  });

  test('a Host other than 127.0.0.1 or localhost is refused even with the token (DNS rebinding)', async () => {
    assert.equal((await request('GET', '/apps', { ...auth, host: 'attacker.example:3099' })).status, 403);
    assert.equal((await request('GET', '/apps', { ...auth, host: `localhost:${port}` })).status, 200);
  });

  test('a request from a web page (Origin, Sec-Fetch-Site) is refused even with the token', async () => {
    const before = fake.calls.length;
    const page = await request('POST', '/apps/gateway/stop', { ...auth, origin: 'http://localhost:3000' });
    assert.equal(page.status, 403);
    assert.match(page.body.error, /web pages/);
    assert.equal((await request('GET', '/apps', { ...auth, 'sec-fetch-site': 'same-origin' })).status, 403);
    assert.equal((await request('GET', '/apps', { ...auth, origin: 'null' })).status, 403);
    assert.equal(fake.calls.length, before);
  });
});

describe('instance names', () => {
  test('GET /apps lists every instance', async () => {
    const { status, body } = await request('GET', '/apps', auth);
    assert.equal(status, 200);
    assert.ok(body.apps.some((a) => a.name === 'gateway-2'));
  });

  test('an instance name acts on that instance only', async () => {
    fake.calls.length = 0;
    const { status, body } = await request('POST', '/apps/gateway-2/stop', auth);
    assert.equal(status, 200);
    assert.deepEqual(fake.calls, ['stop gateway-2']);
    assert.deepEqual(body, { name: 'gateway-2', app: 'gateway', status: 'stopped' });
  });

  test("an app's name acts on all its instances", async () => {
    fake.calls.length = 0;
    const stopped = await request('POST', '/apps/billing/stop', auth);
    assert.equal(stopped.status, 200);
    assert.deepEqual(fake.calls.sort(), ['stop billing-1', 'stop billing-2']);
    assert.deepEqual(
      stopped.body.instances.map((i) => i.status),
      ['stopped', 'stopped'],
    );
    fake.calls.length = 0;
    await request('POST', '/apps/billing/start', auth);
    assert.deepEqual(fake.calls.sort(), ['start billing-1', 'start billing-2']);
  });

  test('an unknown app or action is a 404 naming what there is', async () => {
    const unknown = await request('POST', '/apps/nope/stop', auth);
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.error, /gateway-1/);
    assert.equal((await request('POST', '/apps/billing/explode', auth)).status, 404);
    assert.equal((await request('DELETE', '/apps/billing/stop', auth)).status, 405);
  });
});
