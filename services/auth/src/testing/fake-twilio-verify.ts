import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TWILIO = {
  accountSid: `AC${'0'.repeat(31)}1`,
  authToken: 'fake-twilio-auth-token',
  serviceSid: `VA${'0'.repeat(31)}2`,
};

interface Pending {
  code: string;
  checks: number;
}

/** Numbers the fake treats as Twilio does a landline or a malformed number (60200). */
export const UNREACHABLE_NUMBER = '+916000000000';

/**
 * A local stand-in of Twilio's Verify v2 API with its documented behaviour: 5 sends per number per
 * 10 minutes (then 429/60203), 5 checks per verification (then 429/60202), 404/20404 for a check
 * without a pending verification, Basic authentication with the account SID and auth token.
 * The real `twilio` SDK talks to it over HTTP.
 */
export class FakeTwilioVerify {
  readonly pending = new Map<string, Pending>();
  readonly sends = new Map<string, number>();
  readonly requests: Array<{ path: string; form: Record<string, string>; authorised: boolean }> = [];
  /** Answers 500 to the next request when set. */
  failNext = false;
  /** Where it listens, once started. */
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

  codeFor(phoneNumber: string): string | undefined {
    return this.pending.get(phoneNumber)?.code;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const form = Object.fromEntries(new URLSearchParams(body));
    const expectedAuth = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;
    const authorised = req.headers.authorization === expectedAuth;
    const path = req.url ?? '';
    this.requests.push({ path, form, authorised });
    const send = (status: number, payload: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, code: number, message: string) =>
      send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

    if (!authorised) return error(401, 20003, 'Authenticate');
    if (this.failNext) {
      this.failNext = false;
      return error(500, 20500, 'Internal Server Error');
    }
    const base = `/v2/Services/${FAKE_TWILIO.serviceSid}`;
    const to = form.To;
    if (req.method === 'POST' && path === `${base}/Verifications`) {
      if (to === UNREACHABLE_NUMBER || !/^\+\d{8,15}$/.test(to ?? ''))
        return error(400, 60200, 'Invalid parameter `To`');
      const sent = (this.sends.get(to) ?? 0) + 1;
      if (sent > 5) return error(429, 60203, 'Max send attempts reached');
      this.sends.set(to, sent);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      this.pending.set(to, { code, checks: 0 });
      return send(201, {
        sid: `VE${'0'.repeat(32)}`,
        service_sid: FAKE_TWILIO.serviceSid,
        account_sid: FAKE_TWILIO.accountSid,
        to,
        channel: form.Channel,
        status: 'pending',
        valid: false,
      });
    }
    if (req.method === 'POST' && path === `${base}/VerificationCheck`) {
      const pending = this.pending.get(to);
      if (!pending)
        return error(404, 20404, `The requested resource ${base}/VerificationCheck was not found`);
      if (pending.checks >= 5) return error(429, 60202, 'Max check attempts reached');
      pending.checks++;
      const approved = form.Code === pending.code;
      if (approved) this.pending.delete(to);
      return send(200, {
        sid: `VE${'0'.repeat(32)}`,
        service_sid: FAKE_TWILIO.serviceSid,
        to,
        channel: 'sms',
        status: approved ? 'approved' : 'pending',
        valid: approved,
      });
    }
    return error(404, 20404, `The requested resource ${path} was not found`);
  }
}
