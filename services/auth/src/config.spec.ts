import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from '@chitram/nest-kit';
import { AuthConfig, DEMO_ADMIN } from './config';

const privatePem = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

/** What a real production deployment sets. */
const production = {
  NODE_ENV: 'production',
  OTP_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_VERIFY_SERVICE_SID: 'VA0123',
  OTP_HASH_SECRET: 'x'.repeat(40),
  JWT_PRIVATE_KEY: privatePem,
  ADMIN_EMAIL: 'ops@chitram.in',
  ADMIN_PASSWORD: 'a real and long password',
};

function problems(env: Record<string, string>): string {
  try {
    loadConfig(AuthConfig, env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('auth configuration', () => {
  it('defaults to the limits of DECISIONS D4–D6 and the development conveniences', () => {
    const config = loadConfig(AuthConfig, {});
    expect({
      provider: config.OTP_PROVIDER,
      ttl: config.OTP_TTL_SECONDS,
      resend: config.OTP_RESEND_SECONDS,
      attempts: config.OTP_MAX_ATTEMPTS,
      perPhone: [config.OTP_RESEND_MAX_SECONDS, config.OTP_PHONE_WINDOW_SECONDS],
      perAddress: [config.OTP_IP_LIMIT, config.OTP_IP_WINDOW_SECONDS],
      access: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshDays: config.REFRESH_TOKEN_TTL_DAYS,
      adminFailures: [config.ADMIN_LOGIN_MAX_FAILURES, config.ADMIN_LOGIN_WINDOW_SECONDS],
      firstLock: config.ADMIN_LOCK_SECONDS,
      admin: [config.ADMIN_EMAIL, config.ADMIN_PASSWORD],
    }).toEqual({
      provider: 'console',
      ttl: 300,
      resend: 60,
      attempts: 5,
      perPhone: [600, 3600],
      perAddress: [20, 3600],
      access: 900,
      refreshDays: 30,
      adminFailures: [10, 900],
      firstLock: 900,
      admin: [DEMO_ADMIN.email, DEMO_ADMIN.password],
    });
  });

  it('asks admins for a second factor in production, not in development, unless told (D34)', () => {
    expect(loadConfig(AuthConfig, {}).secondFactorRequired).toBe(false);
    expect(loadConfig(AuthConfig, production).secondFactorRequired).toBe(true);
    expect(loadConfig(AuthConfig, { ADMIN_TOTP_REQUIRED: 'on' }).secondFactorRequired).toBe(true);
    expect(loadConfig(AuthConfig, { ...production, ADMIN_TOTP_REQUIRED: 'off' }).secondFactorRequired).toBe(
      false,
    );
    expect(problems({ ADMIN_TOTP_REQUIRED: 'maybe' })).toContain('ADMIN_TOTP_REQUIRED');
  });

  it('accepts a production configuration with real values', () => {
    expect(problems(production)).toBe('');
  });

  it('refuses the development conveniences in production, naming each', () => {
    const message = problems({ NODE_ENV: 'production' });
    for (const name of [
      'OTP_PROVIDER',
      'OTP_HASH_SECRET',
      'JWT_PRIVATE_KEY',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
    ])
      expect(message).toContain(name);
    expect(problems({ ...production, OTP_PROVIDER: 'console' })).toContain(
      'OTP_PROVIDER: "console" is for development only',
    );
    expect(problems({ ...production, ADMIN_PASSWORD: DEMO_ADMIN.password })).toContain(
      'refuses the demo password',
    );
    expect(problems({ ...production, ADMIN_PASSWORD: 'short' })).toContain('ADMIN_PASSWORD');
    expect(problems({ ...production, TWILIO_VERIFY_BASE_URL: 'http://127.0.0.1:9' })).toContain(
      'TWILIO_VERIFY_BASE_URL',
    );
  });

  it('needs the Twilio credentials with the twilio provider, and a readable Ed25519 key', () => {
    expect(problems({ OTP_PROVIDER: 'twilio' })).toMatch(
      /TWILIO_ACCOUNT_SID[\s\S]*TWILIO_AUTH_TOKEN[\s\S]*TWILIO_VERIFY_SERVICE_SID/,
    );
    expect(problems({ JWT_PRIVATE_KEY: 'not a key' })).toContain(
      'JWT_PRIVATE_KEY: is not a readable PKCS#8 PEM key',
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(problems({ JWT_PRIVATE_KEY: rsa.toString() })).toContain('must be an Ed25519 key');
    // One-line .env values write the PEM's line breaks as \n.
    expect(problems({ JWT_PRIVATE_KEY: privatePem.replace(/\n/g, '\\n') })).toBe('');
  });
});
