import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { addSecurityHeaders } from './security-headers';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/** The headers helmet's own middleware sets on a real response, for comparison. */
async function helmetHeaders(): Promise<Record<string, string>> {
  const middleware = helmet(OPTIONS);
  const server = http.createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`);
    return Object.fromEntries([...res.headers].filter(([name]) => !BASE_HEADERS.has(name)));
  } finally {
    server.close();
  }
}

/** What any answer carries, helmet or not. */
const BASE_HEADERS = new Set(['connection', 'content-length', 'content-type', 'date', 'keep-alive']);

describe('security headers', () => {
  it('are the headers helmet sets, on answers, errors and unknown routes alike', async () => {
    const expected = await helmetHeaders();
    expect(expected['content-security-policy']).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
    expect(expected['cross-origin-resource-policy']).toBe('same-site');

    const app = Fastify();
    addSecurityHeaders(app, OPTIONS);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    try {
      for (const url of ['/ok', '/fails', '/nowhere']) {
        const res = await app.inject({ method: 'GET', url });
        const got = Object.fromEntries(Object.entries(res.headers).filter(([name]) => name in expected));
        expect(got).toEqual(expected);
      }
    } finally {
      await app.close();
    }
  });
});
