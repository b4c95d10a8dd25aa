import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { configFromEnv } from '../config.mjs';
import { createWebServer } from '../index.mjs';
import { preconnectHeaders } from '../preconnect.mjs';

let root;
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'web-server-preconnect-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(root, 'main.3f9a1c2b.js'), 'console.log(1)');
});
after(() => rm(root, { recursive: true, force: true }));

describe("the shell's pages name the origins they will need (issue 19)", () => {
  it("preconnect each remote and picture origin once and preload the viewer's entry and the runtime manifest, with the page, not with its files", async () => {
    const server = await createWebServer({
      ...configFromEnv({
        PORT: '0',
        ROOT: root,
        SPA: '1',
        VIEWER_REMOTE_URL: 'https://app.chitram.in/viewer/',
        ADMIN_REMOTE_URL: 'https://app.chitram.in/admin/',
        CSP_MEDIA_ORIGINS: 'https://media.chitram.in',
      }),
      proxy: [],
    });
    try {
      const page = await fetch(`${server.url}/movies`, { headers: { accept: 'text/html' } });
      assert.equal(
        page.headers.get('link'),
        '<https://app.chitram.in>; rel=preconnect, <https://media.chitram.in>; rel=preconnect, ' +
          '<https://app.chitram.in/viewer/remoteEntry.js>; rel=preload; as=script, ' +
          '</remotes.json>; rel=preload; as=fetch; crossorigin',
      );
      const script = await fetch(`${server.url}/main.3f9a1c2b.js`);
      assert.equal(script.headers.get('link'), null);
    } finally {
      await server.close();
    }
  });

  it("a remote's own server, which serves no host pages, names no manifest", async () => {
    const server = await createWebServer({
      ...configFromEnv({ PORT: '0', ROOT: root, VIEWER_REMOTE_URL: 'https://app.chitram.in/viewer/' }),
      proxy: [],
    });
    try {
      const page = await fetch(`${server.url}/index.html`);
      assert.doesNotMatch(page.headers.get('link') ?? '', /remotes\.json/);
    } finally {
      await server.close();
    }
  });

  it('say nothing when there is nothing to connect to', () => {
    assert.deepEqual(preconnectHeaders([]), {});
  });
});
