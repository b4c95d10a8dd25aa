import { brotliDecompressSync } from 'node:zlib';
import { Subjects } from '@chitram/contracts';
import type { Logger, RpcClient } from '@chitram/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NatsConnection } from 'nats';
import { GatewayConfig } from '../config';
import { answerOf, AskedBefore, CatalogueAnswers, matchesEtag } from './catalogue-answers';

describe('catalogue answers', () => {
  it('gives equal bodies equal ETags and different bodies different ones', () => {
    const a = answerOf({ genreMovies: { Action: [] } });
    const b = answerOf({ genreMovies: { Action: [] } });
    const c = answerOf({ genreMovies: { Drama: [] } });
    expect(a.etag).toBe(b.etag);
    expect(a.etag).not.toBe(c.etag);
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(a.body.toString()).toBe('{"genreMovies":{"Action":[]}}');
  });

  it('reads If-None-Match lists, weak forms and the wildcard', () => {
    const { etag } = answerOf([]);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"other", W/${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"other"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});

describe('compressed catalogue answers', () => {
  const HOME = JSON.stringify({
    genreMovies: { Action: Array.from({ length: 50 }, (_, i) => ({ title: `Title ${i}` })) },
  });

  /** A reply that records what went out. */
  function fakeReply() {
    const sent: { headers: Record<string, string>; body?: Buffer; status: number } = {
      headers: {},
      status: 200,
    };
    let resolve: () => void = () => undefined;
    const done = new Promise<void>((r) => (resolve = r));
    const reply = {
      header(name: string, value: string) {
        sent.headers[name] = value;
        return reply;
      },
      code(status: number) {
        sent.status = status;
        return reply;
      },
      send(body?: Buffer) {
        sent.body = body;
        resolve();
        return reply;
      },
    };
    return { reply: reply as unknown as FastifyReply, sent, done };
  }

  const request = (headers: Record<string, string>) =>
    ({ method: 'GET', url: '/api/home/content', headers }) as unknown as FastifyRequest;

  it('compresses an answer once for every browser that takes Brotli, and keeps it with the answer', async () => {
    let fetched = 0;
    const rpc = {
      requestJson: () => {
        fetched++;
        return Promise.resolve(Buffer.from(HOME));
      },
    } as unknown as RpcClient;
    const answers = new CatalogueAnswers(
      rpc,
      Object.assign(new GatewayConfig(), { CATALOG_ANSWER_CACHE_MB: 1, CATALOG_ANSWER_TTL_SECONDS: 60 }),
      {} as NatsConnection,
      {} as Logger,
    );
    const first = fakeReply();
    await answers.answer(
      request({ 'accept-encoding': 'gzip, br' }),
      first.reply,
      Subjects.catalog.homeContent,
      {},
    );
    const second = fakeReply();
    answers.serveCached(request({ 'accept-encoding': 'br' }), second.reply, () => undefined);
    await second.done;

    expect(fetched).toBe(1);
    expect(first.sent.headers['content-encoding']).toBe('br');
    expect(second.sent.headers['content-encoding']).toBe('br');
    expect(second.sent.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(second.sent.body!).toString()).toBe(HOME);
    // The very bytes made for the first browser went to the second.
    expect(second.sent.body).toBe(first.sent.body);

    const plain = fakeReply();
    answers.serveCached(request({}), plain.reply, () => undefined);
    await plain.done;
    expect(plain.sent.headers['content-encoding']).toBeUndefined();
    expect(plain.sent.body!.toString()).toBe(HOME);
  });
});

describe('URLs asked before', () => {
  it('knows a URL from its second ask on, and forgets one not asked in the last two generations', () => {
    const asked = new AskedBefore(2);
    expect(asked.note('/a')).toBe(false);
    expect(asked.note('/a')).toBe(true);
    expect(asked.note('/b')).toBe(false);
    // '/a' and '/b' fill a generation: '/c' begins the next, and both are still known.
    expect(asked.note('/c')).toBe(false);
    expect(asked.note('/a')).toBe(true);
    // '/d' begins a third generation: '/b', not asked since the first, is forgotten; '/a' is not.
    expect(asked.note('/d')).toBe(false);
    expect(asked.note('/b')).toBe(false);
    expect(asked.note('/a')).toBe(true);
  });
});
