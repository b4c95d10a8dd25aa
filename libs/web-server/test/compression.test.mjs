import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { createWebServer } from '../index.mjs';

const SCRIPT = `console.log(${JSON.stringify('a federated chunk '.repeat(200))});`;
const PAGE = `<!doctype html><title>app</title><p>${'Chitram '.repeat(100)}</p>`;

let root;
let server;
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'web-server-compression-'));
  const write = (name, bytes) => writeFile(path.join(root, name), bytes);
  // As the build leaves them: every variant of the page and of a hashed chunk; remoteEntry.js
  // with gzip only (as if its Brotli variant were missing); a font that is never compressed.
  await write('index.html', PAGE);
  await write('index.html.br', zlib.brotliCompressSync(PAGE));
  await write('index.html.gz', zlib.gzipSync(PAGE));
  await write('main.3f9a1c2b7d.js', SCRIPT);
  await write('main.3f9a1c2b7d.js.br', zlib.brotliCompressSync(SCRIPT));
  await write('main.3f9a1c2b7d.js.gz', zlib.gzipSync(SCRIPT));
  await write('remoteEntry.js', SCRIPT);
  await write('remoteEntry.js.gz', zlib.gzipSync(SCRIPT));
  await write('plain.css', 'body{margin:0}');
  await mkdir(path.join(root, 'assets'));
  await write('assets/noto-sans-tamil-400.0123456789.woff2', Buffer.alloc(2048, 7));
  server = await createWebServer({ root, port: 0, proxy: [], spa: true });
});
after(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

/** A raw request (fetch would decode the body and hide Content-Length and Content-Encoding). */
function get(pathname, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${pathname}`, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('precompressed variants', () => {
  it('sends Brotli when the browser accepts it, with its own length, type and Vary', async () => {
    const res = await get('/main.3f9a1c2b7d.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.match(res.headers['content-type'], /^text\/javascript/);
    assert.equal(Number(res.headers['content-length']), res.body.length);
    assert.equal(zlib.brotliDecompressSync(res.body).toString(), SCRIPT);
  });

  it('sends gzip to a browser without Brotli, and the file itself to one asking for neither', async () => {
    const gz = await get('/main.3f9a1c2b7d.js', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(gz.body).toString(), SCRIPT);

    const plain = await get('/main.3f9a1c2b7d.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    assert.equal(plain.body.toString(), SCRIPT);
    assert.equal(Number(plain.headers['content-length']), Buffer.byteLength(SCRIPT));
  });

  it('follows the q-values of Accept-Encoding, refusing an encoding with q=0', async () => {
    const preferGzip = await get('/main.3f9a1c2b7d.js', { 'accept-encoding': 'br;q=0.5, gzip' });
    assert.equal(preferGzip.headers['content-encoding'], 'gzip');
    const noBrotli = await get('/main.3f9a1c2b7d.js', { 'accept-encoding': '*, br;q=0' });
    assert.equal(noBrotli.headers['content-encoding'], 'gzip');
    const none = await get('/main.3f9a1c2b7d.js', { 'accept-encoding': 'identity, *;q=0' });
    assert.equal(none.headers['content-encoding'], undefined);
  });

  it('falls back to gzip when the .br file is missing, and to the file itself when both are', async () => {
    const entry = await get('/remoteEntry.js', { 'accept-encoding': 'br, gzip' });
    assert.equal(entry.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(entry.body).toString(), SCRIPT);

    const brOnly = await get('/remoteEntry.js', { 'accept-encoding': 'br' });
    assert.equal(brOnly.headers['content-encoding'], undefined);
    assert.equal(brOnly.body.toString(), SCRIPT);

    const css = await get('/plain.css', { 'accept-encoding': 'br, gzip' });
    assert.equal(css.headers['content-encoding'], undefined);
    assert.equal(css.body.toString(), 'body{margin:0}');
  });

  it('compresses the page of a client-side route too', async () => {
    const res = await get('/movies/action', { accept: 'text/html', 'accept-encoding': 'br' });
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(zlib.brotliDecompressSync(res.body).toString(), PAGE);
  });

  it('never compresses a font, and sends no Vary for it', async () => {
    const res = await get('/assets/noto-sans-tamil-400.0123456789.woff2', { 'accept-encoding': 'br, gzip' });
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.headers.vary, undefined);
    assert.equal(res.headers['content-type'], 'font/woff2');
    assert.equal(res.body.length, 2048);
  });

  it('answers HEAD with the headers of the variant GET would send, and no body', async () => {
    const get_ = await get('/main.3f9a1c2b7d.js', { 'accept-encoding': 'br' });
    const head = await get('/main.3f9a1c2b7d.js', { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    for (const name of [
      'content-encoding',
      'content-length',
      'content-type',
      'etag',
      'vary',
      'cache-control',
    ]) {
      assert.equal(head.headers[name], get_.headers[name], name);
    }
  });

  it('gives each encoding its own ETag and answers 304 to the one the browser holds', async () => {
    const br = await get('/index.html', { 'accept-encoding': 'br' });
    const gz = await get('/index.html', { 'accept-encoding': 'gzip' });
    assert.notEqual(br.headers.etag, gz.headers.etag);
    const again = await get('/index.html', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    // A gzip tag does not validate the Brotli answer.
    const other = await get('/index.html', { 'accept-encoding': 'br', 'if-none-match': gz.headers.etag });
    assert.equal(other.status, 200);
  });
});

describe('cache policy', () => {
  it('makes content-hashed files (fonts too) immutable and revalidates the page and the entry', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    assert.equal((await get('/main.3f9a1c2b7d.js')).headers['cache-control'], immutable);
    assert.equal(
      (await get('/assets/noto-sans-tamil-400.0123456789.woff2')).headers['cache-control'],
      immutable,
    );
    assert.equal((await get('/index.html')).headers['cache-control'], 'no-cache');
    assert.equal((await get('/remoteEntry.js')).headers['cache-control'], 'no-cache');
  });
});

describe('byte ranges', () => {
  it('sends the asked bytes of the uncompressed file, whatever Accept-Encoding says', async () => {
    const res = await get('/main.3f9a1c2b7d.js', { range: 'bytes=0-11', 'accept-encoding': 'br, gzip' });
    assert.equal(res.status, 206);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.headers['content-range'], `bytes 0-11/${Buffer.byteLength(SCRIPT)}`);
    assert.equal(res.headers['content-length'], '12');
    assert.equal(res.body.toString(), SCRIPT.slice(0, 12));
  });

  it('sends a suffix range and an open range', async () => {
    const font = '/assets/noto-sans-tamil-400.0123456789.woff2';
    const tail = await get(font, { range: 'bytes=-100' });
    assert.equal(tail.status, 206);
    assert.equal(tail.headers['content-range'], 'bytes 1948-2047/2048');
    assert.equal(tail.body.length, 100);
    const open = await get(font, { range: 'bytes=2000-' });
    assert.equal(open.headers['content-range'], 'bytes 2000-2047/2048');
    assert.equal(open.body.length, 48);
  });

  it('answers 416 to a range past the end, and the whole file to an If-Range that no longer holds', async () => {
    const font = '/assets/noto-sans-tamil-400.0123456789.woff2';
    const past = await get(font, { range: 'bytes=5000-6000' });
    assert.equal(past.status, 416);
    assert.equal(past.headers['content-range'], 'bytes */2048');

    const stale = await get(font, { range: 'bytes=0-9', 'if-range': 'Thu, 01 Jan 1970 00:00:00 GMT' });
    assert.equal(stale.status, 200);
    assert.equal(stale.body.length, 2048);
  });

  it('answers HEAD with a range with the range headers and no body', async () => {
    const res = await get('/assets/noto-sans-tamil-400.0123456789.woff2', { range: 'bytes=0-9' }, 'HEAD');
    assert.equal(res.status, 206);
    assert.equal(res.headers['content-length'], '10');
    assert.equal(res.body.length, 0);
  });
});
