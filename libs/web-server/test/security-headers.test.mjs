import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { configFromEnv } from '../config.mjs';
import { createWebServer } from '../index.mjs';

const SHELL_TEMPLATE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../frontends/shell/index.html',
);

let root;
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'web-server-security-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(root, 'main.3f9a1c2b.js'), 'console.log(1)');
});
after(() => rm(root, { recursive: true, force: true }));

/** Serves `root` with the options the environment gives, as serve.mjs does. */
async function served(env, fn) {
  const server = await createWebServer({ ...configFromEnv({ PORT: '0', ROOT: root, ...env }), proxy: [] });
  try {
    await fn(server.url);
  } finally {
    await server.close();
  }
}

/** `script-src 'self' x` → Map { 'script-src' → ["'self'", 'x'] }. */
function directives(policy) {
  return new Map(
    policy.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("the shell's page headers", () => {
  it('allow scripts only from the page itself, the remotes and Razorpay Checkout, never inline or eval', () =>
    served(
      {
        SPA: '1',
        VIEWER_REMOTE_URL: 'http://localhost:4302',
        ADMIN_REMOTE_URL: 'https://admin.chitram.in/mf/',
      },
      async (url) => {
        for (const page of ['/', '/movie/some-title']) {
          const res = await fetch(`${url}${page}`, { headers: { accept: 'text/html' } });
          assert.equal(res.status, 200);
          const csp = directives(res.headers.get('content-security-policy'));
          assert.deepEqual(csp.get('script-src'), [
            "'self'",
            'http://localhost:4302',
            'https://admin.chitram.in',
            'https://checkout.razorpay.com',
          ]);
          assert.deepEqual(csp.get('default-src'), ["'self'"]);
          assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
          assert.deepEqual(csp.get('object-src'), ["'none'"]);
          assert.deepEqual(csp.get('frame-src'), [
            'https://api.razorpay.com',
            'https://checkout.razorpay.com',
          ]);
          assert.ok(csp.get('connect-src').includes('https://api.razorpay.com'));
          assert.ok(csp.get('connect-src').includes("'self'"), 'the API is proxied on the same origin');
          assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
          assert.equal(res.headers.get('x-frame-options'), 'DENY');
          assert.equal(res.headers.get('strict-transport-security'), null, 'no HSTS outside production');
        }
      },
    ));

  it('add HSTS in production, and the media hosts named by CSP_MEDIA_ORIGINS', () =>
    served(
      { NODE_ENV: 'production', CSP_MEDIA_ORIGINS: 'https://media.example.in/, https://cdn.example.in' },
      async (url) => {
        const res = await fetch(`${url}/`);
        assert.equal(res.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
        const csp = directives(res.headers.get('content-security-policy'));
        for (const directive of ['img-src', 'media-src', 'connect-src']) {
          assert.ok(csp.get(directive).includes('https://media.example.in'), directive);
          assert.ok(csp.get(directive).includes('https://cdn.example.in'), directive);
        }
        assert.ok(!csp.get('script-src').includes('https://media.example.in'));
      },
    ));

  it('are left off scripts and other files, which carry Timing-Allow-Origin for the shell instead', () =>
    served({ CORS: '1', SHELL_ORIGINS: 'https://chitram.in' }, async (url) => {
      const script = await fetch(`${url}/main.3f9a1c2b.js`);
      assert.equal(script.headers.get('content-security-policy'), null);
      assert.equal(script.headers.get('timing-allow-origin'), 'https://chitram.in');
      assert.equal(script.headers.get('access-control-allow-origin'), '*');
      const page = await fetch(`${url}/`);
      assert.equal(page.headers.get('timing-allow-origin'), 'https://chitram.in');
    }));

  it('let the shell of development time the remotes by default', () =>
    served({}, async (url) => {
      const script = await fetch(`${url}/main.3f9a1c2b.js`);
      assert.equal(script.headers.get('timing-allow-origin'), 'http://localhost:3000');
    }));

  it('refuse origins that are not origins, naming the variable', () => {
    for (const [name, value] of [
      ['CSP_MEDIA_ORIGINS', 'media.example.in'],
      ['CSP_MEDIA_ORIGINS', 'https://media.example.in/videos'],
      ['SHELL_ORIGINS', "https://chitram.in 'unsafe-inline'"],
      ['SHELL_ORIGINS', 'ftp://chitram.in'],
    ])
      assert.throws(() => configFromEnv({ PORT: '0', ROOT: root, [name]: value }), new RegExp(name), value);
  });
});

describe("the shell's page template", () => {
  it('has no inline script or event handler attribute, which the policy would block', async () => {
    const html = await readFile(SHELL_TEMPLATE, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    assert.deepEqual(
      scripts
        .filter(([, attributes, body]) => !/\bsrc=/.test(attributes) || body.trim() !== '')
        .map(([tag]) => tag),
      [],
    );
    assert.doesNotMatch(html, /\son[a-z]+\s*=/i);
    assert.doesNotMatch(html, /javascript:/i);
  });
});
