import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { placeholderMarkup, withPlaceholder } from '../banner-placeholder.mjs';
import { configFromEnv } from '../config.mjs';
import { createWebServer } from '../index.mjs';

// The page's banner in the page itself (issue 19): the home and title pages carry a placeholder of
// their banner inside their root element, with the shell's own rules for it (its
// frontends/shell/src/styles/banner-placeholder.css, copied into the build) inlined in the head; read
// from a small fake gateway answering as the real one does.

// Its head as the shell's build writes it (frontends/rspack.base.mjs): the entry, the styles and fonts
// every page needs at once, and the startup scripts marked as wanted only after a drawn banner.
const PAGE = `<!doctype html>
<html lang="en-IN">
  <head>
    <title>Chitram</title>
    <script defer src="/main.1.js"></script><link as="style" href="/174.1.css" rel="preload"><link as="font" crossorigin href="/assets/noto.woff2" rel="preload" type="font/woff2">
    <link as="script" data-after-first-paint fetchpriority="low" href="/409.1.js" rel="preload"><link as="script" data-after-first-paint="" fetchpriority="low" href="/610.1.js" rel="preload" />
  </head>
  <body><div id="root"></div></body>
</html>`;
const SHELL_RULES = fileURLToPath(
  new URL('../../../frontends/shell/src/styles/banner-placeholder.css', import.meta.url),
);

const movie = (slug, bannerUrl) => ({
  _id: slug,
  slug,
  title: slug,
  description: '',
  bannerUrl,
  playable: true,
});

let root;
let api;
let apiUrl;
let server;
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'banner-placeholder-'));
  await writeFile(path.join(root, 'index.html'), PAGE);
  await writeFile(path.join(root, 'banner-placeholder.css'), await readFile(SHELL_RULES, 'utf8'));
  api = http.createServer((req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/home/content')
      return send(200, {
        genreMovies: { Featured: [movie('kaala', '/api/media/images/images/kaala.webp')] },
      });
    if (req.url === '/api/movie/pushpa')
      return send(200, { meta: movie('pushpa', '/api/media/images/images/p.jpg') });
    if (req.url === '/api/movie/teaser')
      return send(200, { meta: movie('teaser', '/api/media/images/videos/teaser.mp4') });
    return send(404, { code: 'NOT_FOUND', message: 'Nothing here.' });
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${api.address().port}`;
  server = await createWebServer(
    configFromEnv({ PORT: '0', ROOT: root, SPA: '1', SHARE_PREVIEWS: '1', API_TARGET: apiUrl }),
  );
});
after(async () => {
  await server?.close();
  await new Promise((resolve) => api.close(resolve));
  await rm(root, { recursive: true, force: true });
});

const pageAt = async (pathname) =>
  (await fetch(`${server.url}${pathname}`, { headers: { accept: 'text/html' } })).text();

describe("a page's banner before its scripts", () => {
  it("the home page holds its hero's picture in its root, at the widths its slot chooses from, with the shell's rules", async () => {
    const html = await pageAt('/');
    const rootAt = html.indexOf('<div id="root">');
    const placeholder = html.slice(rootAt, html.indexOf('</body>'));
    assert.match(
      placeholder,
      /^<div id="root"><div class="banner-placeholder banner-placeholder--feature banner-placeholder--static" aria-hidden="true"><img /,
    );
    assert.match(
      placeholder,
      /srcset="\/api\/media\/images\/images\/kaala\.webp\?w=160 160w, [^"]*\?w=1280 1280w"/,
    );
    assert.match(placeholder, /sizes="\(max-aspect-ratio: 3\/2\) min\(146vh, 1280px\), 100vw"/);
    assert.match(placeholder, /decoding="sync"/);
    // The rules come before the body, so the first paint already has them.
    const style = html.slice(html.indexOf('<style>'), html.indexOf('</style>'));
    assert.ok(html.indexOf('</style>') < html.indexOf('</head>'));
    assert.match(style, /\.banner-placeholder--feature \{\s*min-height: var\(--feature-min-h\);/);
  });

  it("a title page holds its picture in the title page's box", async () => {
    const html = await pageAt('/movie/pushpa/play');
    assert.match(
      html,
      /<div id="root"><div class="banner-placeholder banner-placeholder--title banner-placeholder--static"/,
    );
    assert.match(html, /srcset="\/api\/media\/images\/images\/p\.jpg\?w=160 160w/);
  });

  it('a page with its banner drawn leaves the startup scripts for after it, and keeps the entry, styles and fonts', async () => {
    for (const pathname of ['/', '/movie/pushpa/play']) {
      const html = await pageAt(pathname);
      assert.match(html, /banner-placeholder--static/, pathname);
      assert.doesNotMatch(html, /409\.1\.js|610\.1\.js|data-after-first-paint/, pathname);
      assert.match(html, /<script defer src="\/main\.1\.js"><\/script>/, pathname);
      assert.match(html, /href="\/174\.1\.css" rel="preload"/, pathname);
      assert.match(html, /href="\/assets\/noto\.woff2" rel="preload"/, pathname);
    }
  });

  it('a banner that is a video, an unknown title and every other page keep an empty root and every preload', async () => {
    for (const pathname of ['/movie/teaser/play', '/movie/nobody/play', '/subscribe', '/about']) {
      const html = await pageAt(pathname);
      assert.match(html, /<div id="root"><\/div>/, pathname);
      assert.doesNotMatch(html, /<style>/, pathname);
      assert.match(html, /href="\/409\.1\.js" rel="preload"/, pathname);
      assert.match(html, /href="\/610\.1\.js" rel="preload"/, pathname);
    }
  });

  it('puts nothing in a page whose shape it does not know, and no rules can close their own tag', () => {
    const markup = placeholderMarkup('feature', '/api/media/images/images/a.jpg');
    assert.equal(
      withPlaceholder('<html><body><main></main></body></html>', markup, 'a{}'),
      '<html><body><main></main></body></html>',
    );
    assert.equal(withPlaceholder(PAGE, null, 'a{}'), PAGE);
    assert.equal(withPlaceholder(PAGE, markup, null), PAGE);
    const page = withPlaceholder(PAGE, markup, 'a{}</style><script>x</script>');
    assert.doesNotMatch(page, /<\/style><script>/);
  });
});
