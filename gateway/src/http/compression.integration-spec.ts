import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Subjects, type Subject } from '@chitram/contracts';
import { loadConfig, RpcClient, type RpcCallOptions } from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure } from '@chitram/test-helpers';
import { createGatewayApp } from '../app';
import { GatewayConfig } from '../config';

jest.setTimeout(60_000);

// A home page as the catalog would answer it: well over the threshold, and as repetitive as JSON is.
const HOME = {
  genreMovies: {
    Action: Array.from({ length: 40 }, (_, i) => ({
      _id: `movie-${i}`,
      slug: `rangasthalam-${i}`,
      title: `రంగస్థలం ${i}`,
      language: 'Telugu',
      thumbnailUrl: `/api/media/images/posters/${i}.webp`,
    })),
  },
};
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(8192, 'a')]);

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe('compressed API answers', () => {
  const isolation = isolatedEnv();
  let app: NestFastifyApplication;
  let base: string;

  /** A raw request, so the encoded bytes and their headers are seen as the browser gets them. */
  function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
  }

  beforeAll(async () => {
    // The catalog answers in-process: a catalog of someone else's on the shared NATS cannot answer
    // in its place.
    // (The gateway passes catalogue answers on as the JSON the catalog sent: requestJson.)
    const requestJson = RpcClient.prototype.requestJson;
    jest.spyOn(RpcClient.prototype, 'requestJson').mockImplementation(function (
      this: RpcClient,
      subject: Subject<unknown, unknown>,
      ...rest: [unknown, RpcCallOptions?]
    ) {
      if (subject === Subjects.catalog.homeContent) return Promise.resolve(Buffer.from(JSON.stringify(HOME)));
      return requestJson.call(this, subject, ...rest);
    });

    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      LOG_LEVEL: 'silent',
      RPC_TIMEOUT_MS: '2000',
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
      CORS_ORIGINS: 'http://localhost:3000',
    });
    app = await createGatewayApp(config);
    // Answers of types the gateway sends rarely, added like any route after the app is built.
    const fastify = app.getHttpAdapter().getInstance();
    fastify.get('/compression-test/receipt.pdf', (_req, reply) => reply.type('application/pdf').send(PDF));
    fastify.get('/compression-test/archive', (_req, reply) =>
      reply.type('application/gzip').send(zlib.gzipSync(JSON.stringify(HOME))),
    );
    fastify.get('/compression-test/bytes', (_req, reply) =>
      reply.type('application/octet-stream').send(Buffer.from(JSON.stringify(HOME))),
    );
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await app?.close();
    jest.restoreAllMocks();
    await isolation.cleanUp();
  });

  it('sends the catalogue answer in Brotli when the browser takes it, then from the cache the same way', async () => {
    for (const round of ['fetched', 'cached']) {
      const res = await get('/api/home/content', { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect({ round, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({
        round,
        status: 200,
        encoding: 'br',
      });
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const json = zlib.brotliDecompressSync(res.body);
      expect(JSON.parse(json.toString())).toEqual(HOME);
      expect(res.body.length).toBeLessThan(json.length / 3);
      if (res.headers['content-length']) expect(Number(res.headers['content-length'])).toBe(res.body.length);
    }
  });

  it('sends gzip to a browser without Brotli, and plain JSON to a client asking for neither', async () => {
    const gz = await get('/api/home/content', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(HOME);

    const plain = await get('/api/home/content');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(HOME);
  });

  it('keeps the ETag and answers 304 to it, whatever the encoding', async () => {
    const first = await get('/api/home/content', { 'accept-encoding': 'br' });
    const again = await get('/api/home/content', {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const gzipAgain = await get('/api/home/content', {
      'accept-encoding': 'gzip',
      'if-none-match': first.headers.etag!,
    });
    expect(gzipAgain.status).toBe(304);
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await get('/api/health/live', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the OpenAPI description, a large JSON answer of another kind', async () => {
    const res = await get('/api/docs/openapi.json', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.body).toString())).toHaveProperty('paths');
  });

  it.each([
    ['a PDF receipt', '/compression-test/receipt.pdf', PDF.length],
    ['an archive', '/compression-test/archive', null],
    ['opaque bytes', '/compression-test/bytes', Buffer.byteLength(JSON.stringify(HOME))],
  ])('never compresses %s', async (_kind, path, length) => {
    const res = await get(path, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    if (length !== null) expect(res.body.length).toBe(length);
  });
});
