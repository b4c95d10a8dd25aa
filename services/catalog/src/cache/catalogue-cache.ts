import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit, Optional } from '@nestjs/common';
import { Subjects } from '@chitram/contracts';
import {
  databaseName,
  hear,
  LOGGER,
  NATS_CONNECTION,
  RawJson,
  REDIS,
  RejectedMessages,
  type Logger,
  type Redis,
} from '@chitram/nest-kit';
import type { NatsConnection, Subscription } from 'nats';
import { CatalogConfig } from '../config';

/**
 * How long a catalogue version this instance heard announced (or read) is taken as current without
 * asking Redis: a change is announced to every instance as it is made, so this only bounds how late
 * one missed (a NATS break, a version bumped by hand) is seen.
 */
export const VERSION_TRUST_MS = 1000;

/**
 * The current version and the answer kept under it, in one round trip. KEYS[1]: the version's key;
 * KEYS[2]: the start of every answer's key (both get the client's key prefix, as every key does).
 * ARGV[1]: what follows the version in the answer's key. Answers { version } or { version, answer }.
 */
const LOOKUP = `
local version = redis.call('GET', KEYS[1]) or '0'
return { version, redis.call('GET', KEYS[2] .. 'v' .. version .. ':' .. ARGV[1]) }`;

type Lookup = (versionKey: string, answersKey: string, rest: string) => Promise<[string, string?]>;

/**
 * Public answers cached in Redis under the catalogue version: every admin write bumps the version
 * (one INCR), so all older answers become unreachable at once and age out by their TTL. Redis is a
 * help, not a dependency: when it fails, answers come from the database.
 */
@Injectable()
export class CatalogueCache implements OnModuleInit, OnModuleDestroy {
  /** Named after the service's database too, so test and benchmark databases never share answers. */
  private readonly prefix: string;
  private readonly ttlSeconds: number;
  /** A write whose version bump failed: until a bump succeeds, nothing is read from the cache. */
  private bumpOwed = false;
  private readonly lookup: Lookup;
  /** The newest version this instance knows of, and when it learnt it. */
  private known?: { version: number; at: number };
  /** A read of the version under way, which searches arriving meanwhile share. */
  private reading?: Promise<number>;
  private subscription?: Subscription;

  constructor(
    config: CatalogConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() private readonly rejections?: RejectedMessages,
  ) {
    this.prefix = `catalog:${databaseName('catalog', config)}:`;
    this.ttlSeconds = config.CATALOG_CACHE_TTL_SECONDS;
    // Sent as EVALSHA, the script itself only when Redis does not know it yet.
    redis.defineCommand('catalogueLookup', { numberOfKeys: 2, lua: LOOKUP });
    this.lookup = (redis as unknown as { catalogueLookup: Lookup }).catalogueLookup.bind(redis);
  }

  onModuleInit(): void {
    // A callback, not an iterator: it runs as the message is read, before a search queued behind it.
    this.subscription = hear(
      this.nats,
      Subjects.catalog.changed,
      ({ version }) => {
        if (typeof version !== 'number' || !Number.isFinite(version)) throw new TypeError('no version');
        this.learn(version);
      },
      (subject) => {
        this.known = undefined; // something changed, or someone says so: ask Redis at the next search
        this.rejections?.record('notice', subject, 'it is not a catalogue change notice');
      },
    );
    void (async () => {
      // After a break an announcement may have been missed: ask Redis at the next search.
      for await (const status of this.nats.status()) if (status.type === 'reconnect') this.known = undefined;
    })().catch(() => undefined);
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  /** A version announced or read: the newest wins while it is trusted; after that, whatever is told. */
  private learn(version: number): void {
    const now = Date.now();
    if (!this.known || version > this.known.version || now - this.known.at > VERSION_TRUST_MS)
      this.known = { version, at: now };
  }

  private get versionKey(): string {
    return `${this.prefix}version`;
  }

  /**
   * The answer for `kind` and `request` from the cache of the current version, else from `load`
   * (told that version, when Redis could say it), as JSON: a cached answer is sent on as Redis holds
   * it, never parsed and written again.
   */
  async answer<T>(
    kind: string,
    request: object,
    load: (version?: number) => Promise<T | RawJson<T>>,
  ): Promise<RawJson<T>> {
    if (this.bumpOwed && (await this.bump()) === undefined) return json(await load());
    const rest = `${kind}:${JSON.stringify(request)}`;
    let version: string;
    try {
      let cached: string | undefined;
      [version, cached] = await this.lookup(this.versionKey, this.prefix, rest);
      if (cached !== undefined && cached !== null) return new RawJson<T>(cached);
    } catch (error) {
      this.logger.warn({ err: error }, 'catalogue cache unreadable; answering from the database');
      return json(await load());
    }
    const value = json(await load(Number(version)));
    this.redis
      .set(`${this.prefix}v${version}:${rest}`, value.bytes, 'EX', this.ttlSeconds)
      .catch(() => undefined);
    return value;
  }

  /**
   * The current catalogue version alone (for answers cheaper to work out than to keep), or undefined
   * when Redis cannot say or a bump is owed. Without a round trip to Redis when the version was
   * announced or read in the last VERSION_TRUST_MS: every change is announced to every instance
   * before the write answers (CatalogueChanges), so on one NATS server a read that follows a write
   * comes after its announcement.
   */
  async version(): Promise<number | undefined> {
    if (this.bumpOwed && (await this.bump()) === undefined) return undefined;
    const known = this.known;
    if (known && Date.now() - known.at <= VERSION_TRUST_MS) return known.version;
    try {
      this.reading ??= this.readVersion().finally(() => (this.reading = undefined));
      return await this.reading;
    } catch (error) {
      this.logger.warn({ err: error }, 'catalogue version unreadable');
      return undefined;
    }
  }

  private async readVersion(): Promise<number> {
    const version = Number((await this.redis.get(this.versionKey)) ?? 0);
    // Read, not announced: it replaces what was known, even an older number (Redis emptied).
    this.known = { version, at: Date.now() };
    return version;
  }

  /** Makes every cached answer stale; answers the new version, or undefined when Redis failed. */
  invalidate(): Promise<number | undefined> {
    this.bumpOwed = true;
    return this.bump();
  }

  private async bump(): Promise<number | undefined> {
    try {
      const version = await this.redis.incr(this.versionKey);
      this.bumpOwed = false;
      this.learn(version);
      return version;
    } catch (error) {
      this.logger.warn({ err: error }, 'catalogue version not bumped; the cache is bypassed until it is');
      return undefined;
    }
  }
}

/** `value` as JSON (kept as it is when it is JSON already); undefined, which JSON has no word for, as null. */
function json<T>(value: T | RawJson<T>): RawJson<T> {
  if (value instanceof RawJson) return value;
  const text: string | undefined = JSON.stringify(value);
  return new RawJson<T>(text ?? 'null');
}
