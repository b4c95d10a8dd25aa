import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createWebServer } from '../index.mjs';

let root;
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'web-server-keep-alive-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
});
after(() => rm(root, { recursive: true, force: true }));

/** One GET over a kept-alive connection: the answer's Keep-Alive header. */
function keepAliveOf(url) {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          agent.destroy();
          resolve(res.headers['keep-alive']);
        });
      })
      .on('error', reject);
  });
}

describe('kept-alive connections', () => {
  it('are kept longer than a client idles (4–5 s), so the client, not the server, lets one go', async () => {
    const server = await createWebServer({ port: 0, root, spa: true, proxy: [] });
    try {
      assert.equal(await keepAliveOf(`${server.url}/`), 'timeout=72');
    } finally {
      await server.close();
    }
  });
});
