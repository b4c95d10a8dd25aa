import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN } from './admin';
import { BASE_URL } from './browser';

// Sessions for the layout, language and accessibility specs (issue 11): made through the API as the
// web app would make them, then stored where it keeps them (DECISIONS D2: local-storage keys `user`
// and `admin`). Each caller has its own client address, so the per-address limits (D4) stay apart.

export const freshPhone = () => `${randomInt(6, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
export const freshClientIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

async function post(path: string, body: unknown, clientIp: string, token?: string): Promise<Response> {
  return fetch(`${BASE_URL}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': clientIp,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Throws unless the answer is 200: these helpers also run in the suite's global set-up, where `expect` is not. */
async function expectOk(res: Promise<Response>, what: string): Promise<Response> {
  const answer = await res;
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${await answer.text()}`);
  return answer;
}

/** The newest code the development outbox (D29) holds for a number, once one has arrived. */
export async function latestCode(phone: string, clientIp: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${BASE_URL}/api/dev/otp-outbox?phone=${encodeURIComponent(`+91${phone}`)}`, {
      headers: { 'x-forwarded-for': clientIp },
    });
    if (res.ok) {
      const { codes } = (await res.json()) as { codes: Array<{ otp: string }> };
      if (codes.length > 0) return codes.at(-1)!.otp;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code arrived in the outbox for +91${phone}`);
}

/** A viewer's session (D2), signed in with a code from the outbox: a new viewer's unless a number is given. */
export async function viewerSession(clientIp = freshClientIp(), phone = freshPhone()): Promise<object> {
  await expectOk(post('user/send-otp', { phoneNumber: phone }, clientIp), 'send-otp');
  const otp = await latestCode(phone, clientIp);
  const res = await expectOk(
    post('user/verify-otp', { phoneNumber: `+91${phone}`, otp }, clientIp),
    'verify-otp',
  );
  return (await res.json()) as object;
}

/** A new viewer's session with a plan bought through the sandbox provider (D19), as the checkout buys it. */
export async function subscribedSession(
  planKey: 'basic' | 'standard' | 'premium' | 'gold',
  clientIp = freshClientIp(),
): Promise<{ token: string }> {
  const session = (await viewerSession(clientIp)) as { token: string };
  const order = (await (
    await post('checkout/create-order', { planKey }, clientIp, session.token)
  ).json()) as {
    orderId: string;
  };
  const paid = (await (
    await post('dev/payments-sandbox/pay', { orderId: order.orderId }, clientIp, session.token)
  ).json()) as object;
  await expectOk(
    post('checkout/verify-payment', { ...paid, planKey }, clientIp, session.token),
    'verify-payment',
  );
  return session;
}

/** The test platform's admin's session (D2). */
export async function adminSession(clientIp = freshClientIp()): Promise<object> {
  const res = await post('admin/admin-login', ADMIN, clientIp);
  expect(res.status).toBe(200);
  return (await res.json()) as object;
}

/** Stores a session as the web app does, so the next page opens signed in. */
export async function storeSession(page: Page, key: 'user' | 'admin', session: object): Promise<void> {
  await page.goto(`${BASE_URL}/about`);
  await page.evaluate(([k, s]) => localStorage.setItem(k, JSON.stringify(s)), [key, session] as const);
}

/** Sends the context's API calls from one client address, as an edge proxy would say (D4). */
export async function fromClient(context: BrowserContext, clientIp: string): Promise<void> {
  await context.route(`${BASE_URL}/api/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': clientIp } }),
  );
}
