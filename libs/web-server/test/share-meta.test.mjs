import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { configFromEnv } from '../config.mjs';
import { createWebServer } from '../index.mjs';
import { createPreviewSource, escapeHtml, previewedPage } from '../share-meta.mjs';

// Link previews (issue 19): the shell's server answers title, episode and category pages with their
// Open Graph and Twitter card tags in the HTML, read from a catalogue API (here a small fake gateway
// that answers as the real one does, and counts what it is asked).

const PAGE = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="utf-8" />
    <meta
      name="description"
      content="Chitram: films and series in eight Indian languages, on every screen."
    />
    <title>Chitram — stories in your language</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const PUSHPA = {
  _id: 'a1',
  slug: 'pushpa',
  title: 'Pushpa <The Rise> & "Fall"',
  description: `A smuggler's rise.\n<script>alert(1)</script>`,
  bannerUrl: '/api/media/images/images/pushpa.webp',
  thumbnailUrl: '/api/media/images/images/pushpa-poster.webp',
};
const EPISODES = [
  {
    _id: 'e1',
    title: 'Episode one',
    description: 'The first debate.',
    bannerUrl: 'https://img.example.com/e1.jpg',
  },
];

let root;
let api;
let apiUrl;
const asked = [];
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'share-meta-'));
  await writeFile(path.join(root, 'index.html'), PAGE);
  api = http.createServer((req, res) => {
    asked.push(req.url);
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/movie/pushpa') return send(200, { meta: PUSHPA });
    if (req.url === '/api/series/category/political/episodes') return send(200, { episodes: EPISODES });
    if (req.url === '/api/movie/down') return send(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' });
    return send(404, { code: 'NOT_FOUND', message: 'There is no title.' });
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${api.address().port}`;
});
after(async () => {
  await new Promise((resolve) => api.close(resolve));
  await rm(root, { recursive: true, force: true });
});

async function withShell(env, fn) {
  const options = configFromEnv({
    PORT: '0',
    ROOT: root,
    SPA: '1',
    SHARE_PREVIEWS: '1',
    API_TARGET: apiUrl,
    ...env,
  });
  const server = await createWebServer(options);
  try {
    await fn(server.url);
  } finally {
    await server.close();
  }
}

/** The content of `<meta property|name="key" content="…">`, as a crawler reads it. */
function metaOf(html, key) {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

describe('link previews of shared pages', () => {
  it("puts a title's Open Graph and Twitter tags in the page, escaped, with absolute URLs", () =>
    withShell({ PUBLIC_ORIGIN: 'https://chitram.example.com' }, async (url) => {
      const res = await fetch(`${url}/movie/pushpa/play`, { headers: { accept: 'text/html' } });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type'), /^text\/html/);
      // The page keeps its security headers (the CSP of security-headers.mjs).
      assert.match(res.headers.get('content-security-policy'), /script-src 'self'/);
      const html = await res.text();
      const title = 'Pushpa &lt;The Rise&gt; &amp; &quot;Fall&quot; · Chitram';
      assert.match(html, new RegExp(`<title>${title}</title>`));
      assert.equal(metaOf(html, 'og:title'), title);
      assert.equal(metaOf(html, 'twitter:title'), title);
      assert.equal(
        metaOf(html, 'og:description'),
        'A smuggler&#39;s rise. &lt;script&gt;alert(1)&lt;/script&gt;',
      );
      assert.equal(
        metaOf(html, 'og:image'),
        'https://chitram.example.com/api/media/images/images/pushpa.webp',
      );
      assert.equal(metaOf(html, 'twitter:card'), 'summary_large_image');
      assert.equal(metaOf(html, 'og:url'), 'https://chitram.example.com/movie/pushpa/play');
      assert.match(
        html,
        /<link rel="canonical" href="https:\/\/chitram.example.com\/movie\/pushpa\/play" \/>/,
      );
      // Nothing the catalogue wrote became markup, and the page has one title and one description.
      assert.doesNotMatch(html, /<script>alert/);
      assert.equal(html.match(/<title>/g).length, 1);
      assert.equal(html.match(/name="description"/g).length, 1);
      // The app itself is still there.
      assert.match(html, /<div id="root"><\/div>/);
    }));

  it('previews episode and category pages from the category list', () =>
    withShell({ PUBLIC_ORIGIN: 'https://chitram.example.com' }, async (url) => {
      const episode = await (await fetch(`${url}/political/episode/e1`)).text();
      assert.equal(metaOf(episode, 'og:title'), 'Episode one · Chitram');
      assert.equal(metaOf(episode, 'og:type'), 'video.episode');
      assert.equal(metaOf(episode, 'og:image'), 'https://img.example.com/e1.jpg');
      const category = await (await fetch(`${url}/political`)).text();
      assert.equal(metaOf(category, 'og:title'), 'Political Series · Chitram');
      assert.equal(metaOf(category, 'og:description'), 'The first debate.');
    }));

  it('serves the ordinary page for an unknown title or episode, or when the catalogue cannot answer', () =>
    withShell({}, async (url) => {
      for (const page of ['/movie/no-such-title/play', '/political/episode/nope', '/movie/down/play']) {
        const res = await fetch(`${url}${page}`, { headers: { accept: 'text/html' } });
        assert.equal(res.status, 200, page);
        const html = await res.text();
        assert.equal(html, PAGE, page);
      }
    }));

  it('names the address the request used when no public origin is set', () =>
    withShell({}, async (url) => {
      const html = await (await fetch(`${url}/movie/pushpa/play`)).text();
      assert.equal(metaOf(html, 'og:url'), `${url}/movie/pushpa/play`);
    }));

  it('asks the catalogue once a while for a page, and never for other pages', () =>
    withShell({}, async (url) => {
      asked.length = 0;
      for (let i = 0; i < 3; i++) await (await fetch(`${url}/movie/pushpa/play`)).text();
      // The home page asks for its hero (hero-preload.test.mjs); this catalogue has none to give.
      for (const page of ['/', '/', '/subscribe', '/movies', '/languages/Tamil'])
        assert.equal(await (await fetch(`${url}${page}`)).text(), PAGE, page);
      assert.deepEqual(asked, ['/api/movie/pushpa', '/api/home/content']);
    }));
});

describe('the preview cache', () => {
  it('keeps at most its bound, each for its time, and forgets a failure at once', async () => {
    let clock = 0;
    const source = createPreviewSource({ apiTarget: apiUrl, ttlMs: 1000, maxEntries: 2, now: () => clock });
    asked.length = 0;
    await source.preview({ kind: 'movie', slug: 'pushpa' });
    await source.preview({ kind: 'movie', slug: 'unknown-1' });
    await source.preview({ kind: 'movie', slug: 'unknown-2' });
    assert.equal(source.size, 2);
    await source.preview({ kind: 'movie', slug: 'unknown-2' });
    assert.equal(asked.length, 3);
    clock = 1001;
    await source.preview({ kind: 'movie', slug: 'unknown-2' });
    assert.equal(asked.length, 4);
    // A catalogue that fails is asked again next time: the failure is not kept.
    await assert.rejects(source.preview({ kind: 'movie', slug: 'down' }));
    await assert.rejects(source.preview({ kind: 'movie', slug: 'down' }));
    assert.equal(asked.length, 6);
    assert.ok(source.size <= 2);
  });
});

describe('pages with previews', () => {
  it('are title, episode and category pages, and the home page for its banner', () => {
    assert.deepEqual(previewedPage('/movie/pushpa/play'), { kind: 'movie', slug: 'pushpa' });
    assert.deepEqual(previewedPage('/movie/%E0%B0%AC%E0%B0%BE/play'), { kind: 'movie', slug: 'బా' });
    assert.deepEqual(previewedPage('/health/episode/e9'), { kind: 'episode', category: 'health', id: 'e9' });
    assert.deepEqual(previewedPage('/education'), { kind: 'category', category: 'education' });
    assert.deepEqual(previewedPage('/'), { kind: 'home', language: null });
    assert.deepEqual(previewedPage('/', '?language=Tamil'), { kind: 'home', language: 'Tamil' });
    for (const other of ['/movie/x', '/movie/x/play/more', '/trending', '/%E0%A4', '/constructor'])
      assert.equal(previewedPage(other), null, other);
  });

  it('escape every character that could end an attribute or start a tag', () => {
    assert.equal(
      escapeHtml(`<a href="x" onclick='y'>&</a>`),
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
