import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a stand-in reads it: method, path, headers and the body as text. */
export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local stand-in of a provider's HTTP API (Twilio, Razorpay) that a real SDK talks to in tests: it
 * listens on a free local port, reads each request whole and answers what `answer` says.
 */
export abstract class HttpStandIn {
  /** Where it listens, once started. */
  baseUrl = '';
  private server?: Server;

  protected abstract answer(request: StandInRequest): { status: number; body: object };

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const { status, body: payload } = this.answer({
      method: req.method ?? 'GET',
      path: req.url ?? '',
      headers: req.headers,
      body,
    });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  }
}

/** A form-encoded body (Twilio's REST API) as its fields. */
export function formFields(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** Twilio's error answer (https://www.twilio.com/docs/api/errors): its status, code and message. */
export function twilioError(status: number, code: number, message: string): { status: number; body: object } {
  return {
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}

/** Whether a request carries HTTP Basic authentication with this user and password. */
export function basicAuthorised(request: StandInRequest, user: string, password: string): boolean {
  return request.headers.authorization === `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}
