import type { OtpOutbox } from '@chitram/contracts';
import type { Logger, Redis } from '@chitram/nest-kit';
import { OtpProvider, type ProviderCheck } from './otp-provider';

const outboxKey = (phone: string) => `auth:otp:dev-outbox:${phone}`;
/** The outbox keeps a number's last few codes for a day: enough to sign in during development. */
const OUTBOX_LENGTH = 20;
const OUTBOX_SECONDS = 24 * 3600;

/**
 * Development delivery: the code goes to the log and to an outbox in Redis that
 * `GET /api/dev/otp-outbox` reads. Configuration refuses it in production.
 */
export class ConsoleOtpProvider extends OtpProvider {
  readonly name = 'console';
  readonly keepsCodes = false;

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
  ) {
    super();
  }

  async send(phoneNumber: string, code: string | undefined): Promise<void> {
    if (!code) throw new Error('the console provider delivers codes made by the auth service');
    const entry: OtpOutbox['codes'][number] = { otp: code, sentAt: new Date().toISOString() };
    await this.redis
      .multi()
      .rpush(outboxKey(phoneNumber), JSON.stringify(entry))
      .ltrim(outboxKey(phoneNumber), -OUTBOX_LENGTH, -1)
      .expire(outboxKey(phoneNumber), OUTBOX_SECONDS)
      .exec();
    this.logger.info(
      { phoneNumber, otp: code },
      `OTP for ${phoneNumber}: ${code} (console provider, development only)`,
    );
  }

  check(): Promise<ProviderCheck> {
    return Promise.reject(new Error('console codes are checked by the auth service'));
  }

  /** The codes sent to a number, newest last. */
  async outbox(phoneNumber: string): Promise<OtpOutbox> {
    const entries = await this.redis.lrange(outboxKey(phoneNumber), 0, -1);
    return { phoneNumber, codes: entries.map((e) => JSON.parse(e) as OtpOutbox['codes'][number]) };
  }
}
