import { Inject, Injectable } from '@nestjs/common';
import { databaseName, LOGGER, REDIS, type Logger, type Redis } from '@chitram/nest-kit';
import { CatalogConfig } from '../config';

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

  constructor(
    config: CatalogConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.prefix = `catalog:${databaseName('catalog', config)}:`;
    this.ttlSeconds = config.CATALOG_CACHE_TTL_SECONDS;
  }

  private get versionKey(): string {
    return `${this.prefix}version`;
  }

  /** The answer for `kind` and `request` from the cache of the current version, else from `load`. */
  async answer<T>(kind: string, request: object, load: () => Promise<T>): Promise<T> {
    if (this.bumpOwed && (await this.bump()) === undefined) return load();
    let key: string;
    try {
      const version = (await this.redis.get(this.versionKey)) ?? '0';
      key = `${this.prefix}v${version}:${kind}:${JSON.stringify(request)}`;
      const cached = await this.redis.get(key);
      if (cached !== null) return JSON.parse(cached) as T;
    } catch (error) {
      this.logger.warn({ err: error }, 'catalogue cache unreadable; answering from the database');
      return load();
    }
    const value = await load();
    this.redis.set(key, JSON.stringify(value), 'EX', this.ttlSeconds).catch(() => undefined);
    return value;
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
