import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { addSecurityHeaders, API_HEADERS, PAGE_HEADERS } from './security-headers';

/** The headers helmet's own middleware sets on a real response, for comparison. */
async function helmetHeaders(options: Readonly<HelmetOptions>): Promise<Record<string, string>> {
  const middleware = helmet(options);
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

/** Helmet's headers that only a rendered page has a use for. */
const PAGE_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  const app = Fastify();
  beforeAll(async () => {
    addSecurityHeaders(app, { api: API_HEADERS, page: PAGE_HEADERS, pagesUnder: '/api/docs' });
    app.get('/api/ok', async () => ({ ok: true }));
    app.get('/api/fails', async () => {
      throw new Error('boom');
    });
    app.get('/api/docs/index.html', async () => 'page');
    await app.ready();
  });
  afterAll(() => app.close());

  /** Helmet's headers (or the absence of one) as `url` answered them. */
  async function securityHeadersOf(url: string): Promise<Record<string, string>> {
    const res = await app.inject({ method: 'GET', url });
    return Object.fromEntries(
      Object.entries(res.headers)
        .filter(([name]) => !BASE_HEADERS.has(name))
        .map(([name, value]) => [name, String(value)]),
    );
  }

  it('are the API set on answers, errors and unknown routes alike, as helmet sets them', async () => {
    const expected = await helmetHeaders(API_HEADERS);
    expect(expected).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-site',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    for (const url of ['/api/ok', '/api/fails', '/api/nowhere']) {
      expect(await securityHeadersOf(url)).toEqual(expected);
    }
  });

  it('are helmet’s page set on the OpenAPI page, which a browser renders', async () => {
    const expected = await helmetHeaders(PAGE_HEADERS);
    expect(expected['content-security-policy']).toMatch(/script-src 'self'/);
    expect(expected['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(PAGE_ONLY));
    const got = await securityHeadersOf('/api/docs/index.html');
    expect(got).toEqual(expected);
    // …and none of those page headers on the API's answers.
    const api = await securityHeadersOf('/api/ok');
    for (const name of PAGE_ONLY) expect(api).not.toHaveProperty(name);
  });
});
