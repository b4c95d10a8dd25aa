import {
  DEFAULT_DEV_KEY_FILE,
  DEFAULT_JWT_AUDIENCE,
  DEFAULT_JWT_ISSUER,
  DEFAULT_REDIS_KEY_PREFIX,
  DEFAULT_REDIS_URL,
  ed25519KeyProblem,
  EventServiceConfig,
  IsRedisKeyPrefix,
  IsRedisUrl,
} from '@chitram/nest-kit';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';

/** The demo admin of development (DECISIONS D6); `npm start` prints it. Production refuses it. */
export const DEMO_ADMIN = { email: 'admin@chitram.in', password: 'chitram-admin' } as const;
/** Shortest admin password accepted in production and by the create-admin command. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;
const DEV_OTP_HASH_SECRET = 'development-only-otp-hash-secret';

export const OTP_PROVIDERS = ['console', 'twilio'] as const;
export type OtpProviderName = (typeof OTP_PROVIDERS)[number];

/** The auth service's settings, read and validated once at start-up. Limits follow DECISIONS D4–D6. */
export class AuthConfig extends EventServiceConfig {
  @IsRedisUrl()
  REDIS_URL = DEFAULT_REDIS_URL;

  @IsRedisKeyPrefix()
  REDIS_KEY_PREFIX = DEFAULT_REDIS_KEY_PREFIX;

  // ---- Phone codes (D3, D4) ----

  /** `console` logs codes and keeps them for the development outbox; `twilio` sends them with Twilio Verify. */
  @IsIn(OTP_PROVIDERS)
  OTP_PROVIDER: OtpProviderName = 'console';

  /** Key of the HMAC under which codes are kept, so a copy of Redis does not give the codes away. */
  @IsString()
  OTP_HASH_SECRET = DEV_OTP_HASH_SECRET;

  @IsInt()
  @Min(1)
  @Max(3600)
  OTP_TTL_SECONDS = 300;

  /** The wait before a number's second code; each further send within OTP_PHONE_WINDOW_SECONDS doubles it. */
  @IsInt()
  @Min(0)
  @Max(3600)
  OTP_RESEND_SECONDS = 60;

  /** The longest a number waits for its next code, however many were sent (a stranger cannot close it). */
  @IsInt()
  @Min(0)
  @Max(86_400)
  OTP_RESEND_MAX_SECONDS = 600;

  /** Wrong guesses a code survives; the next attempt fails even with the right code. */
  @IsInt()
  @Min(1)
  @Max(20)
  OTP_MAX_ATTEMPTS = 5;

  /** How long a number's sends count towards its growing wait. */
  @IsInt()
  @Min(1)
  @Max(86_400)
  OTP_PHONE_WINDOW_SECONDS = 3600;

  @IsInt()
  @Min(1)
  @Max(100_000)
  OTP_IP_LIMIT = 20;

  @IsInt()
  @Min(1)
  @Max(86_400)
  OTP_IP_WINDOW_SECONDS = 3600;

  @IsString()
  TWILIO_ACCOUNT_SID = '';

  @IsString()
  TWILIO_AUTH_TOKEN = '';

  /** The Verify service (VA…) whose codes we send. */
  @IsString()
  TWILIO_VERIFY_SERVICE_SID = '';

  /** Development and tests only: the address of a local stand-in of the Verify API. Empty: Twilio's. */
  @IsString()
  TWILIO_VERIFY_BASE_URL = '';

  // ---- Tokens (D5) ----

  /** Ed25519 private key, PKCS#8 PEM (`\n` escapes allowed). Empty: a development key in JWT_DEV_KEY_FILE. */
  @IsString()
  JWT_PRIVATE_KEY = '';

  @IsString()
  JWT_DEV_KEY_FILE = DEFAULT_DEV_KEY_FILE;

  @IsString()
  @MaxLength(200)
  JWT_ISSUER = DEFAULT_JWT_ISSUER;

  @IsString()
  @MaxLength(200)
  JWT_AUDIENCE = DEFAULT_JWT_AUDIENCE;

  @IsInt()
  @Min(5)
  @Max(3600)
  ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

  @IsInt()
  @Min(1)
  @Max(365)
  REFRESH_TOKEN_TTL_DAYS = 30;

  // ---- Admins (D6) ----

  /** The first admin, created at first start when there is none. */
  @IsString()
  ADMIN_EMAIL: string = DEMO_ADMIN.email;

  @IsString()
  ADMIN_PASSWORD: string = DEMO_ADMIN.password;

  /**
   * Failed sign-ins to one e-mail from one client address before that address is locked out of it; and
   * failures to one e-mail from all addresses together before its answers are slowed (issue 20).
   */
  @IsInt()
  @Min(1)
  @Max(1000)
  ADMIN_LOGIN_MAX_FAILURES = 10;

  @IsInt()
  @Min(1)
  @Max(86_400)
  ADMIN_LOGIN_WINDOW_SECONDS = 15 * 60;

  /** The first lock's length (of one e-mail for one address); each further lock in a row doubles it, up to ADMIN_LOCK_MAX_SECONDS. */
  @IsInt()
  @Min(1)
  @Max(86_400)
  ADMIN_LOCK_SECONDS = 15 * 60;

  @IsInt()
  @Min(1)
  @Max(7 * 86_400)
  ADMIN_LOCK_MAX_SECONDS = 24 * 3600;

  /** The first wait before an answer for an e-mail with too many failures from all addresses; it doubles with each further one. */
  @IsInt()
  @Min(0)
  @Max(4000)
  ADMIN_LOGIN_DELAY_MS = 500;

  /** The longest such wait: below the gateway's RPC_TIMEOUT_MS (5 s), so the admin's answer still arrives. */
  @IsInt()
  @Min(0)
  @Max(4000)
  ADMIN_LOGIN_DELAY_MAX_MS = 3000;

  /** Failed admin logins one client address (IPv6: per /64) may make per window, whatever e-mails they name. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  ADMIN_LOGIN_ADDRESS_LIMIT = 20;

  @IsInt()
  @Min(1)
  @Max(86_400)
  ADMIN_LOGIN_ADDRESS_WINDOW_SECONDS = 15 * 60;

  /**
   * Whether admins must sign in with a second factor (TOTP) too (issue 20): `auto` requires it in
   * production and not in development (the demo admin and the e2e suite's admin have none); `on`, `off`.
   */
  @IsIn(['auto', 'on', 'off'])
  ADMIN_TOTP_REQUIRED: 'auto' | 'on' | 'off' = 'auto';

  /** How long an invitation link works (it works once). */
  @IsInt()
  @Min(1)
  @Max(30 * 24)
  ADMIN_INVITATION_TTL_HOURS = 72;

  get secondFactorRequired(): boolean {
    return this.ADMIN_TOTP_REQUIRED === 'on' || (this.ADMIN_TOTP_REQUIRED === 'auto' && this.isProduction);
  }

  // ---- The audit trail (issue 9) ----

  /** Days an audit entry is kept; older ones are deleted by a sweep each instance runs (hourly). */
  @IsInt()
  @Min(1)
  @Max(36_500)
  AUDIT_RETENTION_DAYS = 365;

  crossCheck(): string[] {
    const problems: string[] = [];
    if (this.JWT_PRIVATE_KEY) {
      const problem = ed25519KeyProblem('JWT_PRIVATE_KEY', this.JWT_PRIVATE_KEY, 'private');
      if (problem) problems.push(problem);
    }
    if (this.OTP_PROVIDER === 'twilio') {
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID'] as const)
        if (!this[name]) problems.push(`${name}: is required when OTP_PROVIDER is twilio`);
    }
    if (this.ADMIN_EMAIL && !this.ADMIN_PASSWORD)
      problems.push('ADMIN_PASSWORD: is required with ADMIN_EMAIL');
    if (!this.isProduction) return problems;

    if (this.TWILIO_VERIFY_BASE_URL)
      problems.push('TWILIO_VERIFY_BASE_URL: is for development and tests only; production talks to Twilio');
    if (this.OTP_PROVIDER === 'console')
      problems.push('OTP_PROVIDER: "console" is for development only; production sends codes with twilio');
    if (this.OTP_HASH_SECRET === DEV_OTP_HASH_SECRET || this.OTP_HASH_SECRET.length < 32)
      problems.push('OTP_HASH_SECRET: production needs a secret of its own, at least 32 characters');
    if (!this.JWT_PRIVATE_KEY)
      problems.push('JWT_PRIVATE_KEY: production needs a configured Ed25519 key (no development key)');
    if (!this.ADMIN_EMAIL || this.ADMIN_EMAIL === DEMO_ADMIN.email)
      problems.push("ADMIN_EMAIL: production needs the first admin's real e-mail address, not the demo one");
    if (this.ADMIN_PASSWORD === DEMO_ADMIN.password || this.ADMIN_PASSWORD.length < MIN_ADMIN_PASSWORD_LENGTH)
      problems.push(
        `ADMIN_PASSWORD: production refuses the demo password; use at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`,
      );
    return problems;
  }
}
