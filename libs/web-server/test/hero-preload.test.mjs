import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { configFromEnv } from '../config.mjs';
import { HERO_IMAGE_SIZES, MEDIA_IMAGE_WIDTH_PARAM, MEDIA_IMAGE_WIDTHS, heroOf } from '../hero-preload.mjs';
import { createWebServer } from '../index.mjs';

// The first screen's banner named in the page (issue 19): the shell's server puts a
// <link rel="preload" as="image" fetchpriority="high"> of the home page's hero, and of a title page's
// banner, in the HTML, at the widths the viewer's <img> chooses from; read from a catalogue API (a
// small fake gateway answering as the real one does).

const PAGE = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="utf-8" />
    <meta name="description" content="Chitram: films and series." />
    <title>Chitram — stories in your language</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const movie = (slug, extra = {}) => ({
  _id: slug,
  slug,
  title: slug,
  description: `${slug}.`,
  bannerUrl: `/api/media/images/images/${slug}-banner.webp`,
  thumbnailUrl: `/api/media/images/images/${slug}-poster.webp`,
  playable: true,
  ...extra,
});

/** The home page's rails as the catalogue answers them: genres in order, newest first. */
const HOME = {
  genreMovies: {
    Featured: [movie('soon', { playable: false }), movie('kaala')],
    Trending: [movie('pushpa')],
    Action: [movie('pushpa')],
  },
};
const TAMIL_HOME = {
  genreMovies: { Drama: [movie('vikram', { bannerUrl: 'https://img.example.com/v.jpg' })] },
};
const VIDEO_HOME = {
  genreMovies: { Featured: [movie('teaser', { bannerUrl: '/api/media/images/videos/teaser.mp4' })] },
};

let root;
let api;
let apiUrl;
let homeAnswer = HOME;
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hero-preload-'));
  await writeFile(path.join(root, 'index.html'), PAGE);
  api = http.createServer((req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/home/content') return send(200, homeAnswer);
    if (req.url === '/api/home/content?language=Tamil') return send(200, TAMIL_HOME);
    if (req.url === '/api/movie/pushpa') return send(200, { meta: movie('pushpa') });
    return send(404, { code: 'NOT_FOUND', message: 'Nothing here.' });
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${api.address().port}`;
});
after(async () => {
  await new Promise((resolve) => api.close(resolve));
  await rm(root, { recursive: true, force: true });
});

async function withShell(fn) {
  const server = await createWebServer(
    configFromEnv({ PORT: '0', ROOT: root, SPA: '1', SHARE_PREVIEWS: '1', API_TARGET: apiUrl }),
  );
  try {
    await fn(server.url);
  } finally {
    await server.close();
  }
}

/** The page's image preloads, each as its attributes. */
async function preloadsOf(url) {
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  assert.equal(res.status, 200);
  const html = await res.text();
  return {
    html,
    preloads: [...html.matchAll(/<link ([^>]*)\/>/g)]
      .map(([, attributes]) =>
        Object.fromEntries([...attributes.matchAll(/([a-z]+)="([^"]*)"/g)].map(([, k, v]) => [k, v])),
      )
      .filter((link) => link.rel === 'preload'),
  };
}

const srcsetOf = (url) =>
  MEDIA_IMAGE_WIDTHS.map((w) => `${url}?${MEDIA_IMAGE_WIDTH_PARAM}=${w} ${w}w`).join(', ');

describe("the first screen's banner, preloaded from the page", () => {
  it("names the home page's hero (the first featured title that plays) at the widths its slot chooses from", () =>
    withShell(async (url) => {
      homeAnswer = HOME;
      const { html, preloads } = await preloadsOf(`${url}/`);
      assert.deepEqual(preloads, [
        {
          rel: 'preload',
          as: 'image',
          fetchpriority: 'high',
          imagesrcset: srcsetOf('/api/media/images/images/kaala-banner.webp'),
          imagesizes: HERO_IMAGE_SIZES,
        },
      ]);
      // The home page keeps its own title and description, and its app.
      assert.match(html, /<title>Chitram — stories in your language<\/title>/);
      assert.match(html, /<meta name="description" content="Chitram: films and series." \/>/);
      assert.match(html, /<div id="root"><\/div>/);
    }));

  it('names the hero of the language the address asks for, a picture hosted elsewhere by its address', () =>
    withShell(async (url) => {
      const { preloads } = await preloadsOf(`${url}/?language=Tamil`);
      assert.deepEqual(preloads, [
        { rel: 'preload', as: 'image', fetchpriority: 'high', href: 'https://img.example.com/v.jpg' },
      ]);
    }));

  it("names a title page's banner beside its link preview", () =>
    withShell(async (url) => {
      const { html, preloads } = await preloadsOf(`${url}/movie/pushpa/play`);
      assert.equal(preloads.length, 1);
      assert.equal(preloads[0].imagesrcset, srcsetOf('/api/media/images/images/pushpa-banner.webp'));
      assert.equal(preloads[0].fetchpriority, 'high');
      assert.match(html, /<meta property="og:title" content="pushpa · Chitram" \/>/);
    }));

  it('preloads nothing for a banner that is a video, or when the catalogue has no hero', () =>
    withShell(async (url) => {
      homeAnswer = VIDEO_HOME;
      assert.equal((await preloadsOf(`${url}/`)).html, PAGE);
    }).then(() =>
      withShell(async (url) => {
        homeAnswer = { genreMovies: {} };
        assert.equal((await preloadsOf(`${url}/`)).html, PAGE);
      }),
    ));

  it('picks the hero as the viewer does: featured, then trending, then any rail; the first that plays', () => {
    const rails = (genreMovies) => heroOf({ genreMovies })?.slug ?? null;
    assert.equal(rails(HOME.genreMovies), 'kaala');
    assert.equal(rails({ Action: [movie('a')], Trending: [movie('t')] }), 't');
    assert.equal(rails({ Action: [movie('a', { playable: false })], Drama: [movie('d')] }), 'd');
    assert.equal(rails({ Featured: [movie('x', { playable: false })] }), 'x');
    assert.equal(rails({}), null);
    assert.equal(heroOf(null), null);
  });
});

describe('the preload and the viewer agree', () => {
  it("has the contracts' widths, width parameter and banner sizes", async () => {
    const contracts = await readFile(
      fileURLToPath(new URL('../../contracts/src/catalog-lists.ts', import.meta.url)),
      'utf8',
    );
    const constant = (name) =>
      new RegExp(`export const ${name} = ([^;]+?)(?: as const)?;`).exec(contracts)?.[1];
    assert.equal(constant('MEDIA_IMAGE_WIDTHS'), JSON.stringify(MEDIA_IMAGE_WIDTHS).replaceAll(',', ', '));
    assert.equal(constant('MEDIA_IMAGE_WIDTH_PARAM'), `'${MEDIA_IMAGE_WIDTH_PARAM}'`);
    assert.equal(constant('HERO_IMAGE_SIZES'), `'${HERO_IMAGE_SIZES}'`);
  });
});
