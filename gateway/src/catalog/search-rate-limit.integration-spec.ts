import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorCode, Subjects } from '@chitram/contracts';
import { loadConfig, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure } from '@chitram/test-helpers';
import request from 'supertest';
import { createGatewayApp } from '../app';
import { GatewayConfig } from '../config';
import { SEARCH_LIMITED_MESSAGE } from './search-rate-limit';

jest.setTimeout(60_000);

describe('the search rate limit', () => {
  const isolation = isolatedEnv();
  const searched: string[] = [];
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;

  /** A search from a client address, as the shell's proxy on this machine (a trusted proxy) reports it. */
  const search = (address: string, q: string) =>
    http.get(`/api/home/search?q=${encodeURIComponent(q)}`).set('x-forwarded-for', address);

  beforeAll(async () => {
    // The catalog answers in-process: another platform's catalog on the shared NATS cannot answer instead.
    // (The gateway passes catalogue answers on as the JSON the catalog sent: requestJson.)
    jest.spyOn(RpcClient.prototype, 'requestJson').mockImplementation((subject: string, data?: unknown) => {
      if (subject === Subjects.catalog.search) searched.push((data as { q: string }).q);
      return Promise.resolve(Buffer.from('[]'));
    });
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      LOG_LEVEL: 'silent',
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
      TRUSTED_PROXIES: 'loopback',
      SEARCH_RATE_LIMIT: '3',
      SEARCH_RATE_WINDOW_SECONDS: '2',
    });
    app = await createGatewayApp(config);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    http = request(app.getHttpServer());
  });

  afterAll(async () => {
    await app?.close();
    jest.restoreAllMocks();
    await isolation.cleanUp();
  });

  it('answers 429 with Retry-After past the limit, per address, and searches again once the window moves on', async () => {
    for (const q of ['raja', 'rani', 'roja']) await search('203.0.113.7', q).expect(200);
    const limited = await search('203.0.113.7', 'bahubali').expect(429);
    expect(limited.body).toEqual({
      code: ErrorCode.RATE_LIMITED,
      message: SEARCH_LIMITED_MESSAGE,
      retryAfterSeconds: expect.any(Number),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect(searched).not.toContain('bahubali');

    // Another address, and another IPv6 /64, have their own count; the same /64 shares one.
    await search('203.0.113.8', 'bahubali').expect(200);
    for (const q of ['a', 'b', 'c']) await search(`2001:db8:1:2::${q}`, q).expect(200);
    await search('2001:db8:1:2:ffff::1', 'd').expect(429);
    await search('2001:db8:1:3::1', 'd').expect(200);

    await new Promise((resolve) => setTimeout(resolve, Number(limited.headers['retry-after']) * 1000 + 100));
    await search('203.0.113.7', 'bahubali').expect(200);
  });

  it('refuses a search that started while counted, when searches through another gateway used up the limit', async () => {
    const address = '192.0.2.44';
    // Seen well under the limit a moment ago, so the next search starts while Redis counts it...
    await search(address, 'first').expect(200);
    // ...but meanwhile other gateways counted this address up to its limit.
    const redis = isolation.redis();
    try {
      const now = Date.now();
      await redis.zadd(`gateway:search:${address}`, now, 'other-gateway:1', now, 'other-gateway:2');
    } finally {
      redis.disconnect();
    }
    const refused = await search(address, 'second').expect(429);
    expect(refused.body.code).toBe(ErrorCode.RATE_LIMITED);
    expect(refused.headers['content-type']).toMatch(/json/);
    expect(refused.headers.etag).toBeUndefined();
  });

  it('leaves the other catalogue routes alone', async () => {
    for (let i = 0; i < 6; i++)
      await http.get('/api/home/content').set('x-forwarded-for', '198.51.100.1').expect(200);
  });
});
