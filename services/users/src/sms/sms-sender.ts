import type { SmsProviderName } from '../config';

/** Sends a text message to a viewer's number (D40): Twilio's Messages API, or the log in development. */
export abstract class SmsSender {
  abstract readonly name: SmsProviderName;

  /** Sends `body` to `to` (+91…); throws when it could not be handed over, so the caller tries again. */
  abstract send(to: string, body: string): Promise<void>;
}
