import type { Logger } from '@chitram/nest-kit';
import { SmsSender } from './sms-sender';

/** Development delivery: the message goes to the log, as the console OTP provider's codes do (D3). */
export class ConsoleSmsSender extends SmsSender {
  readonly name = 'console';

  constructor(private readonly logger: Logger) {
    super();
  }

  send(to: string, body: string): Promise<void> {
    this.logger.info({ to, sms: body }, `SMS to ${to}: ${body} (console SMS, development only)`);
    return Promise.resolve();
  }
}
