import { EventServiceConfig } from '@chitram/nest-kit';
import { IsIn, IsString, IsUrl } from 'class-validator';

export const SMS_PROVIDERS = ['console', 'twilio'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** The users service's settings, read and validated once at start-up. */
export class UsersConfig extends EventServiceConfig {
  // ---- Plan-end reminders by SMS (D40), through the Twilio account that sends the codes (D3) ----

  /** `console` writes reminders to the log (development); `twilio` sends them with Twilio's Messages API. */
  @IsIn(SMS_PROVIDERS)
  SMS_PROVIDER: SmsProviderName = 'console';

  @IsString()
  TWILIO_ACCOUNT_SID = '';

  @IsString()
  TWILIO_AUTH_TOKEN = '';

  /** The sender of reminders: a Messaging Service (MG…) or a Twilio number / sender id. */
  @IsString()
  TWILIO_SMS_FROM = '';

  /** Development and tests only: the address of a local stand-in of Twilio's REST API. Empty: Twilio's. */
  @IsString()
  TWILIO_API_BASE_URL = '';

  /** The site's public address: reminders link to its plans page. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_URL = 'http://localhost:3000';

  crossCheck(): string[] {
    const problems: string[] = [];
    if (this.SMS_PROVIDER === 'twilio')
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_SMS_FROM'] as const)
        if (!this[name]) problems.push(`${name}: is required when SMS_PROVIDER is twilio`);
    if (!this.isProduction) return problems;
    if (this.SMS_PROVIDER === 'console')
      problems.push(
        'SMS_PROVIDER: "console" is for development only; production sends reminders with twilio',
      );
    if (this.TWILIO_API_BASE_URL)
      problems.push('TWILIO_API_BASE_URL: is for development and tests only; production talks to Twilio');
    return problems;
  }
}
