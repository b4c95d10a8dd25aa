import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Logger } from '@chitram/nest-kit';
import { testInfrastructure } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createGatewayApp } from '../app';
import { GatewayConfig } from '../config';

/** The demo admin every test platform's auth service creates (services/auth's seed). */
export const DEMO_ADMIN = { email: 'admin@chitram.in', password: 'chitram-admin' };

export interface TestGateway {
  app: NestFastifyApplication;
  http: ReturnType<typeof request>;
}

/**
 * This gateway in-process, on the test infrastructure and the test's own Redis key prefix, checking
 * access tokens with `jwtPublicKey`, ready for supertest. `overrides` adds or replaces settings; `logger`
 * replaces the silent one (a test reading the request log).
 */
export async function startTestGateway(
  env: { REDIS_KEY_PREFIX: string },
  jwtPublicKey: string,
  overrides: Record<string, string> = {},
  logger?: Logger,
): Promise<TestGateway> {
  const config = loadConfig(GatewayConfig, {
    ...testInfrastructure(),
    LOG_LEVEL: 'silent',
    RPC_TIMEOUT_MS: '5000',
    JWT_PUBLIC_KEY: jwtPublicKey,
    REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX,
    // The test's HTTP client stands where the shell's proxy stands: its X-Forwarded-For is believed.
    TRUSTED_PROXIES: 'loopback',
    ...overrides,
  });
  const app = await createGatewayApp(config, logger);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, http: request(app.getHttpServer()) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The demo admin's access token, signed in through the gateway. */
export async function demoAdminToken(http: ReturnType<typeof request>): Promise<string> {
  const session = await http.post('/api/admin/admin-login').send(DEMO_ADMIN).expect(200);
  return session.body.token as string;
}

/** A viewer as verify-otp answers: tokens, id, plan, and the number they signed in with. */
export type SignedInViewer = {
  token: string;
  refreshToken: string;
  _id: string;
  isSubscribed: boolean;
  activeSubscription: unknown;
  phone: string;
};

/**
 * Signs a viewer in as the browser does: a code sent (from an address of its own, so no test meets the
 * per-address limit), read from the development outbox, and verified. The auth service must run with
 * the development outbox on, as test platforms do.
 */
export async function signInViewer(http: ReturnType<typeof request>, phone: string): Promise<SignedInViewer> {
  await http
    .post('/api/user/send-otp')
    .set('x-forwarded-for', `10.9.${randomInt(0, 250)}.${randomInt(1, 250)}`)
    .send({ phoneNumber: phone })
    .expect(200);
  const outbox = await http.get(`/api/dev/otp-outbox?phone=%2B91${phone}`).expect(200);
  const res = await http
    .post('/api/user/verify-otp')
    .send({ phoneNumber: `+91${phone}`, otp: outbox.body.codes.at(-1).otp })
    .expect(200);
  return { ...(res.body as Omit<SignedInViewer, 'phone'>), phone };
}

/**
 * Orders a plan and pays for it in the payments sandbox, as the checkout page does; with `verify`, the
 * page's verification too, which activates the plan without waiting for a webhook.
 */
export async function payForPlan(
  http: ReturnType<typeof request>,
  token: string,
  planKey: string,
  { verify = true } = {},
): Promise<{ order: { orderId: string; [field: string]: unknown }; confirmation: Record<string, string> }> {
  const order = await http
    .post('/api/checkout/create-order')
    .set(bearer(token))
    .send({ planKey })
    .expect(200);
  const paid = await http
    .post('/api/dev/payments-sandbox/pay')
    .set(bearer(token))
    .send({ orderId: order.body.orderId })
    .expect(200);
  if (verify)
    await http
      .post('/api/checkout/verify-payment')
      .set(bearer(token))
      .send({ ...paid.body, planKey })
      .expect(200);
  return { order: order.body, confirmation: paid.body };
}

/**
 * This gateway in-process, listening on a loopback port (for fetch: streams, tus uploads), configured
 * by `settings` alone (infrastructure, keys, MEDIA_URL…); answers it and its address.
 */
export async function listeningTestGateway(
  settings: Record<string, string>,
): Promise<{ app: NestFastifyApplication; address: string }> {
  const app = await createGatewayApp(loadConfig(GatewayConfig, { LOG_LEVEL: 'silent', ...settings }));
  await app.listen(0, '127.0.0.1');
  return { app, address: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}
