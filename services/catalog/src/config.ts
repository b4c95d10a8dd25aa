import {
  DEFAULT_REDIS_KEY_PREFIX,
  DEFAULT_REDIS_URL,
  EventServiceConfig,
  IsRedisKeyPrefix,
  IsRedisUrl,
} from '@chitram/nest-kit';
import { IsInt, Max, Min } from 'class-validator';

/** The catalog service's settings, read and validated once at start-up. */
export class CatalogConfig extends EventServiceConfig {
  /** Redis holds cached public answers; when it is away, answers come from the database. */
  @IsRedisUrl()
  REDIS_URL = DEFAULT_REDIS_URL;

  @IsRedisKeyPrefix()
  REDIS_KEY_PREFIX = DEFAULT_REDIS_KEY_PREFIX;

  /**
   * How long a cached answer lives. A catalogue write makes every older answer unreachable at once
   * (a new catalogue version); this only bounds the memory old versions hold.
   */
  @IsInt()
  @Min(1)
  @Max(86_400)
  CATALOG_CACHE_TTL_SECONDS = 600;
}
