import {
  type DynamicModule,
  Global,
  Inject,
  Module,
  type OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { Matches } from 'class-validator';
import Redis from 'ioredis';
import { HealthRegistry } from './health';
import { CONFIG } from './tokens';

export const REDIS = Symbol('REDIS');
export type { Redis };

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** Every key an app writes starts with this, so tests (and several platforms) can share one Redis. */
export const DEFAULT_REDIS_KEY_PREFIX = 'chitram:';

/** Validation of REDIS_URL for a config class that declares it. */
export const IsRedisUrl = () =>
  Matches(/^rediss?:\/\/[^\s]+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' });
/** Validation of REDIS_KEY_PREFIX: short, printable, ending in `:`. */
export const IsRedisKeyPrefix = () =>
  Matches(/^[A-Za-z0-9_.-]{1,40}:$/, {
    message: 'REDIS_KEY_PREFIX must be up to 40 letters, digits, _ . - followed by ":"',
  });

/** What an app's config declares to use Redis. */
export interface RedisSettings {
  REDIS_URL: string;
  REDIS_KEY_PREFIX: string;
}

/**
 * One client per app. Commands fail after a short wait when Redis is away instead of queueing for
 * ever, so a request that needs Redis answers SERVICE_UNAVAILABLE rather than hanging.
 */
export function createRedis(settings: RedisSettings, name: string): Redis {
  return new Redis(settings.REDIS_URL, {
    keyPrefix: settings.REDIS_KEY_PREFIX,
    connectionName: name,
    maxRetriesPerRequest: 2,
    connectTimeout: 3000,
    commandTimeout: 3000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    // The commands of all the requests handled in one turn of the event loop leave in one write
    // (one system call, not one per command: on loopback each also does Redis's side of the work).
    enableAutoPipelining: true,
  });
}

@Global()
@Module({})
export class RedisModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Optional() @Inject(HealthRegistry) health?: HealthRegistry,
  ) {
    health?.register('redis', async () => {
      await redis.ping();
    });
  }

  /** The client for the settings given; `name` shows in Redis's CLIENT LIST. */
  static forRoot(settings: RedisSettings, name: string): DynamicModule {
    return {
      module: RedisModule,
      providers: [{ provide: REDIS, useFactory: () => createRedis(settings, name) }],
      exports: [REDIS],
    };
  }

  /** The client for a service whose config (the kit's CONFIG) declares REDIS_URL and REDIS_KEY_PREFIX. */
  static fromServiceConfig(name: string): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        {
          provide: REDIS,
          inject: [CONFIG],
          useFactory: (config: RedisSettings) => createRedis(config, name),
        },
      ],
      exports: [REDIS],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
