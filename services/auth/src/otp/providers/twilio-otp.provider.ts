import { DomainError, ErrorCode, SignInMessages } from '@chitram/contracts';
import type { Logger } from '@chitram/nest-kit';
import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient';
import RestException from 'twilio/lib/base/RestException';
import type { ServiceContext } from 'twilio/lib/rest/verify/v2/service';
import { OtpProvider, type ProviderCheck } from './otp-provider';

export interface TwilioVerifySettings {
  accountSid: string;
  authToken: string;
  /** The Verify service (VA…). */
  serviceSid: string;
  /** Development and tests: a local stand-in of the Verify API instead of Twilio's. */
  baseUrl?: string;
}

const VERIFY_API = 'https://verify.twilio.com';

/** Twilio's own HTTP client, pointed at another address for the Verify API. */
class RedirectedRequestClient extends RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: 10_000 });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({
      ...opts,
      uri: opts.uri.replace(VERIFY_API, this.baseUrl.replace(/\/$/, '')),
    });
  }
}

/** Twilio's error codes that mean something to a person (https://www.twilio.com/docs/api/errors). */
const TwilioError = {
  notFound: 20404,
  tooManyRequests: 20429,
  invalidParameter: 60200,
  maxCheckAttempts: 60202,
  maxSendAttempts: 60203,
  landline: 60205,
} as const;
/** Twilio Verify refuses a sixth send to a number for ten minutes. */
const TWILIO_SEND_BLOCK_SECONDS = 600;

interface TwilioFailure {
  status?: number;
  code?: number;
  message?: string;
}

/** Twilio's RestException carries status and code; anything else (a network error) carries neither. */
function failureOf(error: unknown): TwilioFailure {
  return error instanceof RestException ? error : {};
}

/**
 * Production delivery through Twilio Verify v2: Twilio makes the code, sends the SMS and checks the
 * guess, so the code never passes through Chitram. Its answers become our error codes.
 */
export class TwilioOtpProvider extends OtpProvider {
  readonly name = 'twilio';
  readonly keepsCodes = true;
  private readonly service: ServiceContext;

  constructor(
    settings: TwilioVerifySettings,
    private readonly logger: Logger,
  ) {
    super();
    const client = twilio(settings.accountSid, settings.authToken, {
      httpClient: settings.baseUrl ? new RedirectedRequestClient(settings.baseUrl) : undefined,
      autoRetry: false,
      timeout: 10_000,
    });
    this.service = client.verify.v2.services(settings.serviceSid);
  }

  async send(phoneNumber: string): Promise<void> {
    try {
      await this.service.verifications.create({ to: phoneNumber, channel: 'sms' });
    } catch (error) {
      const { status, code, message } = failureOf(error);
      if (code === TwilioError.invalidParameter || code === TwilioError.landline)
        throw new DomainError(ErrorCode.INVALID_PHONE_NUMBER, SignInMessages.invalidPhoneNumber);
      if (code === TwilioError.maxSendAttempts || code === TwilioError.tooManyRequests || status === 429)
        throw DomainError.retryLater(
          ErrorCode.RATE_LIMITED,
          SignInMessages.tooManyRequests,
          TWILIO_SEND_BLOCK_SECONDS,
        );
      this.logger.error({ status, code, twilioMessage: message }, 'Twilio Verify could not send a code');
      throw new DomainError(ErrorCode.SERVICE_UNAVAILABLE, SignInMessages.sendFailed);
    }
  }

  async check(phoneNumber: string, code: string): Promise<ProviderCheck> {
    try {
      const check = await this.service.verificationChecks.create({ to: phoneNumber, code });
      return check.status === 'approved' ? 'approved' : 'wrong';
    } catch (error) {
      const failure = failureOf(error);
      // No pending verification: it expired, was approved already, or never existed.
      if (failure.status === 404 || failure.code === TwilioError.notFound) return 'expired';
      if (failure.code === TwilioError.maxCheckAttempts || failure.status === 429) return 'exhausted';
      this.logger.error(
        { status: failure.status, code: failure.code, twilioMessage: failure.message },
        'Twilio Verify could not check a code',
      );
      throw new DomainError(
        ErrorCode.SERVICE_UNAVAILABLE,
        'The code could not be checked. Please try again.',
      );
    }
  }
}
