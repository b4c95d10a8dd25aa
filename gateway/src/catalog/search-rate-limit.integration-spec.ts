import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorCode, Subjects } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, testSigningKeys } from '@chitram/test-helpers';
import type request from 'supertest';
import { startTestGateway } from '../testing/test-gateway';
import { SEARCH_LIMITED_MESSAGE, SEARCH_RECORD_INTERVAL_MS } from './search-rate-limit';

jest.setTimeout(60_000);

/**
 * A gateway whose catalog answers in-process (another platform's catalog on the shared NATS cannot
 * answer instead), with its own Redis prefix; `searched` lists the terms that reached the catalog.
 */
function gatewayWithSearchLimit(limit: number, windowSeconds: number) {
  const isolation = isolatedEnv();
  const { publicPem } = testSigningKeys();
  const gateway = {
    isolation,
    searched: [] as string[],
    app: undefined as NestFastifyApplication | undefined,
    http: undefined as unknown as ReturnType<typeof request>,
    /** A search from a client address, as the shell's proxy on this machine (a trusted proxy) reports it. */
    search: (address: string, q: string) =>
      gateway.http.get(`/api/home/search?q=${encodeURIComponent(q)}`).set('x-forwarded-for', address),
    /** The searches Redis holds for an address in its window, as every gateway sees them. */
    counted: async (address: string) => {
      const redis = isolation.redis();
      try {
        return await redis.zcount(`gateway:search:${address}`, Date.now() - windowSeconds * 1000, '+inf');
      } finally {
        redis.disconnect();
      }
    },
  };

  beforeAll(async () => {
    // (The gateway passes catalogue answers on as the JSON the catalog sent: requestJson.)
    jest.spyOn(RpcClient.prototype, 'requestJson').mockImplementation((subject: string, data?: unknown) => {
      if (subject === Subjects.catalog.search) gateway.searched.push((data as { q: string }).q);
      return Promise.resolve(Buffer.from('[]'));
    });
    ({ app: gateway.app, http: gateway.http } = await startTestGateway(isolation.env, publicPem, {
      TRUSTED_PROXIES: 'loopback',
      SEARCH_RATE_LIMIT: String(limit),
      SEARCH_RATE_WINDOW_SECONDS: String(windowSeconds),
    }));
  });

  afterAll(async () => {
    await gateway.app?.close();
    jest.restoreAllMocks();
    await isolation.cleanUp();
  });
  return gateway;
}

/** A few of the gateway's recording rounds: what it learned back from Redis is in use. */
const settle = () => new Promise((resolve) => setTimeout(resolve, SEARCH_RECORD_INTERVAL_MS * 3));

/** What Redis holds for the address once it holds `expected` (the gateway records in rounds), or after 5 s. */
async function countedOnce(
  gateway: { counted(address: string): Promise<number> },
  address: string,
  expected: number,
) {
  const deadline = Date.now() + 5000;
  let count = await gateway.counted(address);
  while (count !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, SEARCH_RECORD_INTERVAL_MS));
    count = await gateway.counted(address);
  }
  return count;
}

describe('the search rate limit', () => {
  const gateway = gatewayWithSearchLimit(3, 2);
  const { search, searched } = gateway;
  const http = () => gateway.http;

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

  it('refuses a search when searches through another gateway used up the limit', async () => {
    const address = '192.0.2.44';
    await search(address, 'first').expect(200);
    // Meanwhile other gateways counted this address up to its limit.
    const redis = gateway.isolation.redis();
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
    expect(searched).not.toContain('second');
  });

  it('leaves the other catalogue routes alone', async () => {
    for (let i = 0; i < 6; i++)
      await http().get('/api/home/content').set('x-forwarded-for', '198.51.100.1').expect(200);
  });
});

describe('the search rate limit, for an address well under it', () => {
  const gateway = gatewayWithSearchLimit(10, 5);
  const { search, counted } = gateway;

  it('counts every search it let through without waiting, so one gateway holds an address to its limit exactly', async () => {
    const address = '198.51.100.20';
    for (let i = 1; i <= 10; i++) await search(address, `term ${i}`).expect(200);
    const refused = await search(address, 'term 11').expect(429);
    expect(refused.body.code).toBe(ErrorCode.RATE_LIMITED);
    expect(gateway.searched.filter((q) => q.startsWith('term '))).toHaveLength(10);
    expect(await countedOnce(gateway, address, 10)).toBe(10);
  });

  it('tells other gateways of the searches it let through within moments, and learns their count back', async () => {
    const address = '198.51.100.21';
    await search(address, 'one').expect(200);
    // Redis counted one a moment ago: the next searches go ahead while this gateway counts them...
    await search(address, 'two').expect(200);
    await search(address, 'three').expect(200);
    // ...and are in Redis, for every gateway, a moment later.
    expect(await countedOnce(gateway, address, 3)).toBe(3);

    // Other gateways use up the rest of the limit: this one hears of it with its next count.
    const redis = gateway.isolation.redis();
    try {
      const now = Date.now();
      const others = Array.from({ length: 7 }, (_, i) => [now, `other-gateway:${i}`]).flat();
      await redis.zadd(`gateway:search:${address}`, ...others);
    } finally {
      redis.disconnect();
    }
    await search(address, 'four').expect(200); // let through on what Redis said a moment ago
    await settle();
    const refused = await search(address, 'five').expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(gateway.searched).not.toContain('five');
    expect(await counted(address)).toBe(11);
  });
});
