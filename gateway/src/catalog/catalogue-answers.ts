import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Subjects, type MaturityLevel, type QueryText, type Subject } from '@chitram/contracts';
import { LOGGER, NATS_CONNECTION, RpcClient, type Logger } from '@chitram/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NatsConnection, Subscription } from 'nats';
import { GatewayConfig } from '../config';
import {
  acceptedEncoding,
  BROTLI_OPTIONS,
  COMPRESSION_THRESHOLD_BYTES,
  type Encoding,
} from '../http/compression';
import { namesProfile, titleWithinMaturity, withinMaturity } from './maturity-filter';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => brotli(body, BROTLI_OPTIONS),
  gzip: (body) => gzipped(body),
};

/** One public answer, serialised once, with its validator. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  storedAt: number;
  /** The body compressed, each encoding made when first asked for and kept with the answer. */
  encoded?: Partial<Record<Encoding, Promise<Buffer>>>;
  /** What the answer holds in bytes: its body and the compressed copies made so far. */
  bytes?: number;
}

export function answerOf(value: unknown, now = Date.now()): CachedAnswer {
  return answerOfJson(Buffer.from(JSON.stringify(value)), now);
}

/** An answer from its JSON as the catalog sent it: passed on without being parsed and written again. */
export function answerOfJson(body: Buffer, now = Date.now()): CachedAnswer {
  // One call, no Hash object: a cold search's answer is hashed once per request.
  const etag = `"${hash('sha1', body, 'base64url')}"`;
  return { body, etag, storedAt: now };
}

export interface AnswerOptions {
  /** A rate limit's count: settles when the read may be made, rejects with the refusal. */
  admission?: Promise<void>;
  /**
   * `when-asked-again` for reads whose URLs are many and mostly asked once (search terms): such an
   * answer is kept only when its URL was asked for before, so terms nobody repeats do not push the
   * popular ones out, and their bytes are let go young instead of churning the cache.
   */
  keep?: 'always' | 'when-asked-again';
  /**
   * A kids profile's level (D37): the answer (cached or fetched, as for everyone) is sent without the
   * titles above it, privately; `title` refuses a single title above it instead.
   */
  maturity?: { level: MaturityLevel; title?: boolean };
}

/** URLs asked for at least once recently: the last 25,000 to 50,000 distinct ones. */
export class AskedBefore {
  private recent = new Set<string>();
  private older = new Set<string>();

  constructor(private readonly generationSize = 25_000) {}

  /** Notes that `key` is asked for; true when it was asked for before. */
  note(key: string): boolean {
    if (this.recent.has(key)) return true;
    const before = this.older.has(key);
    if (this.recent.size >= this.generationSize) {
      this.older = this.recent;
      this.recent = new Set();
    }
    this.recent.add(key);
    return before;
  }
}

/** The bytes an answer holds: its body, and its compressed copies once made. */
function sizeOf(entry: CachedAnswer): number {
  return entry.bytes ?? entry.body.length;
}

/** True when an If-None-Match header names this ETag (or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * The gateway's cache of whole public catalogue answers, by request URL: the bytes, ready to send,
 * with their ETag. Emptied when the catalog announces a change (Subjects.catalog.changed), when the
 * NATS connection comes back from a break (an announcement may have been missed), and entries older
 * than CATALOG_ANSWER_TTL_SECONDS are never used, whatever happened. Bounded in bytes, least
 * recently used out first.
 */
@Injectable()
export class CatalogueAnswers implements OnModuleInit, OnModuleDestroy {
  private readonly entries = new Map<string, CachedAnswer>();
  /** Reads on their way to the catalog, by generation and URL. */
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();
  private readonly askedBefore = new AskedBefore();
  private bytes = 0;
  /** Counts the changes seen: an answer fetched across a change is not kept, it may predate it. */
  private generation = 0;
  private subscription?: Subscription;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  readonly cacheControl: string;

  constructor(
    private readonly rpc: RpcClient,
    config: GatewayConfig,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.maxBytes = config.CATALOG_ANSWER_CACHE_MB * 1024 * 1024;
    this.ttlMs = config.CATALOG_ANSWER_TTL_SECONDS * 1000;
    this.cacheControl =
      config.CATALOG_BROWSER_MAX_AGE_SECONDS > 0
        ? `public, max-age=${config.CATALOG_BROWSER_MAX_AGE_SECONDS}`
        : 'public, max-age=0, must-revalidate';
  }

  onModuleInit(): void {
    // A callback, not an iterator: it runs as the message is read, before any reply behind it.
    this.subscription = this.nats.subscribe(Subjects.catalog.changed, { callback: () => this.clear() });
    void (async () => {
      for await (const status of this.nats.status()) if (status.type === 'reconnect') this.clear();
    })().catch(() => undefined);
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private fresh(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (Date.now() - entry.storedAt > this.ttlMs) {
      this.bytes -= sizeOf(entry);
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  private keep(key: string, entry: CachedAnswer): void {
    if (sizeOf(entry) > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= sizeOf(old);
    }
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    this.trim();
  }

  /** Least recently used out first, until the cache is within its bytes. */
  private trim(): void {
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(value);
    }
  }

  /**
   * Fastify onRequest hook: a GET whose answer is cached is answered here, before routing into Nest
   * (only public routes' answers are ever cached, so no access check is skipped).
   */
  readonly serveCached = (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    // A caller with a chosen profile goes to its route, which answers for the profile (D37).
    // Whether anything is kept for the URL first: reading the token's claims costs more, and most
    // requests (a grant, a heartbeat, a checkout) have no kept answer.
    const entry =
      request.method === 'GET' && this.entries.has(request.url) && !namesProfile(request)
        ? this.fresh(request.url)
        : undefined;
    if (entry) void this.send(request, reply, entry);
    else done();
  };

  /**
   * Answers a public read from the cache, else from the catalog service, and keeps the answer (with
   * `keep: 'when-asked-again'`, only an answer asked for before). Reads of one URL that arrive while
   * it is being fetched share that fetch (after a change, the home page's many visitors cost the
   * catalog one request, not one each). With an admission (a rate limit's count), nothing is read or
   * sent until it is permitted; a refusal is the answer.
   */
  async answer<Request>(
    request: FastifyRequest,
    reply: FastifyReply,
    subject: Subject<Request, unknown>,
    payload: NoInfer<Request> | QueryText<NoInfer<Request>>,
    { admission, keep = 'always', maturity }: AnswerOptions = {},
  ): Promise<void> {
    if (admission) await admission;
    const key = request.url;
    const kept = keep === 'always' || this.askedBefore.note(key);
    const entry = this.fresh(key) ?? (await this.fetch(key, subject, payload, kept));
    if (!maturity) return this.send(request, reply, entry);
    const whole: unknown = JSON.parse(entry.body.toString('utf8'));
    const shown = maturity.title
      ? titleWithinMaturity(whole, maturity.level)
      : withinMaturity(whole, maturity.level);
    await this.send(request, reply, answerOf(shown), 'private, no-cache');
  }

  private fetch<Request>(
    key: string,
    subject: Subject<Request, unknown>,
    payload: Request | QueryText<Request>,
    kept: boolean,
  ): Promise<CachedAnswer> {
    const generation = this.generation;
    const sharedKey = `${generation} ${key}`;
    const pending = this.inFlight.get(sharedKey);
    if (pending) return pending;
    const fetched = this.rpc
      .requestJson(subject, payload)
      .then((json) => {
        const entry = answerOfJson(json);
        if (!kept) return entry;
        if (generation === this.generation) this.keep(key, entry);
        else this.logger.debug({ url: key }, 'catalogue changed during the read; answer not kept');
        return entry;
      })
      .finally(() => this.inFlight.delete(sharedKey));
    this.inFlight.set(sharedKey, fetched);
    return fetched;
  }

  /**
   * Sends an answer, compressed as the client takes it (from the copy kept with the answer: a popular
   * answer is compressed once, not once per browser), or 304 to a client that holds it.
   */
  private async send(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: CachedAnswer,
    cacheControl = this.cacheControl,
  ): Promise<void> {
    void reply.header('etag', entry.etag).header('cache-control', cacheControl);
    if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
      void reply.code(304).send();
      return;
    }
    void reply.header('content-type', 'application/json; charset=utf-8');
    const encoding =
      entry.body.length >= COMPRESSION_THRESHOLD_BYTES
        ? acceptedEncoding(request.headers['accept-encoding'])
        : undefined;
    if (!encoding) {
      void reply.send(entry.body);
      return;
    }
    let body: Buffer;
    try {
      body = await this.encoded(request.url, entry, encoding);
    } catch {
      // The compression hook tries again as it would for any answer.
      void reply.send(entry.body);
      return;
    }
    void reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(body);
  }

  /** The answer's body in `encoding`, made once and counted in the cache's bytes while it is kept. */
  private encoded(key: string, entry: CachedAnswer, encoding: Encoding): Promise<Buffer> {
    entry.encoded ??= {};
    let made = entry.encoded[encoding];
    if (!made) {
      made = compressors[encoding](entry.body);
      entry.encoded[encoding] = made;
      made.then(
        (body) => {
          entry.bytes = sizeOf(entry) + body.length;
          if (this.entries.get(key) === entry) {
            this.bytes += body.length;
            this.trim();
          }
        },
        // A failure is not kept: the next request compresses again.
        () => delete entry.encoded?.[encoding],
      );
    }
    return made;
  }
}
