import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { configFromEnv, remoteEntryUrl } from '../config.mjs';
import { createWebServer } from '../index.mjs';

let root;
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'web-server-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(root, 'main.3f9a1c2b.js'), 'console.log(1)');
  await writeFile(path.join(root, 'remoteEntry.js'), 'var viewer;');
  await mkdir(path.join(root, 'static'));
  await writeFile(path.join(root, 'static', 'app.0123456789abcdef.css'), 'body{}');
});
after(() => rm(root, { recursive: true, force: true }));

async function withServer(options, fn) {
  const server = await createWebServer({ root, port: 0, proxy: [], ...options });
  try {
    await fn(server.url);
  } finally {
    await server.close();
  }
}

describe('static files', () => {
  it('serves files with their content type and cache policy', () =>
    withServer({}, async (url) => {
      const html = await fetch(`${url}/`);
      assert.equal(html.status, 200);
      assert.match(html.headers.get('content-type'), /^text\/html/);
      assert.equal(html.headers.get('cache-control'), 'no-cache');

      const hashed = await fetch(`${url}/main.3f9a1c2b.js`);
      assert.match(hashed.headers.get('content-type'), /^text\/javascript/);
      assert.equal(hashed.headers.get('cache-control'), 'public, max-age=31536000, immutable');

      const css = await fetch(`${url}/static/app.0123456789abcdef.css`);
      assert.match(css.headers.get('content-type'), /^text\/css/);

      const entry = await fetch(`${url}/remoteEntry.js`);
      assert.equal(entry.headers.get('cache-control'), 'no-cache');
    }));

  it('answers 304 to a matching ETag', () =>
    withServer({}, async (url) => {
      const first = await fetch(`${url}/remoteEntry.js`);
      const again = await fetch(`${url}/remoteEntry.js`, {
        headers: { 'if-none-match': first.headers.get('etag') },
      });
      assert.equal(again.status, 304);
    }));

  it('falls back to index.html for client routes only when spa is on', async () => {
    await withServer({ spa: true }, async (url) => {
      const page = await fetch(`${url}/movies/action`, { headers: { accept: 'text/html' } });
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<title>app<\/title>/);
      const missingScript = await fetch(`${url}/missing.abcdef12.js`);
      assert.equal(missingScript.status, 404);
    });
    await withServer({ spa: false }, async (url) => {
      assert.equal((await fetch(`${url}/movies`, { headers: { accept: 'text/html' } })).status, 404);
    });
  });

  it('never serves files outside the root', () =>
    withServer({}, async (url) => {
      const status = await new Promise((resolve, reject) => {
        http
          .get(`${url}/..%2f..%2f..%2fetc%2fpasswd`, (res) => {
            res.resume();
            resolve(res.statusCode);
          })
          .on('error', reject);
      });
      assert.equal(status, 404);
    }));

  it('adds CORS headers when asked', () =>
    withServer({ cors: true }, async (url) => {
      const res = await fetch(`${url}/remoteEntry.js`);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
    }));

  it('answers JSON routes', () =>
    withServer(
      { routes: { '/remotes.json': () => ({ viewer: 'http://v/remoteEntry.js' }) } },
      async (url) => {
        const res = await fetch(`${url}/remotes.json`);
        assert.equal(res.headers.get('cache-control'), 'no-cache');
        assert.deepEqual(await res.json(), { viewer: 'http://v/remoteEntry.js' });
      },
    ));
});

describe('proxy', () => {
  it('forwards method, headers and body and adds x-forwarded-for', async () => {
    let seen;
    const upstream = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen = { method: req.method, url: req.url, headers: req.headers, body };
        res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
        res.end('{"ok":true}');
      });
    });
    await new Promise((r) => upstream.listen(0, '127.0.0.1', r));
    const target = `http://127.0.0.1:${upstream.address().port}`;
    try {
      await withServer({ proxy: [{ prefix: '/api', target }] }, async (url) => {
        const res = await fetch(`${url}/api/user/send-otp?x=1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
          body: '{"phoneNumber":"9876543210"}',
        });
        assert.equal(res.status, 201);
        assert.equal(res.headers.get('x-upstream'), 'yes');
        assert.deepEqual(await res.json(), { ok: true });
        assert.equal(seen.method, 'POST');
        assert.equal(seen.url, '/api/user/send-otp?x=1');
        assert.equal(seen.body, '{"phoneNumber":"9876543210"}');
        assert.equal(seen.headers.authorization, 'Bearer t');
        assert.match(seen.headers['x-forwarded-for'], /127\.0\.0\.1/);
        // '/apix' is not under '/api'
        assert.equal((await fetch(`${url}/apix`)).status, 404);
      });
    } finally {
      await new Promise((r) => upstream.close(r));
    }
  });

  it('answers 502 GATEWAY_UNREACHABLE when the target is down, without naming its address', () =>
    withServer({ proxy: [{ prefix: '/api', target: 'http://127.0.0.1:1' }] }, async (url) => {
      const res = await fetch(`${url}/api/health`);
      assert.equal(res.status, 502);
      const body = await res.json();
      assert.equal(body.code, 'GATEWAY_UNREACHABLE');
      assert.equal(typeof body.message, 'string');
      assert.doesNotMatch(body.message, /127\.0\.0\.1|:1\b|ECONNREFUSED/);
    }));

  it('relays an answer given before the body was read, and drops the rest of the body itself', async () => {
    // As the gateway refusing an oversized body does: answer at once, drop what follows for a while
    // (so the answer is not lost to a reset), then cut the connection.
    const upstream = http.createServer((req, res) => {
      res.writeHead(413, { 'content-type': 'application/json' });
      res.end('{"code":"PAYLOAD_TOO_LARGE","message":"The request body is too large."}', () =>
        setTimeout(() => req.socket.destroy(), 20),
      );
      req.resume();
    });
    await new Promise((r) => upstream.listen(0, '127.0.0.1', r));
    const target = `http://127.0.0.1:${upstream.address().port}`;
    const size = 16 * 1024 * 1024;
    // A bare socket, as a browser uploads: it keeps sending until the body is out, whatever came back.
    const post = (port) =>
      new Promise((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let answer = '';
        let sentAll = false;
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('error', reject);
        socket.on('close', () => resolve({ answer, sentAll }));
        socket.write(
          `POST /api/user/send-otp HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`,
        );
        const piece = Buffer.alloc(256 * 1024, 'x');
        let sent = 0;
        const more = () => {
          while (sent < size) {
            sent += piece.length;
            if (!socket.write(piece)) return void socket.once('drain', more);
          }
          sentAll = true;
          socket.end();
        };
        more();
      });
    try {
      await withServer({ proxy: [{ prefix: '/api', target }] }, async (url) => {
        for (let i = 0; i < 3; i++) {
          const { answer, sentAll } = await post(new URL(url).port);
          assert.ok(sentAll);
          assert.match(answer, /^HTTP\/1\.1 413 /);
          assert.match(answer, /"code":"PAYLOAD_TOO_LARGE"/);
        }
      });
    } finally {
      await new Promise((r) => upstream.close(r));
    }
  });
});

describe('configFromEnv', () => {
  it('builds the runtime manifest from the environment', () => {
    const config = configFromEnv({
      PORT: '3000',
      ROOT: 'dist',
      SPA: '1',
      VIEWER_REMOTE_URL: 'https://v.example.in/',
    });
    assert.equal(config.spa, true);
    assert.equal(config.cors, false);
    assert.deepEqual(config.proxy, [{ prefix: '/api', target: 'http://127.0.0.1:3001' }]);
    assert.deepEqual(config.routes['/remotes.json'](), {
      viewer: 'https://v.example.in/remoteEntry.js',
      admin: 'http://localhost:3003/remoteEntry.js',
    });
  });

  it('keeps an entry URL that already names a file', () => {
    assert.equal(remoteEntryUrl('http://x:3002/mf-manifest.json'), 'http://x:3002/mf-manifest.json');
  });

  it('names the bad variable', () => {
    assert.throws(() => configFromEnv({ PORT: 'abc', ROOT: 'dist' }), /PORT/);
    assert.throws(() => configFromEnv({ PORT: '1', ROOT: 'dist', API_TARGET: 'nope' }), /API_TARGET/);
    assert.throws(() => configFromEnv({ PORT: '1', ROOT: 'dist', CORS: 'maybe' }), /CORS/);
    assert.throws(() => configFromEnv({ PORT: '1' }), /ROOT/);
    assert.equal(configFromEnv({ PORT: '1', ROOT: 'dist', API_TARGET: 'off' }).proxy.length, 0);
  });
});
