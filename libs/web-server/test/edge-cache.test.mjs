// The stored pictures kept at the edge (issue 19): the second visitor's banner comes from the shell's
// server, not through gateway, media and storage; nothing that may differ per visitor is ever kept.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { configFromEnv } from '../config.mjs';
import { createEdgeCache } from '../edge-cache.mjs';
import { createWebServer } from '../index.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The gateway's stand-in: answers each path as the test sets it, counting what reaches it. */
function anUpstream() {
  const answers = new Map();
  const reached = [];
  const server = http.createServer((req, res) => {
    reached.push(req.url);
    const answer = answers.get(req.url.split('?')[0]) ?? { status: 404, headers: {}, body: 'no' };
    const body = typeof answer.body === 'function' ? answer.body(req) : answer.body;
    res.writeHead(answer.status, { 'Content-Length': Buffer.byteLength(body), ...answer.headers });
    res.end(body);
  });
  return {
    answers,
    reached,
    start: () =>
      new Promise((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('the edge cache of stored pictures', () => {
  const upstream = anUpstream();
  let root;
  let server;
  let cache;

  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'web-server-edge-'));
    const target = await upstream.start();
    cache = createEdgeCache({ prefixes: ['/api/media/images/'], maxBytes: 10_000, maxEntryBytes: 4_000 });
    server = await createWebServer({
      root,
      port: 0,
      proxy: [{ prefix: '/api', target }],
      edgeCache: cache,
    });
  });
  after(async () => {
    await server.close();
    await upstream.close();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    upstream.reached.length = 0;
  });

  const picture = (name, body, headers = {}) =>
    upstream.answers.set(`/api/media/images/images/${name}`, {
      status: 200,
      headers: { 'Content-Type': 'image/webp', 'Cache-Control': IMMUTABLE, ETag: `"${name}"`, ...headers },
      body,
    });
  const get = (name, init) => fetch(`${server.url}/api/media/images/images/${name}`, init);

  it('answers the second request for a picture itself, with the same bytes and headers', async () => {
    picture('a.jpg', 'A'.repeat(1200), { 'Cross-Origin-Resource-Policy': 'cross-origin' });
    const first = await get('a.jpg?w=640');
    const firstBody = await first.text();
    const second = await get('a.jpg?w=640');
    assert.equal(await second.text(), firstBody);
    assert.equal(second.status, 200);
    assert.equal(second.headers.get('x-cache'), 'hit');
    for (const name of [
      'content-type',
      'cache-control',
      'etag',
      'content-length',
      'cross-origin-resource-policy',
    ])
      assert.equal(second.headers.get(name), first.headers.get(name), name);
    assert.deepEqual(upstream.reached, ['/api/media/images/images/a.jpg?w=640']);

    // Another width is another picture; a revalidation gets 304; HEAD gets no body.
    await (await get('a.jpg?w=320')).text();
    assert.equal(upstream.reached.length, 2);
    const again = await get('a.jpg?w=640', { headers: { 'If-None-Match': '"a.jpg"' } });
    assert.equal(again.status, 304);
    // Compared weakly, as the static files' tags are (a browser may send the tag it holds as weak).
    const weak = await get('a.jpg?w=640', { headers: { 'If-None-Match': 'W/"other", W/"a.jpg"' } });
    assert.equal(weak.status, 304);
    const stale = await get('a.jpg?w=640', { headers: { 'If-None-Match': '"other"' } });
    assert.equal(stale.status, 200);
    await stale.arrayBuffer();
    const head = await get('a.jpg?w=640', { method: 'HEAD' });
    assert.equal(head.headers.get('content-length'), '1200');
    assert.equal((await head.arrayBuffer()).byteLength, 0);
    assert.equal(upstream.reached.length, 2);
  });

  it('never keeps what may change or differ per visitor', async () => {
    picture('short.jpg', 'short-lived', { 'Cache-Control': 'public, max-age=60' });
    picture('private.jpg', 'mine', { 'Cache-Control': 'private, max-age=31536000, immutable' });
    picture('cookie.jpg', 'cookie', { 'Set-Cookie': 'a=b' });
    picture('varies.jpg', 'varies', { Vary: 'Accept' });
    picture('large.jpg', 'L'.repeat(5000));
    upstream.answers.set('/api/media/images/images/gone.jpg', {
      status: 404,
      headers: { 'Cache-Control': IMMUTABLE },
      body: 'gone',
    });
    upstream.answers.set('/api/plans', { status: 200, headers: { 'Cache-Control': IMMUTABLE }, body: '[]' });
    for (const name of ['short.jpg', 'private.jpg', 'cookie.jpg', 'varies.jpg', 'large.jpg', 'gone.jpg'])
      for (let i = 0; i < 2; i++) await (await get(name)).text();
    for (let i = 0; i < 2; i++) await (await fetch(`${server.url}/api/plans`)).text();
    assert.equal(upstream.reached.length, 14);

    // A request with credentials or for a part is passed on, and not answered from what is kept.
    picture('shared.jpg', 'shared');
    await (await get('shared.jpg')).text();
    await (await get('shared.jpg', { headers: { Authorization: 'Bearer x' } })).text();
    await (await get('shared.jpg', { headers: { Range: 'bytes=0-1' } })).text();
    assert.equal(upstream.reached.length, 17);
  });

  it('keeps each origin apart', async () => {
    picture('cors.jpg', 'cors', { Vary: 'Origin' });
    for (const origin of ['http://localhost:3002', 'http://localhost:3003', 'http://localhost:3002'])
      await (await get('cors.jpg', { headers: { Origin: origin } })).text();
    assert.equal(upstream.reached.length, 2);
  });
});

describe('the edge cache, full', () => {
  it('lets the least recently used answer go first', () => {
    const cache = createEdgeCache({ prefixes: ['/api/media/images/'], maxBytes: 5_000 });
    const headers = { 'cache-control': IMMUTABLE, 'content-length': '2000' };
    for (const key of ['p1', 'p2']) cache.keeperFor(key, 200, headers)(Buffer.alloc(2000));
    assert.ok(cache.get('p1')); // p2 is now the least recently used
    cache.keeperFor('p3', 200, headers)(Buffer.alloc(2000));
    assert.ok(cache.get('p1'));
    assert.equal(cache.get('p2'), undefined);
    assert.ok(cache.get('p3'));
    assert.deepEqual(cache.size(), { answers: 2, bytes: 4000 });
    // A body shorter than its Content-Length said (the upstream broke off) is not kept.
    cache.keeperFor('p4', 200, headers)(Buffer.alloc(1500));
    assert.equal(cache.get('p4'), undefined);
  });
});

describe('EDGE_CACHE', () => {
  it('names paths under the API, and a bound in megabytes', () => {
    const config = configFromEnv({ PORT: '1', ROOT: 'dist', EDGE_CACHE: '/api/media/images/' });
    assert.ok(config.edgeCache);
    assert.equal(configFromEnv({ PORT: '1', ROOT: 'dist' }).edgeCache, null);
    assert.throws(() => configFromEnv({ PORT: '1', ROOT: 'dist', EDGE_CACHE: '/images/' }), /EDGE_CACHE/);
    assert.throws(
      () => configFromEnv({ PORT: '1', ROOT: 'dist', EDGE_CACHE: '/api/media/', EDGE_CACHE_MB: 'lots' }),
      /EDGE_CACHE_MB/,
    );
  });
});
