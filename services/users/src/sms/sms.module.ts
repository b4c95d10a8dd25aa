import { Module } from '@nestjs/common';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { UsersConfig } from '../config';
import { ConsoleSmsSender } from './console-sms.sender';
import { SmsSender } from './sms-sender';
import { TwilioSmsSender } from './twilio-sms.sender';

/** The SMS sender the configuration names (SMS_PROVIDER). */
@Module({
  providers: [
    {
      provide: SmsSender,
      inject: [UsersConfig, LOGGER],
      useFactory: (config: UsersConfig, logger: Logger): SmsSender => {
        switch (config.SMS_PROVIDER) {
          case 'console':
            return new ConsoleSmsSender(logger);
          case 'twilio':
            return new TwilioSmsSender({
              accountSid: config.TWILIO_ACCOUNT_SID,
              authToken: config.TWILIO_AUTH_TOKEN,
              from: config.TWILIO_SMS_FROM,
              baseUrl: config.TWILIO_API_BASE_URL || undefined,
            });
        }
      },
    },
  ],
  exports: [SmsSender],
})
export class SmsModule {}
