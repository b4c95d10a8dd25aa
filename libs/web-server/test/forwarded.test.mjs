import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { configFromEnv } from '../config.mjs';
import { trustedProxies } from '../forwarded.mjs';
import { createWebServer } from '../index.mjs';

// The client address the gateway counts (sign-in and search limits) is the one this server reports.

let root;
/** The headers the upstream (the gateway) received for the last request. */
let seen;
let upstream;
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'web-server-forwarded-'));
  upstream = http.createServer((req, res) => {
    seen = req.headers;
    res.end('{}');
  });
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
});
after(async () => {
  upstream.close();
  await rm(root, { recursive: true, force: true });
});

/** A request to the shell from `localAddress` (any 127.x address is this machine). */
function requestFrom(url, localAddress, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/x`, { localAddress, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(seen));
    });
    req.on('error', reject);
  });
}

async function withShell(trustProxies, fn) {
  const target = `http://127.0.0.1:${upstream.address().port}`;
  const server = await createWebServer({ root, port: 0, proxy: [{ prefix: '/api', target }], trustProxies });
  try {
    await fn(server.url);
  } finally {
    await server.close();
  }
}

describe('X-Forwarded-* sent to the gateway', () => {
  it("replaces a browser's forged X-Forwarded-For, Host and proto with what the server saw", () =>
    withShell('', async (url) => {
      const headers = await requestFrom(url, '127.0.0.7', {
        'x-forwarded-for': '198.51.100.1',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      });
      assert.equal(headers['x-forwarded-for'], '127.0.0.7');
      assert.equal(headers['x-forwarded-host'], new URL(url).host);
      assert.equal(headers['x-forwarded-proto'], 'http');
    }));

  it('extends the chain of a proxy it trusts, and only of that one', () =>
    withShell('127.0.0.8, 10.0.0.0/8', async (url) => {
      const fromProxy = await requestFrom(url, '127.0.0.8', {
        'x-forwarded-for': '203.0.113.5',
        'x-forwarded-proto': 'https',
      });
      assert.equal(fromProxy['x-forwarded-for'], '203.0.113.5, 127.0.0.8');
      assert.equal(fromProxy['x-forwarded-proto'], 'https');

      const fromStranger = await requestFrom(url, '127.0.0.9', { 'x-forwarded-for': '203.0.113.5' });
      assert.equal(fromStranger['x-forwarded-for'], '127.0.0.9');
    }));

  it('sends the peer alone when a trusted proxy sent no chain', () =>
    withShell('loopback', async (url) => {
      const headers = await requestFrom(url, '127.0.0.10', {});
      assert.equal(headers['x-forwarded-for'], '127.0.0.10');
    }));
});

describe('TRUSTED_PROXIES', () => {
  it('takes addresses, CIDR ranges and the names loopback, linklocal, uniquelocal', () => {
    const trusts = trustedProxies('192.0.2.7, 10.1.0.0/16, 2001:db8::/32, loopback');
    for (const address of ['192.0.2.7', '10.1.200.3', '2001:db8:1::5', '127.0.0.1', '::1', '::ffff:10.1.0.9'])
      assert.equal(trusts(address), true, address);
    for (const address of ['192.0.2.8', '10.2.0.1', '2001:db9::1', '', 'unknown'])
      assert.equal(trusts(address), false, address);
    assert.equal(trustedProxies('uniquelocal')('172.20.1.1'), true);
    assert.equal(trustedProxies('linklocal')('fe80::1'), true);
    assert.equal(trustedProxies('')('127.0.0.1'), false);
  });

  it('is read from the environment and a bad entry stops the server from starting, named', () => {
    assert.equal(configFromEnv({ PORT: '0', ROOT: root }).trustProxies, '');
    assert.equal(
      configFromEnv({ PORT: '0', ROOT: root, TRUSTED_PROXIES: '10.0.0.0/8' }).trustProxies,
      '10.0.0.0/8',
    );
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2', 'fe80::/x'])
      assert.throws(
        () => configFromEnv({ PORT: '0', ROOT: root, TRUSTED_PROXIES: bad }),
        /TRUSTED_PROXIES/,
        bad,
      );
  });
});
