import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { headingWords } from '../../../frontends/rspack.base.mjs';
import { configFromEnv } from '../config.mjs';
import { createEdgeCache } from '../edge-cache.mjs';
import { createWebServer } from '../index.mjs';
import {
  acceptedTags,
  fontFacesFor,
  headingLanguage,
  headingMarkup,
  otherCookies,
} from '../page-heading.mjs';

// The page's heading in the page itself (issue 19): the plans page carries its eyebrow and title in
// its root element, in the visitor's language, with the shell's rules for it (its
// frontends/shell/src/styles/page-heading.css, copied into the build) and the faces it is drawn in
// inlined in the head; its words are the viewer's, from its pages.json (RemotePagesPlugin).

const here = (relative) => fileURLToPath(new URL(relative, import.meta.url));
const SHELL_RULES = here('../../../frontends/shell/src/styles/page-heading.css');
const VIEWER_LOCALES = here('../../../frontends/viewer/src/i18n/locales');
const SHELL_LANGUAGES = here('../../../frontends/shell/src/i18n/languages.ts');

// Its head as the shell's build writes it (frontends/rspack.base.mjs).
const PAGE = `<!doctype html>
<html lang="en-IN">
  <head>
    <title>Chitram</title>
    <script defer src="/main.1.js"></script><link as="style" href="/174.1.css" rel="preload"><link as="font" crossorigin href="/assets/noto-sans-latin-wght-normal.1.woff2" rel="preload" type="font/woff2">
    <link as="script" data-after-first-paint="" fetchpriority="low" href="/409.1.js" rel="preload">
  </head>
  <body><div id="root"></div></body>
</html>`;

// The shell's style sheet as its build minifies it: the Latin face every page preloads, the Tamil
// faces by weight, and a face of another script.
const SHELL_CSS = [
  '@font-face{font-family:Chitram Sans;font-style:normal;font-weight:100 900;font-display:swap;src:url(/assets/noto-sans-latin-wght-normal.1.woff2)format("woff2-variations");unicode-range:U+??,U+131,U+152-153,U+2000-206F}',
  ...[400, 700, 800].map(
    (w) =>
      `@font-face{font-family:Chitram Tamil;font-style:normal;font-weight:${w};font-display:swap;src:url(/assets/noto-sans-tamil-tamil-${w}-normal.1.woff2)format("woff2");unicode-range:U+B82-BFA,U+200C-200D,U+25CC}`,
  ),
  '@font-face{font-family:Chitram Bengali;font-style:normal;font-weight:800;font-display:swap;src:url(/assets/bn-800.1.woff2)format("woff2");unicode-range:U+980-9FE}',
  '.app{display:flex}',
].join('');

const catalogues = async () =>
  Object.fromEntries(
    await Promise.all(
      (await readdir(VIEWER_LOCALES)).map(async (file) => [
        path.basename(file, '.json'),
        JSON.parse(await readFile(path.join(VIEWER_LOCALES, file), 'utf8')),
      ]),
    ),
  );

let shellRoot;
let remoteRoot;
let remote;
let shell;
let plans;
before(async () => {
  plans = headingWords(await catalogues(), { eyebrow: 'plans.eyebrow', title: 'plans.title' });
  shellRoot = await mkdtemp(path.join(os.tmpdir(), 'page-heading-shell-'));
  remoteRoot = await mkdtemp(path.join(os.tmpdir(), 'page-heading-remote-'));
  await writeFile(path.join(shellRoot, 'index.html'), PAGE);
  await writeFile(path.join(shellRoot, '174.1.css'), SHELL_CSS);
  await writeFile(path.join(shellRoot, 'page-heading.css'), await readFile(SHELL_RULES, 'utf8'));
  await mkdir(path.join(remoteRoot, 'viewer'));
  await writeFile(
    path.join(remoteRoot, 'viewer', 'pages.json'),
    JSON.stringify({
      app: ['viewer-app.1.js'],
      routes: [
        { path: '/subscribe', files: ['page-plans.1.js'], heading: plans },
        { path: '/odd', files: [], heading: { en: { title: '<b>Tom & "Jerry"</b>', eyebrow: "It's <i>" } } },
        { path: '/wordless', files: [], heading: { ta: { title: 'தமிழ்' } } },
        { path: '/movies', files: ['page-movies.1.js'] },
      ],
    }),
  );
  remote = await createWebServer({ root: remoteRoot, port: 0, cors: true, proxy: [] });
  const options = configFromEnv({
    PORT: '0',
    ROOT: shellRoot,
    SPA: '1',
    PRELOAD_REMOTE_PAGES: '1',
    VIEWER_REMOTE_URL: `${remote.url}/viewer/`,
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

const get = (pathname, headers = {}) =>
  fetch(`${shell.url}${pathname}`, { headers: { accept: 'text/html', ...headers } });
/** What the page's root holds. */
const rootOf = (html) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
const styleOf = (html) => html.slice(html.indexOf('<style>'), html.indexOf('</style>'));
/** The font faces inlined in the page's head. */
const facesOf = (html) => (styleOf(html).match(/@font-face\{[^}]*\}/g) ?? []).join('\n');

describe("the plans page's heading before its scripts", () => {
  it('is in its root in English by default, with the rules and the preloaded face it is drawn in', async () => {
    const res = await get('/subscribe', { 'accept-encoding': 'br, gzip' });
    const html = await res.text();
    assert.equal(
      rootOf(html),
      '<div id="root"><section class="page-heading page-heading--static" lang="en">' +
        '<p class="page-heading__eyebrow">Prepaid plans · no auto-renewal</p>' +
        '<h1 class="page-heading__title">Choose the Best Plan for You</h1></section></div>',
    );
    assert.ok(html.indexOf('</style>') < html.indexOf('</head>'));
    const style = styleOf(html);
    assert.match(style, /\.page-heading__title \{[^}]*font-size: clamp\(28px, 4vw, 44px\)/);
    // The Latin face, at the address the page preloads, drawn with at the first paint; not Tamil's.
    assert.match(
      style,
      /@font-face\{font-family:Chitram Sans;[^}]*font-display:block;src:url\(\/assets\/noto-sans-latin-wght-normal\.1\.woff2\)/,
    );
    assert.doesNotMatch(facesOf(html), /Chitram Tamil|Chitram Bengali/);
    assert.equal(res.headers.get('vary'), 'Cookie, Accept-Language');
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.equal(res.headers.get('content-encoding'), null);
    assert.match(res.headers.get('link'), /page-plans\.1\.js>; rel=preload; as=script/);
    // Its startup scripts wait for the heading's paint; its styles and the face do not.
    assert.doesNotMatch(html, /409\.1\.js|data-after-first-paint/);
    assert.match(html, /href="\/174\.1\.css" rel="preload"/);
  });

  it('is in Tamil for a visitor whose cookie names Tamil, with the Tamil faces of its weights', async () => {
    const html = await (await get('/subscribe', { cookie: 'a=b; interfaceLanguage=ta' })).text();
    assert.match(
      rootOf(html),
      /^<div id="root"><section class="page-heading page-heading--static" lang="ta">/,
    );
    assert.match(rootOf(html), /<h1 class="page-heading__title">உங்களுக்கான சிறந்த திட்டத்தைத் தேர்ந்தெடுங்கள்<\/h1>/);
    const faces = facesOf(html);
    assert.match(faces, /tamil-700-normal/);
    assert.match(faces, /tamil-800-normal/);
    assert.doesNotMatch(faces, /tamil-400-normal|Chitram Bengali/);
  });

  it("is in the browser's first language it has, by weight, without a cookie; English for none", async () => {
    const inHindi = await (await get('/subscribe', { 'accept-language': 'hi-IN,hi;q=0.9' })).text();
    assert.match(rootOf(inHindi), /lang="hi"/);
    assert.match(rootOf(inHindi), />अपने लिए सबसे अच्छा प्लान चुनें</);
    const weighed = await (
      await get('/subscribe', { 'accept-language': 'fr;q=1, te;q=0.4, bn;q=0.8' })
    ).text();
    assert.match(rootOf(weighed), /lang="bn"/);
    const unknown = await (
      await get('/subscribe', { 'accept-language': 'fr-FR, de', cookie: 'interfaceLanguage=xx' })
    ).text();
    assert.match(rootOf(unknown), /lang="en"/);
    // The cookie, when it names a language, goes before the browser's.
    const chosen = await (
      await get('/subscribe', { 'accept-language': 'hi', cookie: 'interfaceLanguage=kn' })
    ).text();
    assert.match(rootOf(chosen), /lang="kn"/);
  });

  it('escapes its words', async () => {
    const html = await (await get('/odd')).text();
    assert.match(
      rootOf(html),
      /<p class="page-heading__eyebrow">It&#39;s &lt;i&gt;<\/p><h1 class="page-heading__title">&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;\/b&gt;<\/h1>/,
    );
  });

  it('leaves every other page as it was: one without a heading, one without English words, a file', async () => {
    for (const pathname of ['/movies', '/about', '/', '/wordless']) {
      const res = await get(pathname);
      const html = await res.text();
      assert.match(html, /<div id="root"><\/div>/, pathname);
      assert.doesNotMatch(html, /<style>/, pathname);
      assert.doesNotMatch(res.headers.get('vary') ?? '', /Cookie/, pathname);
    }
    const css = await fetch(`${shell.url}/174.1.css`);
    assert.equal(await css.text(), SHELL_CSS);
  });
});

describe('a page whose remote has named no heading', () => {
  it('goes out as it was: before pages.json is known, and when its route names none', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'page-heading-none-'));
    const remoteDir = await mkdtemp(path.join(os.tmpdir(), 'page-heading-none-remote-'));
    await writeFile(path.join(root, 'index.html'), PAGE);
    await writeFile(path.join(root, 'page-heading.css'), await readFile(SHELL_RULES, 'utf8'));
    await writeFile(
      path.join(remoteDir, 'pages.json'),
      JSON.stringify({ app: [], routes: [{ path: '/subscribe', files: ['page-plans.1.js'] }] }),
    );
    const viewer = await createWebServer({ root: remoteDir, port: 0, proxy: [] });
    const options = configFromEnv({
      PORT: '0',
      ROOT: root,
      SPA: '1',
      PRELOAD_REMOTE_PAGES: '1',
      VIEWER_REMOTE_URL: `${viewer.url}/`,
    });
    const server = await createWebServer({ ...options, proxy: [] });
    try {
      const page = async () =>
        (await fetch(`${server.url}/subscribe`, { headers: { accept: 'text/html' } })).text();
      assert.equal(await page(), PAGE, 'before pages.json is read');
      await options.warmUp();
      assert.equal(await page(), PAGE, 'with a pages.json that names no heading');
    } finally {
      await server.close();
      await viewer.close();
      await rm(root, { recursive: true, force: true });
      await rm(remoteDir, { recursive: true, force: true });
    }
  });
});

describe("a heading's words and language", () => {
  it("are the viewer's, in each of its languages, falling back as the site's i18next does", () => {
    assert.deepEqual(Object.keys(plans).sort(), ['bho', 'bn', 'en', 'hi', 'kn', 'ml', 'ta', 'te']);
    assert.deepEqual(plans.en, {
      eyebrow: 'Prepaid plans · no auto-renewal',
      title: 'Choose the Best Plan for You',
    });
    // Bhojpuri has its own title and the Hindi eyebrow.
    assert.equal(plans.bho.eyebrow, plans.hi.eyebrow);
    assert.notEqual(plans.bho.title, plans.hi.title);
    const words = headingWords(
      { en: { a: { t: 'English' } }, hi: { a: { t: 'हिंदी' } }, bho: {}, ta: { a: {} } },
      { title: 'a.t' },
    );
    assert.deepEqual(words, {
      en: { title: 'English' },
      hi: { title: 'हिंदी' },
      bho: { title: 'हिंदी' },
      ta: { title: 'English' },
    });
    assert.throws(
      () => headingWords({ en: {}, hi: { a: 'x' } }, { title: 'a' }),
      /English catalogue has no a/,
    );
  });

  it("fall back in the order the shell's FALLBACK_LANGUAGES names", async () => {
    const source = await readFile(SHELL_LANGUAGES, 'utf8');
    const literal = /FALLBACK_LANGUAGES = (\{[^;]+\});/.exec(source)[1];
    assert.deepEqual(
      JSON.parse(literal.replace(/'/g, '"').replace(/(\w+):/g, '"$1":')),
      { bho: ['hi', 'en'], default: ['en'] },
      'frontends/rspack.base.mjs keeps a copy of this table',
    );
  });

  it("read the browser's languages by weight, and the cookie by name", () => {
    assert.deepEqual(acceptedTags('hi-IN,hi;q=0.9,en-US;q=0.8, ta;q=0, *;q=0.1'), ['hi-IN', 'hi', 'en-US']);
    assert.deepEqual(acceptedTags('te;q=0.5, bn'), ['bn', 'te']);
    assert.deepEqual(acceptedTags(undefined), []);
    const has = { en: {}, hi: {}, ta: {} };
    assert.equal(headingLanguage(has, { cookie: 'interfaceLanguage=ta' }), 'ta');
    assert.equal(headingLanguage(has, { cookie: 'xinterfaceLanguage=ta' }), 'en');
    assert.equal(headingLanguage(has, { cookie: 'interfaceLanguage=ml', acceptLanguage: 'hi_IN' }), 'hi');
    assert.equal(headingLanguage(has, { acceptLanguage: 'toString, constructor' }), 'en');
    assert.equal(headingLanguage(has), 'en');
  });

  it('draws nothing without a title', () => {
    assert.equal(headingMarkup({ en: { eyebrow: 'x' } }, 'en'), null);
    assert.equal(headingMarkup({ en: { title: 'x' } }, 'ta'), null);
    assert.match(headingMarkup({ en: { title: 'x' } }, 'en'), /^<section [^>]*><h1 /);
  });

  it('picks the faces that draw its text in its weights, shown at once when they are there', () => {
    const faces = fontFacesFor(SHELL_CSS, 'CHOOSE ·');
    assert.equal((faces.match(/@font-face/g) ?? []).length, 1);
    assert.match(faces, /font-display:block/);
    assert.equal(
      fontFacesFor(SHELL_CSS, 'বাংলা'),
      SHELL_CSS.match(/@font-face\{font-family:Chitram Bengali[^}]*\}/)[0].replace('swap', 'block'),
    );
    assert.equal(fontFacesFor('.a{}', 'x'), '');
  });
});

describe('the interface language cookie', () => {
  it("is no credential: a stored picture's answer is still kept and served for a request carrying it", () => {
    assert.equal(otherCookies('interfaceLanguage=ta'), '');
    assert.equal(otherCookies(' interfaceLanguage=ta; session=1'), 'session=1');
    assert.equal(otherCookies(undefined), '');
    const cache = createEdgeCache({ prefixes: ['/api/media/images/'], maxBytes: 1024 });
    const url = new URL('http://local/api/media/images/a.jpg');
    const request = (headers) => ({ method: 'GET', headers });
    assert.notEqual(cache.keyOf(request({ cookie: 'interfaceLanguage=ta' }), url), null);
    assert.equal(cache.keyOf(request({ cookie: 'interfaceLanguage=ta; grant=x' }), url), null);
  });
});
