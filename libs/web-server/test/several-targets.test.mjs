// API_TARGET naming several gateways (`npm start -- --instances 2`): the proxy takes them in turn.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { configFromEnv } from '../config.mjs';
import { createWebServer } from '../index.mjs';

/** An upstream that answers with its own name. */
async function upstream(name) {
  const server = http.createServer((req, res) => res.end(name));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

describe('several API targets', () => {
  it('reads a comma-separated API_TARGET, naming a bad entry', () => {
    const config = configFromEnv({
      PORT: '1',
      ROOT: 'dist',
      API_TARGET: 'http://127.0.0.1:3001, http://127.0.0.1:3011',
    });
    assert.deepEqual(config.proxy, [
      { prefix: '/api', target: ['http://127.0.0.1:3001', 'http://127.0.0.1:3011'] },
    ]);
    assert.throws(
      () => configFromEnv({ PORT: '1', ROOT: 'dist', API_TARGET: 'http://127.0.0.1:3001,nope' }),
      /API_TARGET/,
    );
  });

  it('sends requests to each target in turn', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'web-server-targets-'));
    const [one, two] = await Promise.all([upstream('one'), upstream('two')]);
    const server = await createWebServer({
      root,
      port: 0,
      proxy: [{ prefix: '/api', target: [one.url, two.url] }],
    });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await (await fetch(`${server.url}/api/x`)).text());
      assert.deepEqual(answers, ['one', 'two', 'one', 'two']);
    } finally {
      await server.close();
      await Promise.all([one.close(), two.close()]);
      await rm(root, { recursive: true, force: true });
    }
  });
});
