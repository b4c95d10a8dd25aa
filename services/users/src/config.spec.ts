import { loadConfig } from '@chitram/nest-kit';
import { UsersConfig } from './config';

describe('users configuration: plan-end reminders by SMS (DECISIONS D40)', () => {
  it('writes reminders to the log in development, linking to the local site', () => {
    const config = loadConfig(UsersConfig, {});
    expect(config.SMS_PROVIDER).toBe('console');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('needs the Twilio account and a sender to send with Twilio, naming each', () => {
    expect(() => loadConfig(UsersConfig, { SMS_PROVIDER: 'twilio' })).toThrow(
      /TWILIO_ACCOUNT_SID[\s\S]*TWILIO_AUTH_TOKEN[\s\S]*TWILIO_SMS_FROM/,
    );
  });

  it('refuses the console sender and a stand-in API in production', () => {
    expect(() => loadConfig(UsersConfig, { NODE_ENV: 'production' })).toThrow(/SMS_PROVIDER/);
    expect(() =>
      loadConfig(UsersConfig, {
        NODE_ENV: 'production',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_SMS_FROM: 'MG1',
        TWILIO_API_BASE_URL: 'http://127.0.0.1:9999',
      }),
    ).toThrow(/TWILIO_API_BASE_URL/);
  });

  it('refuses a public address that is not a web address', () => {
    expect(() => loadConfig(UsersConfig, { PUBLIC_URL: 'chitram.in' })).toThrow(/PUBLIC_URL/);
  });
});
