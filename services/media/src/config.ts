import {
  DEFAULT_REDIS_KEY_PREFIX,
  DEFAULT_REDIS_URL,
  EventServiceConfig,
  internalTokenProblems,
  IsRedisKeyPrefix,
  IsRedisUrl,
} from '@chitram/nest-kit';
import { IsIn, IsInt, IsString, Matches, Max, Min } from 'class-validator';

const DEVELOPMENT_ACCESS_KEY = 'chitram';
const DEVELOPMENT_SECRET_KEY = 'chitram-secret';

/** The media service's settings, read and validated once at start-up. */
export class MediaConfig extends EventServiceConfig {
  /** The S3-compatible object storage (MinIO in production; s3rver or MinIO in development). */
  @Matches(/^https?:\/\/[^\s/]+(:\d+)?\/?$/, {
    message: 'S3_ENDPOINT must be an http(s)://host:port address without a path',
  })
  S3_ENDPOINT = 'http://127.0.0.1:9000';

  @IsString()
  @Matches(/^\S{3,}$/, { message: 'S3_ACCESS_KEY must be at least 3 characters without spaces' })
  S3_ACCESS_KEY = DEVELOPMENT_ACCESS_KEY;

  @IsString()
  @Matches(/^\S{8,}$/, { message: 'S3_SECRET_KEY must be at least 8 characters without spaces' })
  S3_SECRET_KEY = DEVELOPMENT_SECRET_KEY;

  @IsString()
  S3_REGION = 'us-east-1';

  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a valid bucket name' })
  S3_BUCKET = 'chitram-media';

  /**
   * Port of the service's internal HTTP server (uploads in, stored objects out); 0 picks a free one
   * (tests). Only the gateway calls it: it is not exposed to browsers.
   */
  @IsInt()
  @Min(0)
  @Max(65535)
  MEDIA_HTTP_PORT = 4104;

  @IsString()
  MEDIA_HTTP_HOST = '127.0.0.1';

  /** What a caller of the internal HTTP server must present (the gateway's MEDIA_INTERNAL_TOKEN). */
  @IsString()
  MEDIA_INTERNAL_TOKEN = '';

  /** Redis holds the screens viewers are watching on (D24), shared by every media instance. */
  @IsRedisUrl()
  REDIS_URL = DEFAULT_REDIS_URL;

  @IsRedisKeyPrefix()
  REDIS_KEY_PREFIX = DEFAULT_REDIS_KEY_PREFIX;

  /**
   * How long a transcoding worker may go without a sign of life before its job is given to another
   * worker (a worker reports every few seconds while it works).
   */
  @IsInt()
  @Min(5)
  @Max(3600)
  TRANSCODE_ACK_WAIT_SECONDS = 60;

  /**
   * D35: a transcode encrypts its segments (HLS AES-128) with a new key every this many segments of 6 s
   * (50: about five minutes of a film). Only paid grants get the keys; a free title is served clear.
   */
  @IsInt()
  @Min(1)
  @Max(100_000)
  HLS_KEY_ROTATION_SEGMENTS = 50;

  /**
   * Where video uploads are kept on local disk while they arrive (up to 20 GB each), until they are
   * moved into object storage; empty: a folder under the system's temporary one (per database).
   * Instances that share this folder (one ReadWriteMany volume) take any request of any upload, taking
   * turns on each through the database (uploads/upload-locks.ts); instances with folders of their own
   * need every request of an upload (its path) routed to the instance that created it.
   */
  @IsString()
  VIDEO_UPLOAD_DIR = '';

  /**
   * Whether the service process also transcodes (takes the jobs of the transcoding queue). `off` where
   * separate workers (dist/worker.js, which transcode whatever this says) take them: in Kubernetes,
   * where they scale on the queue's length.
   */
  @IsIn(['on', 'off'], { message: 'MEDIA_TRANSCODE must be on or off' })
  MEDIA_TRANSCODE: 'on' | 'off' = 'on';

  crossCheck(): string[] {
    const keys =
      this.isProduction &&
      (this.S3_ACCESS_KEY === DEVELOPMENT_ACCESS_KEY || this.S3_SECRET_KEY === DEVELOPMENT_SECRET_KEY)
        ? ['S3_ACCESS_KEY/S3_SECRET_KEY: the development key pair is refused in production']
        : [];
    return [
      ...keys,
      ...internalTokenProblems('MEDIA_INTERNAL_TOKEN', this.MEDIA_INTERNAL_TOKEN, this.isProduction),
    ];
  }
}
