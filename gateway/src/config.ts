import {
  BaseConfig,
  DEFAULT_DEV_KEY_FILE,
  DEFAULT_JWT_AUDIENCE,
  DEFAULT_JWT_ISSUER,
  DEFAULT_REDIS_KEY_PREFIX,
  DEFAULT_REDIS_URL,
  ed25519KeyProblem,
  internalToken,
  internalTokenProblems,
  IsRedisKeyPrefix,
  IsRedisUrl,
} from '@chitram/nest-kit';
import { EVENT_SUBJECT_ROOT } from '@chitram/contracts';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { trustedProxyList, trustedProxyProblems } from './http/client-address';

/** The gateway's settings, read and validated once at start-up. */
export class GatewayConfig extends BaseConfig {
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT = 3001;

  @IsString()
  HOST = '0.0.0.0';

  /**
   * Internal port of the gateway's Prometheus metrics (`/metrics`) and liveness (`/health/live`),
   * kept off the public one; 0 turns it off (tests).
   */
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT = 0;

  /** Comma-separated origins allowed to call the API from a browser; `*` allows any (development only). */
  @IsString()
  CORS_ORIGINS = 'http://localhost:3000';

  /** Largest JSON body accepted; uploads go to the media service, not through this limit. */
  @IsInt()
  @Min(1024)
  @Max(50 * 1024 * 1024)
  BODY_LIMIT_BYTES = 1024 * 1024;

  /** How long `GET /api/health` waits for each service; a silent service shows as down after this. */
  @IsInt()
  @Min(100)
  @Max(5000)
  HEALTH_TIMEOUT_MS = 1500;

  /**
   * After SIGTERM, how long the gateway keeps answering while `GET /api/health/ready` says 503, so the
   * load balancer stops sending it requests before it closes (Kubernetes: a few readiness periods).
   */
  @IsInt()
  @Min(0)
  @Max(60_000)
  SHUTDOWN_DRAIN_MS = 0;

  /** The media service's internal HTTP address: uploads are streamed to it, stored images read from it. */
  @Matches(/^https?:\/\/[^\s/]+\/?$/, {
    message: 'MEDIA_URL must be an http(s)://host:port address without a path',
  })
  MEDIA_URL = 'http://127.0.0.1:4104';

  /**
   * The token the gateway presents to media's internal HTTP server (media's own MEDIA_INTERNAL_TOKEN).
   * Empty outside production: the development token both find in DEV_MEDIA_TOKEN_FILE.
   */
  @IsString()
  MEDIA_INTERNAL_TOKEN = '';

  /**
   * The proxies in front of the gateway (the shell's server) whose X-Forwarded-For is believed:
   * addresses, CIDR ranges, or loopback / linklocal / uniquelocal; empty (the default) believes none.
   * The client address the rate limits count is the nearest one no trusted proxy vouches for, so a
   * request sent straight to the gateway cannot choose its own address by sending the header. Not
   * `loopback` for development: every process on the machine would be believed; `npm start` names
   * the one address the shell's server calls from (its API_SOURCE_ADDRESS, scripts/lib/layout.mjs).
   */
  @IsString()
  TRUSTED_PROXIES = '';

  // ---- Public catalogue answers (src/catalog) ----

  /** Memory for whole catalogue answers kept by the gateway; 0 keeps none. */
  @IsInt()
  @Min(0)
  @Max(4096)
  CATALOG_ANSWER_CACHE_MB = 64;

  /** The longest a kept answer is used, even if a change announcement were missed. */
  @IsInt()
  @Min(1)
  @Max(3600)
  CATALOG_ANSWER_TTL_SECONDS = 60;

  /**
   * max-age for browsers and CDNs. 0 (the default) makes them revalidate every time, a 304 when
   * nothing changed, so an admin's edit shows at once.
   */
  @IsInt()
  @Min(0)
  @Max(86_400)
  CATALOG_BROWSER_MAX_AGE_SECONDS = 0;

  // ---- Search (src/catalog/search-rate-limit.ts) ----

  /** Searches one client address may make per window; generous for a person typing, not for a scraper. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  SEARCH_RATE_LIMIT = 60;

  @IsInt()
  @Min(1)
  @Max(3600)
  SEARCH_RATE_WINDOW_SECONDS = 10;

  // ---- Sessions (DECISIONS D5): access tokens checked here, revocations read from Redis ----

  /** The auth service's Ed25519 public key, SPKI PEM (`\n` escapes allowed). Empty: the development key. */
  @IsString()
  JWT_PUBLIC_KEY = '';

  /** The development key file shared with the auth service (development and tests only). */
  @IsString()
  JWT_DEV_KEY_FILE = DEFAULT_DEV_KEY_FILE;

  @IsString()
  JWT_ISSUER = DEFAULT_JWT_ISSUER;

  @IsString()
  JWT_AUDIENCE = DEFAULT_JWT_AUDIENCE;

  @IsRedisUrl()
  REDIS_URL = DEFAULT_REDIS_URL;

  /** Must equal the auth service's: the revocation list lives under it. */
  @IsRedisKeyPrefix()
  REDIS_KEY_PREFIX = DEFAULT_REDIS_KEY_PREFIX;

  /**
   * The services' EVENTS_SUBJECT_ROOT: the gateway hears the plan and account events that end what its
   * stream grants keep of a viewer (playback/entitlements.ts).
   */
  @Matches(/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/, {
    message: 'EVENTS_SUBJECT_ROOT must be dot-separated lower-case tokens',
  })
  EVENTS_SUBJECT_ROOT = EVENT_SUBJECT_ROOT;

  private sessionProblems(): string[] {
    if (this.JWT_PUBLIC_KEY) {
      const problem = ed25519KeyProblem('JWT_PUBLIC_KEY', this.JWT_PUBLIC_KEY, 'public');
      return problem ? [problem] : [];
    }
    return this.isProduction
      ? ["JWT_PUBLIC_KEY: production needs the auth service's configured public key (no development key)"]
      : [];
  }

  crossCheck(): string[] {
    // The list as it is used: `https://chitram.in, *` holds a `*` once trimmed.
    const cors =
      this.isProduction && this.corsOrigins === true
        ? ['CORS_ORIGINS: "*" is refused in production; list the allowed origins']
        : [];
    return [
      ...cors,
      ...trustedProxyProblems(this.TRUSTED_PROXIES),
      ...internalTokenProblems('MEDIA_INTERNAL_TOKEN', this.MEDIA_INTERNAL_TOKEN, this.isProduction),
      ...this.sessionProblems(),
    ];
  }

  /** What the gateway sends media in MEDIA_TOKEN_HEADER. */
  get mediaToken(): string {
    return internalToken(this.MEDIA_INTERNAL_TOKEN);
  }

  /** TRUSTED_PROXIES as Fastify's trustProxy takes it; false when none is trusted. */
  get trustProxy(): string[] | false {
    const proxies = trustedProxyList(this.TRUSTED_PROXIES);
    return proxies.length ? proxies : false;
  }

  get corsOrigins(): string[] | true {
    const origins = this.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    return origins.includes('*') ? true : origins;
  }
}
