import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompressedAnswers, compressRepeatedAnswers, LARGEST_KEPT_ANSWER } from './compressed-answers';

const json = (n: number) =>
  JSON.stringify({ plans: Array.from({ length: n }, (_, i) => ({ i, name: `Plan ${i}` })) });

describe('answers compressed once and sent again', () => {
  it('gives back the same compressed bytes for the same answer, text or bytes, and decompresses to it', () => {
    const answers = new CompressedAnswers();
    const text = json(100);
    const first = answers.compressed('br', text);
    expect(answers.compressed('br', text)).toBe(first);
    expect(brotliDecompressSync(first).toString()).toBe(text);
    const bytes = answers.compressed('gzip', Buffer.from(text));
    expect(gunzipSync(bytes).toString()).toBe(text);
    expect(answers.compressed('gzip', Buffer.from(text))).toBe(bytes);
    expect(answers.size).toBe(2);
  });

  it('keeps no more answers than it may, the oldest going first', () => {
    const answers = new CompressedAnswers(3);
    const texts = [1, 2, 3, 4].map((n) => json(50 + n));
    const made = texts.map((text) => answers.compressed('br', text));
    expect(answers.size).toBe(3);
    expect(answers.compressed('br', texts[3])).toBe(made[3]);
    expect(answers.compressed('br', texts[0])).not.toBe(made[0]); // made again
  });

  it('keeps no more bytes than it may', () => {
    const answers = new CompressedAnswers(100, 3000);
    for (let n = 0; n < 10; n++) answers.compressed('gzip', json(40 + n));
    expect(answers.size).toBeLessThan(10);
    expect(answers.size).toBeGreaterThan(0);
  });
});

describe('the gateway compressing whole answers', () => {
  let app: FastifyInstance;
  const big = json(100);
  beforeAll(async () => {
    app = Fastify();
    compressRepeatedAnswers(app);
    app.get('/text', (_request, reply) => {
      void reply.header('vary', 'Origin').type('application/json; charset=utf-8').send(big);
    });
    app.get('/bytes', (_request, reply) => {
      void reply.type('application/json; charset=utf-8').send(Buffer.from(big));
    });
    app.get('/small', (_request, reply) => {
      void reply.type('application/json').send('{"ok":true}');
    });
    app.get('/huge', (_request, reply) => {
      void reply.type('application/json').send(JSON.stringify({ x: 'y'.repeat(LARGEST_KEPT_ANSWER) }));
    });
    app.get('/picture', (_request, reply) => {
      void reply.type('image/webp').send(Buffer.alloc(4096, 7));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('answers in Brotli for a browser that takes it, the same bytes each time, varying on both headers', async () => {
    const [first, second] = [
      await get('/text', 'gzip, deflate, br'),
      await get('/text', 'gzip, deflate, br'),
    ];
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Origin, accept-encoding');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(big);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers bytes a handler sent in gzip for a client without Brotli', async () => {
    const answer = await get('/bytes', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.rawPayload).toString()).toBe(big);
  });

  it('leaves as they are: answers to a client asking for no encoding, small ones, huge ones, pictures', async () => {
    for (const [url, encoding] of [
      ['/text', undefined],
      ['/text', 'identity'],
      ['/small', 'br'],
      ['/huge', 'br'],
      ['/picture', 'br'],
    ] as const) {
      const answer = await get(url, encoding);
      expect([url, encoding, answer.headers['content-encoding']]).toEqual([url, encoding, undefined]);
    }
  });
});
