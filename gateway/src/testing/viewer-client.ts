/** What the gateway answered, read whole. */
export interface Answer {
  /** The route asked, e.g. `POST /api/user/send-otp`. */
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

/**
 * A viewer's calls to a gateway at `address`, as the web app makes them on a computer: each viewer
 * signs in from an address of its own (the per-address limits are not what these tests are about).
 */
export function viewerClient(address: () => string) {
  let nextPhone = 7_100_000_000 + Math.floor(Math.random() * 800_000_000);

  async function call(
    method: string,
    route: string,
    { token, cookie, body, headers = {} }: CallOptions = {},
  ): Promise<Answer> {
    const res = await fetch(`${address()}${route}`, {
      method,
      headers: {
        'user-agent': DESKTOP,
        'x-forwarded-for': `10.8.${nextPhone % 250}.7`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : typeof body === 'string' || Buffer.isBuffer(body)
            ? body
            : JSON.stringify(body),
    });
    return { url: `${method} ${route}`, status: res.status, headers: res.headers, text: await res.text() };
  }

  /** The JSON of a 2xx answer; anything else throws with its status (a step that must succeed). */
  async function ok<T>(method: string, route: string, options?: CallOptions): Promise<T> {
    const answer = await call(method, route, options);
    if (answer.status >= 300) throw new Error(`${method} ${route} answered ${answer.status}: ${answer.text}`);
    return JSON.parse(answer.text) as T;
  }

  /** A viewer signed in by OTP (the development provider's outbox), as the web app does. */
  async function signIn(phone = String(nextPhone++)): Promise<{ token: string; _id: string }> {
    await ok('POST', '/api/user/send-otp', { body: { phoneNumber: phone } });
    const outbox = await ok<{ codes: Array<{ otp: string }> }>(
      'GET',
      `/api/dev/otp-outbox?phone=%2B91${phone}`,
    );
    return ok('POST', '/api/user/verify-otp', {
      body: { phoneNumber: `+91${phone}`, otp: outbox.codes.at(-1)!.otp },
    });
  }

  /** An order for a plan, paid in the payments sandbox: what the checkout page then verifies. */
  async function payInSandbox(token: string, planKey: string): Promise<Record<string, unknown>> {
    const order = await ok<{ orderId: string }>('POST', '/api/checkout/create-order', {
      token,
      body: { planKey },
    });
    const paid = await ok<Record<string, unknown>>('POST', '/api/dev/payments-sandbox/pay', {
      token,
      body: { orderId: order.orderId },
    });
    return { ...paid, planKey };
  }

  return { call, ok, signIn, payInSandbox };
}
