import { Module } from '@nestjs/common';
import { LOGGER, type Logger, REDIS, type Redis } from '@chitram/nest-kit';
import { AuthConfig } from '../config';
import { SessionsModule } from '../sessions/sessions.module';
import { OtpChallenges } from './otp-challenges';
import { OtpController } from './otp.controller';
import { OtpService } from './otp.service';
import { ConsoleOtpProvider } from './providers/console-otp.provider';
import { OtpProvider } from './providers/otp-provider';
import { TwilioOtpProvider } from './providers/twilio-otp.provider';
import { SendLimits } from './send-limits';

@Module({
  imports: [SessionsModule],
  controllers: [OtpController],
  providers: [
    {
      provide: OtpProvider,
      inject: [AuthConfig, REDIS, LOGGER],
      useFactory: (config: AuthConfig, redis: Redis, logger: Logger): OtpProvider => {
        switch (config.OTP_PROVIDER) {
          case 'console':
            return new ConsoleOtpProvider(redis, logger);
          case 'twilio':
            return new TwilioOtpProvider(
              {
                accountSid: config.TWILIO_ACCOUNT_SID,
                authToken: config.TWILIO_AUTH_TOKEN,
                serviceSid: config.TWILIO_VERIFY_SERVICE_SID,
                baseUrl: config.TWILIO_VERIFY_BASE_URL || undefined,
              },
              logger,
            );
        }
      },
    },
    OtpChallenges,
    SendLimits,
    OtpService,
  ],
})
export class OtpModule {}
