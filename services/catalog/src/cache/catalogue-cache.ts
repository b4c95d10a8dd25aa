import { Inject, Injectable } from '@nestjs/common';
import { databaseName, LOGGER, RawJson, REDIS, type Logger, type Redis } from '@chitram/nest-kit';
import { CatalogConfig } from '../config';

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
export class CatalogueCache {
  /** Named after the service's database too, so test and benchmark databases never share answers. */
  private readonly prefix: string;
  private readonly ttlSeconds: number;
  /** A write whose version bump failed: until a bump succeeds, nothing is read from the cache. */
  private bumpOwed = false;
  private readonly lookup: Lookup;

  constructor(
    config: CatalogConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.prefix = `catalog:${databaseName('catalog', config)}:`;
    this.ttlSeconds = config.CATALOG_CACHE_TTL_SECONDS;
    // Sent as EVALSHA, the script itself only when Redis does not know it yet.
    redis.defineCommand('catalogueLookup', { numberOfKeys: 2, lua: LOOKUP });
    this.lookup = (redis as unknown as { catalogueLookup: Lookup }).catalogueLookup.bind(redis);
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
      .set(`${this.prefix}v${version}:${rest}`, value.text, 'EX', this.ttlSeconds)
      .catch(() => undefined);
    return value;
  }

  /**
   * The current catalogue version alone (for answers cheaper to work out than to keep), or undefined
   * when Redis cannot say or a bump is owed.
   */
  async version(): Promise<number | undefined> {
    if (this.bumpOwed && (await this.bump()) === undefined) return undefined;
    try {
      return Number((await this.redis.get(this.versionKey)) ?? 0);
    } catch (error) {
      this.logger.warn({ err: error }, 'catalogue version unreadable');
      return undefined;
    }
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
