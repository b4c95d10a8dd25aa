import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient';
import { SmsSender } from './sms-sender';

export interface TwilioMessagingSettings {
  accountSid: string;
  authToken: string;
  /** A Messaging Service (MG…), else a sender number or id. */
  from: string;
  /** Development and tests: a local stand-in of Twilio's REST API instead of Twilio's. */
  baseUrl?: string;
}

const REST_API = 'https://api.twilio.com';

/** Twilio's own HTTP client, pointed at a stand-in for the REST API (Messages). */
class StandInRequestClient extends RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: 10_000 });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({
      ...opts,
      uri: opts.uri.replace(REST_API, this.baseUrl.replace(/\/$/, '')),
    });
  }
}

/** Production delivery through Twilio's Messages API, on the account that sends the sign-in codes. */
export class TwilioSmsSender extends SmsSender {
  readonly name = 'twilio';
  private readonly client: twilio.Twilio;

  constructor(private readonly settings: TwilioMessagingSettings) {
    super();
    this.client = twilio(settings.accountSid, settings.authToken, {
      httpClient: settings.baseUrl ? new StandInRequestClient(settings.baseUrl) : undefined,
      autoRetry: false,
      timeout: 10_000,
    });
  }

  async send(to: string, body: string): Promise<void> {
    const sender = this.settings.from.startsWith('MG')
      ? { messagingServiceSid: this.settings.from }
      : { from: this.settings.from };
    await this.client.messages.create({ to, body, ...sender });
  }
}
