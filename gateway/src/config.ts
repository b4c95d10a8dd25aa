import { BaseConfig } from '@chitram/nest-kit';
import { IsBoolean, IsInt, IsString, Max, Min } from 'class-validator';

/** The gateway's settings, read and validated once at start-up. */
export class GatewayConfig extends BaseConfig {
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT = 3001;

  @IsString()
  HOST = '0.0.0.0';

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

  /** Trust X-Forwarded-For from the edge proxy in front of the gateway (for client IPs in rate limits). */
  @IsBoolean()
  TRUST_PROXY = true;

  crossCheck(): string[] {
    return this.isProduction && this.CORS_ORIGINS.split(',').includes('*')
      ? ['CORS_ORIGINS: "*" is refused in production; list the allowed origins']
      : [];
  }

  get corsOrigins(): string[] | true {
    const origins = this.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    return origins.includes('*') ? true : origins;
  }
}
