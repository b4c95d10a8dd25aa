import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TWILIO_MESSAGING = {
  accountSid: `AC${'0'.repeat(31)}1`,
  authToken: 'fake-twilio-auth-token',
  messagingServiceSid: `MG${'0'.repeat(31)}3`,
};

export interface ReceivedMessage {
  to: string;
  body: string;
  messagingServiceSid: string;
}

/**
 * A local stand-in of Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json) with its
 * documented answers: Basic authentication with the account SID and token (401/20003), `To` and a
 * sender required (400/21604, 21703), 201 with a queued message. The real `twilio` SDK talks to it.
 */
export class FakeTwilioMessages {
  readonly messages: ReceivedMessage[] = [];
  /** Answers 500 to the next request when set. */
  failNext = false;
  baseUrl = '';
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  to(phoneNumber: string): ReceivedMessage[] {
    return this.messages.filter((message) => message.to === phoneNumber);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const form = Object.fromEntries(new URLSearchParams(body));
    const { accountSid, authToken } = FAKE_TWILIO_MESSAGING;
    const send = (status: number, payload: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, code: number, message: string) =>
      send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

    if (req.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`)
      return error(401, 20003, 'Authenticate');
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return error(404, 20404, `The requested resource ${req.url} was not found`);
    if (this.failNext) {
      this.failNext = false;
      return error(500, 20500, 'Internal Server Error');
    }
    if (!form.To) return error(400, 21604, "A 'To' phone number is required.");
    if (!form.MessagingServiceSid && !form.From) return error(400, 21703, 'A sender is required.');
    this.messages.push({ to: form.To, body: form.Body ?? '', messagingServiceSid: form.MessagingServiceSid });
    return send(201, {
      sid: `SM${String(this.messages.length).padStart(32, '0')}`,
      account_sid: accountSid,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      to: form.To,
      body: form.Body,
      status: 'queued',
      num_segments: '1',
    });
  }
}
