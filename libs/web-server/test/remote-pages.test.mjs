import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setImmediate } from 'node:timers/promises';
import { configFromEnv } from '../config.mjs';
import { createWebServer } from '../index.mjs';
import { createRemotePages, matchesPagePattern, pageFiles, preloadLinks } from '../remote-pages.mjs';

const PAGES = {
  app: ['viewer-app.0ce7e54f69.css', 'viewer-app.127cf0ea95.js'],
  routes: [
    { path: '/subscribe', files: ['page-plans.377e525071.js', 'page-plans.b9d76e6fc1.css'] },
    { path: '/movie/:slug/play', files: ['595.2b08ac97b3.js', 'page-title.fcb189a700.js'] },
  ],
};

describe("a page names its remote's files (issue 19)", () => {
  let shellRoot;
  let remoteRoot;
  let remote;
  let shell;
  let base;
  before(async () => {
    shellRoot = await mkdtemp(path.join(os.tmpdir(), 'web-server-pages-shell-'));
    remoteRoot = await mkdtemp(path.join(os.tmpdir(), 'web-server-pages-remote-'));
    await writeFile(path.join(shellRoot, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(shellRoot, 'main.3f9a1c2b.js'), 'console.log(1)');
    // The viewer is served under /viewer/, its pages.json beside its remoteEntry.js.
    await mkdir(path.join(remoteRoot, 'viewer'));
    await writeFile(path.join(remoteRoot, 'viewer', 'pages.json'), JSON.stringify(PAGES));
    remote = await createWebServer({ root: remoteRoot, port: 0, cors: true, proxy: [] });
    base = `${remote.url}/viewer`;
    const options = configFromEnv({
      PORT: '0',
      ROOT: shellRoot,
      SPA: '1',
      PRELOAD_REMOTE_PAGES: '1',
      VIEWER_REMOTE_URL: `${base}/`,
      // Nothing answers there: the back office's pages go out with the usual Link header.
      ADMIN_REMOTE_URL: `${remote.url}/nowhere/`,
    });
    shell = await createWebServer({ ...options, proxy: [] });
    await options.warmUp();
  });
  after(async () => {
    await shell?.close();
    await remote?.close();
    await rm(shellRoot, { recursive: true, force: true });
    await rm(remoteRoot, { recursive: true, force: true });
  });

  const linkOf = async (pathname) =>
    (await fetch(`${shell.url}${pathname}`, { headers: { accept: 'text/html' } })).headers.get('link');

  it("a title page preloads the application's files and the title page's, beside the remote's entry", async () => {
    assert.equal(
      await linkOf('/movie/gully-gladiators/play'),
      `<${remote.url}>; rel=preconnect, ` +
        `<${base}/remoteEntry.js>; rel=preload; as=script, ` +
        '</remotes.json>; rel=preload; as=fetch; crossorigin, ' +
        `<${base}/viewer-app.0ce7e54f69.css>; rel=preload; as=style, ` +
        `<${base}/viewer-app.127cf0ea95.js>; rel=preload; as=script, ` +
        `<${base}/595.2b08ac97b3.js>; rel=preload; as=script, ` +
        `<${base}/page-title.fcb189a700.js>; rel=preload; as=script`,
    );
  });

  it("the home page, part of the application's chunk, preloads only the application's files", async () => {
    assert.ok((await linkOf('/')).endsWith(`<${base}/viewer-app.127cf0ea95.js>; rel=preload; as=script`));
  });

  it('a script is a file, not a page: it carries no Link header', async () => {
    assert.equal((await fetch(`${shell.url}/main.3f9a1c2b.js`)).headers.get('link'), null);
  });

  it('a page of a remote whose pages.json is missing goes out with the usual header', async () => {
    assert.equal(
      await linkOf('/admin/movies'),
      `<${remote.url}>; rel=preconnect, <${base}/remoteEntry.js>; rel=preload; as=script, ` +
        '</remotes.json>; rel=preload; as=fetch; crossorigin',
    );
  });
});

describe("reading a remote's pages.json", () => {
  it('matches page addresses segment by segment', () => {
    assert.equal(matchesPagePattern('/movie/:slug/play', '/movie/gully-gladiators/play'), true);
    assert.equal(matchesPagePattern('/movie/:slug/play', '/movie/gully-gladiators/play/'), true);
    assert.equal(matchesPagePattern('/movie/:slug/play', '/movie//play'), false);
    assert.equal(matchesPagePattern('/movie/:slug/play', '/movie/a/b/play'), false);
    assert.equal(matchesPagePattern('/subscribe', '/subscribed'), false);
    assert.equal(matchesPagePattern('/subscribe', '/subscribe'), true);
  });

  it('keeps what is not a list of files out, and names no file twice', () => {
    const entry = 'https://app.chitram.in/viewer/remoteEntry.js';
    assert.deepEqual(pageFiles(null, entry, '/'), []);
    assert.deepEqual(pageFiles({ app: 'a.js', routes: 'x' }, entry, '/'), []);
    assert.deepEqual(
      pageFiles(
        { app: ['a.js', 7, ''], routes: [{ path: '/subscribe', files: ['a.js', 'p.css'] }] },
        entry,
        '/subscribe',
      ),
      ['https://app.chitram.in/viewer/a.js', 'https://app.chitram.in/viewer/p.css'],
    );
    assert.deepEqual(preloadLinks(['https://x.in/a.js', 'https://x.in/b.css', 'https://x.in/c.png']), [
      '<https://x.in/a.js>; rel=preload; as=script',
      '<https://x.in/b.css>; rel=preload; as=style',
    ]);
  });

  it('answers from what it knows while it reads again in the background once a minute, and waits 5 s after a failure', async () => {
    let clock = 0;
    let answer = { app: ['one.js'] };
    const asked = [];
    const pages = createRemotePages({
      entries: { viewer: 'https://app.chitram.in/viewer/remoteEntry.js' },
      remoteOf: () => 'viewer',
      now: () => clock,
      fetch: async (url) => {
        asked.push(String(url));
        const body = answer;
        return { ok: body !== null, status: body ? 200 : 503, json: async () => body };
      },
    });
    // Nothing known yet: no hint, and a read starts.
    assert.deepEqual(pages.linksFor('/'), []);
    assert.deepEqual(asked, ['https://app.chitram.in/viewer/pages.json']);
    await setImmediate();
    assert.deepEqual(pages.linksFor('/'), ['<https://app.chitram.in/viewer/one.js>; rel=preload; as=script']);
    assert.equal(asked.length, 1);

    // A minute on, a new deployment: the old hint still goes out while the new one is read.
    clock = 60_000;
    answer = { app: ['two.js'] };
    assert.deepEqual(pages.linksFor('/'), ['<https://app.chitram.in/viewer/one.js>; rel=preload; as=script']);
    await setImmediate();
    assert.deepEqual(pages.linksFor('/'), ['<https://app.chitram.in/viewer/two.js>; rel=preload; as=script']);
    assert.equal(asked.length, 2);

    // The remote stops answering: what was known is kept, and it is asked again only every 5 s.
    clock = 120_000;
    answer = null;
    pages.linksFor('/');
    await setImmediate();
    clock = 121_000;
    assert.deepEqual(pages.linksFor('/'), ['<https://app.chitram.in/viewer/two.js>; rel=preload; as=script']);
    assert.equal(asked.length, 3);
    clock = 125_000;
    pages.linksFor('/');
    assert.equal(asked.length, 4);
  });
});
