// The supervisor's app runner: crashed apps come back with a growing wait, stopped ones stay down.
// Real child processes (a tiny HTTP app that crashes when asked), short waits. `node --test scripts/lib`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findFreePort } from '../../libs/infra/index.mjs';
import { App } from './apps.mjs';
import { startControlServer } from './control-server.mjs';

// Answers on PORT; GET /crash ends it with code 3. With CRASH_AT_ONCE it exits before listening.
const FAKE_APP = `
const http = require('node:http');
if (process.env.CRASH_AT_ONCE) process.exit(2);
http.createServer((req, res) => {
  if (req.url === '/crash') { res.end('bye'); setImmediate(() => process.exit(3)); return; }
  res.end('up');
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const POLICY = { firstDelayMs: 50, maxDelayMs: 200, healthyAfterMs: 60_000 };

let root;
let nextPort = 26000 + Math.floor(Math.random() * 2000);
/** @type {App[]} */
const made = [];

before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-apps-test-'));
  fs.mkdirSync(path.join(root, 'fake'), { recursive: true });
  fs.writeFileSync(path.join(root, 'fake', 'main.js'), FAKE_APP);
});

after(async () => {
  await Promise.all(made.map((app) => app.stop()));
  fs.rmSync(root, { recursive: true, force: true });
});

/** A fake app under the real runner, with its log lines and a clock the test can move on. */
async function fakeApp(name, env = {}) {
  const port = await findFreePort(nextPort);
  nextPort = port + 1;
  const lines = [];
  const clock = { offsetMs: 0 };
  const app = new App(
    {
      name,
      app: name,
      instance: 1,
      kind: 'service',
      script: 'fake/main.js',
      port,
      env: { PORT: String(port), ...env },
    },
    {
      root,
      dataDir: path.join(root, 'data'),
      env: { PATH: process.env.PATH ?? '' },
      log: (line) => lines.push(line),
      restart: POLICY,
      now: () => Date.now() + clock.offsetMs,
    },
  );
  made.push(app);
  return { app, lines, clock, port };
}

/** Polls until `check` holds (or fails after `timeoutMs`). */
async function until(check, timeoutMs = 10_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function get(port, pathname) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', reject);
  });
}

/** The waits the runner announced, in order ("restarting in 100 ms"). */
const waits = (lines) =>
  lines
    .map((l) => /restarting in (\d+) ms/.exec(l)?.[1])
    .filter(Boolean)
    .map(Number);

describe('App restarts', () => {
  test('a crash is restarted, the wait doubling from the first to the ceiling while it keeps crashing', async () => {
    const { app, lines } = await fakeApp('crash-loop', { CRASH_AT_ONCE: '1' });
    app.keepRunning = true;
    await app.start();
    await until(() => app.restarts >= 4, 10_000, 'four restarts');
    assert.deepEqual(waits(lines).slice(0, 4), [50, 100, 200, 200]);
    assert.ok(lines.some((l) => l === '[crash-loop] restart 1 after a crash'));
    assert.ok(lines.some((l) => /\[crash-loop\] exited with code 2; restarting in 50 ms/.test(l)));
    await app.stop();
    assert.equal(app.status, 'stopped');
  });

  test('after running a healthy while, the next crash waits the first wait again', async () => {
    const { app, lines, clock, port } = await fakeApp('recovers');
    app.keepRunning = true;
    await app.start();
    await app.ready(10_000);
    await get(port, '/crash');
    await until(() => app.restarts === 1 && app.status === 'running', 10_000, 'first restart');
    await get(port, '/crash'); // again at once: the wait doubles
    await until(() => app.restarts === 2 && app.status === 'running', 10_000, 'second restart');
    clock.offsetMs += POLICY.healthyAfterMs; // it has now run a minute
    await get(port, '/crash');
    await until(() => app.restarts === 3 && app.status === 'running', 10_000, 'third restart');
    assert.deepEqual(waits(lines), [50, 100, 50]);
    assert.equal(await get(port, '/'), 200);
  });

  test('an app stopped on purpose stays down while a crashed one beside it comes back', async () => {
    const stopped = await fakeApp('stopped-on-purpose');
    const crashed = await fakeApp('crashed-beside');
    for (const { app } of [stopped, crashed]) {
      app.keepRunning = true;
      await app.start();
      await app.ready(10_000);
    }
    await stopped.app.stop();
    await get(crashed.port, '/crash');
    // The crashed one's restart is the signal that the stopped one's would have come by now.
    await until(() => crashed.app.restarts === 1 && crashed.app.status === 'running', 10_000, 'restart');
    assert.equal(stopped.app.status, 'stopped');
    assert.equal(stopped.app.restarts, 0);
    assert.equal(stopped.app.process?.running(), false);
  });

  test('a stop asked while a restart is due cancels the restart', async () => {
    const { app, lines } = await fakeApp('stop-while-due', { CRASH_AT_ONCE: '1' });
    app.keepRunning = true;
    await app.start();
    await until(() => app.nextRestartAt !== undefined, 10_000, 'a restart due');
    await app.stop();
    const beside = await fakeApp('due-beside', { CRASH_AT_ONCE: '1' });
    beside.app.keepRunning = true;
    await beside.app.start();
    await until(() => beside.app.restarts >= 2, 10_000, 'restarts beside');
    assert.equal(app.status, 'stopped');
    assert.equal(app.restarts, 0);
    assert.equal(lines.filter((l) => /restart \d+ after a crash/.test(l)).length, 0);
  });

  test('a crash before the platform is up is not restarted (the start fails instead)', async () => {
    const { app, lines } = await fakeApp('early-crash', { CRASH_AT_ONCE: '1' });
    await app.start();
    await until(() => app.status === 'crashed', 10_000, 'the crash');
    assert.ok(lines.some((l) => /\[early-crash\] exited with code 2; not restarted/.test(l)));
    assert.equal(app.nextRestartAt, undefined);
  });

  test('the control API shows restarts per app', async () => {
    const { app, port } = await fakeApp('shown');
    app.keepRunning = true;
    await app.start();
    await app.ready(10_000);
    await get(port, '/crash');
    await until(() => app.restarts === 1 && app.status === 'running', 10_000, 'restart');
    const controlPort = await findFreePort(nextPort);
    nextPort = controlPort + 1;
    const control = await startControlServer({
      port: controlPort,
      token: 'test-token',
      apps: new Map([[app.name, app]]),
      log: () => {},
    });
    try {
      const res = await fetch(`${control.url}/apps`, { headers: { authorization: 'Bearer test-token' } });
      const body = await res.json();
      assert.equal(body.apps[0].name, 'shown');
      assert.equal(body.apps[0].restarts, 1);
      assert.equal(body.apps[0].status, 'running');
    } finally {
      await control.close();
    }
  });
});
