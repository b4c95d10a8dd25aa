import { createHmac } from 'node:crypto';
import { ErrorCode } from '@chitram/contracts';
import { isolatedEnv, testSigningKeys } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type request from 'supertest';
import { webhookBodyLimit } from './billing/raw-body';
import { signedAs } from './testing/access-tokens';
import { startServiceProcesses, type RunningProcesses } from './testing/service-processes';
import { bearer, payForPlan, signInViewer, startTestGateway } from './testing/test-gateway';

/** The sandbox's development webhook secret (services/billing/src/config.ts), which the test plays Razorpay with. */
const SANDBOX_WEBHOOK_SECRET = 'development-only-sandbox-webhook-secret';
let nextPhone = 8_100_000_000 + Math.floor(Math.random() * 800_000_000);

/**
 * Subscribing over HTTP (SPEC §4.4, §7; DECISIONS D2, D14, D16–D19, D25): this gateway in-process, the
 * built auth, users and billing services as processes with the sandbox provider, real infrastructure.
 */
describe('subscribing through the gateway', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let services: RunningProcesses;
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;

  const signIn = (phone = String(nextPhone++)) => signInViewer(http, phone);
  /** Orders and pays; the webhook (sent by the test) or verify-payment activates the plan. */
  const buy = (token: string, planKey: string) => payForPlan(http, token, planKey, { verify: false });
  const webhook = (body: string, signature?: string) => {
    const req = http.post('/api/webhooks/razorpay').set('content-type', 'application/json');
    return (signature ? req.set('x-razorpay-signature', signature) : req).send(body);
  };

  beforeAll(async () => {
    services = await startServiceProcesses(['auth', 'users', 'billing'], isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, OTP_RESEND_SECONDS: '0' },
      // The test sends the webhooks itself.
      billing: { SANDBOX_WEBHOOK_DELAY_MS: '600000' },
    });
    ({ app, http } = await startTestGateway(isolation.env, keys.publicPem));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await services?.stop();
    await isolation.cleanUp();
  });

  it('refuses a webhook too large to hand to billing with 413, never a 503, and handles one near that size', async () => {
    const body = (padding: number) =>
      JSON.stringify({ event: 'payment.captured', padding: 'x'.repeat(padding) });
    // Under BODY_LIMIT_BYTES (1 MiB), but base64 inside a NATS message it would pass NATS's 1 MiB.
    const tooLarge = await webhook(body(900_000), 'f'.repeat(64)).expect(413);
    expect(tooLarge.body).toMatchObject({ code: ErrorCode.PAYLOAD_TOO_LARGE });
    // Just under the webhook limit: billing reads it and refuses the signature.
    const nearLimit = await webhook(body(webhookBodyLimit() - 100), 'f'.repeat(64)).expect(400);
    expect(nearLimit.body).toMatchObject({ code: ErrorCode.WEBHOOK_SIGNATURE_INVALID });
  });

  it('answers the plans with server prices to anyone', async () => {
    const res = await http.get('/api/plans').expect(200);
    expect(
      res.body.map((p: { planKey: string; price: string; amount: number }) => [p.planKey, p.price, p.amount]),
    ).toEqual([
      ['basic', '99', 9900],
      ['standard', '299', 29900],
      ['premium', '999', 99900],
      ['gold', '1200', 120000],
    ]);
  });

  it('takes a viewer from order to plan, shows it in every session answer, with a receipt as a PDF', async () => {
    const viewer = await signIn();
    expect(viewer).toMatchObject({ isSubscribed: false, activeSubscription: null });
    const { order, confirmation } = await buy(viewer.token, 'premium');
    expect(order).toMatchObject({
      amount: 99900,
      currency: 'INR',
      provider: 'sandbox',
      contact: `+91${viewer.phone}`,
    });

    const verified = await http
      .post('/api/checkout/verify-payment')
      .set(bearer(viewer.token))
      .send({ ...confirmation, planKey: 'premium' })
      .expect(200);
    expect(verified.body).toMatchObject({ success: true, status: true, isSubscribed: true });

    const status = await http.get('/api/movie/subscription-status').set(bearer(viewer.token)).expect(200);
    expect(status.body).toEqual({
      isSubscribed: true,
      activeSubscription: { planKey: 'premium', planName: 'Premium Plan', validTill: expect.any(String) },
    });
    const me = await http.get('/api/user/me').set(bearer(viewer.token)).expect(200);
    expect(me.body).toMatchObject({ isSubscribed: true, activeSubscription: status.body.activeSubscription });
    // Signing in again (another device) carries the plan in the session itself.
    expect(await signIn(viewer.phone)).toMatchObject({
      isSubscribed: true,
      activeSubscription: status.body.activeSubscription,
    });

    const payments = await http.get('/api/user/payments').set(bearer(viewer.token)).expect(200);
    expect(payments.body).toEqual([
      expect.objectContaining({
        status: 'captured',
        planName: 'Premium Plan',
        amount: 99900,
        receipt: expect.any(Object),
      }),
    ]);
    const receiptId = payments.body[0].receipt._id as string;
    const receipt = await http.get(`/api/user/receipts/${receiptId}`).set(bearer(viewer.token)).expect(200);
    expect(receipt.body).toMatchObject({
      amount: 99900,
      // No state given through the API: invoiced at the supplier's, CGST + SGST (D32).
      taxableValue: 84662,
      gst: 15238,
      taxes: [
        { name: 'CGST', ratePercent: 9, amount: 7619 },
        { name: 'SGST', ratePercent: 9, amount: 7619 },
      ],
      sac: '998433',
      phoneNumber: `+91${viewer.phone}`,
    });
    // The viewer's state for later invoices: none until given, then kept; a code that is no state's is 400.
    const account = () => http.get('/api/user/billing-account').set(bearer(viewer.token));
    expect((await account().expect(200)).body).toEqual({ stateCode: null, queued: null });
    const refused = await http
      .put('/api/user/billing-account')
      .set(bearer(viewer.token))
      .send({ stateCode: '25' })
      .expect(400);
    expect(JSON.stringify(refused.body)).toContain('stateCode');
    await http
      .put('/api/user/billing-account')
      .set(bearer(viewer.token))
      .send({ stateCode: '29' })
      .expect(200);
    expect((await account().expect(200)).body).toEqual({ stateCode: '29', queued: null });
    const pdf = await http
      .get(`/api/user/receipts/${receiptId}/pdf`)
      .set(bearer(viewer.token))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="chitram-receipt-CH-\d{4}-\d{2}-\d{6}\.pdf"$/,
    );
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    // Another viewer sees none of it.
    const other = await signIn();
    await http.get(`/api/user/receipts/${receiptId}`).set(bearer(other.token)).expect(404);
    await http
      .post('/api/checkout/verify-payment')
      .set(bearer(other.token))
      .send({ ...confirmation, planKey: 'premium' })
      .expect(404);
  });

  it('answers bad input with stable codes, never a 500', async () => {
    const viewer = await signIn();
    const bad = await http
      .post('/api/checkout/create-order')
      .set(bearer(viewer.token))
      .send({ planKey: 'platinum' })
      .expect(400);
    expect(bad.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    await http.post('/api/checkout/create-order').send({ planKey: 'basic' }).expect(401);
    const { confirmation } = await buy(viewer.token, 'basic');
    const tampered = await http
      .post('/api/checkout/verify-payment')
      .set(bearer(viewer.token))
      .send({ ...confirmation, razorpay_signature: '0'.repeat(64), planKey: 'basic' })
      .expect(400);
    expect(tampered.body).toEqual({
      code: ErrorCode.PAYMENT_SIGNATURE_INVALID,
      message: 'Payment verification failed.',
    });
    const malformed = await http
      .post('/api/checkout/verify-payment')
      .set(bearer(viewer.token))
      .send({ razorpay_order_id: 'x', razorpay_payment_id: 1, planKey: 'basic' })
      .expect(400);
    expect(malformed.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(
      (await http.get('/api/movie/subscription-status').set(bearer(viewer.token))).body.isSubscribed,
    ).toBe(false);
  });

  it('lets finance schedule a plan’s new terms, shown on the plans page ahead of their date (D43)', async () => {
    const viewer = await signIn();
    const finance = await signedAs(keys.privatePem, 'admin', 'finance');
    const content = await signedAs(keys.privatePem, 'admin', 'content');
    const effectiveFrom = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const change = {
      price: '1299.50',
      validityMonths: 12,
      devices: ['mobile', 'website', 'tab', 'tv'],
      maxResolution: 2160,
      maxStreams: 5,
      effectiveFrom,
    };
    const schedule = (token: string | null, body: object = change, planKey = 'gold') => {
      const req = http.post(`/api/admin/plans/${planKey}/changes`);
      return (token ? req.set(bearer(token)) : req).send(body);
    };
    expect((await schedule(null)).status).toBe(401);
    expect((await schedule(viewer.token)).status).toBe(403);
    expect((await schedule(content)).body).toMatchObject({ code: ErrorCode.ADMIN_ROLE_FORBIDDEN });
    await http.get('/api/admin/plans').set(bearer(viewer.token)).expect(403);

    for (const bad of [
      { ...change, price: '0' },
      { ...change, price: '12.345' },
      { ...change, devices: [] },
      { ...change, maxResolution: 900 },
      { ...change, maxStreams: 11 },
      { ...change, effectiveFrom: 'next week' },
    ]) {
      const res = await schedule(finance, bad);
      expect([res.status, res.body.code]).toEqual([400, ErrorCode.VALIDATION_FAILED]);
    }
    expect((await schedule(finance, change, 'platinum')).body.code).toBe(ErrorCode.VALIDATION_FAILED);
    const past = await schedule(finance, { ...change, effectiveFrom: '2020-01-01T00:00:00.000Z' });
    expect([past.status, past.body.code]).toEqual([422, ErrorCode.PLAN_CHANGE_IN_PAST]);

    const made = await schedule(finance).expect(201);
    expect(made.body).toMatchObject({
      planKey: 'gold',
      current: { amount: 120000 },
      scheduled: [{ amount: 129950, effectiveFrom, maxStreams: 5 }],
    });
    const plans = await http.get('/api/plans').expect(200);
    expect(plans.body.find((p: { planKey: string }) => p.planKey === 'gold')).toMatchObject({
      amount: 120000,
      upcoming: { amount: 129950, effectiveFrom },
    });

    const cancelled = await http
      .delete(`/api/admin/plans/gold/changes/${made.body.scheduled[0]._id}`)
      .set(bearer(finance))
      .expect(200);
    expect(cancelled.body.scheduled).toEqual([]);
    const started = await http
      .delete(`/api/admin/plans/gold/changes/${made.body.current._id}`)
      .set(bearer(finance));
    expect([started.status, started.body.code]).toEqual([409, ErrorCode.PLAN_CHANGE_STARTED]);
  });

  it('takes a webhook by the signature over its exact bytes, without viewer sign-in', async () => {
    const viewer = await signIn();
    const { order, confirmation } = await buy(viewer.token, 'standard');
    const entity = {
      id: confirmation.razorpay_payment_id,
      order_id: order.orderId,
      amount: 29900,
      currency: 'INR',
      status: 'captured',
      method: 'sandbox',
    };
    // Spacing as a sender might write it: re-serialising would change the bytes and break the signature.
    const body = `{ "entity": "event", "event": "payment.captured", "payload": { "payment": { "entity": ${JSON.stringify(entity)} } } }`;
    const signature = createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update(body).digest('hex');
    expect(
      (
        await webhook(
          body,
          signature.replace(/^./, (c) => (c === '0' ? '1' : '0')),
        ).expect(400)
      ).body.code,
    ).toBe(ErrorCode.WEBHOOK_SIGNATURE_INVALID);
    expect((await webhook(body).expect(400)).body.code).toBe(ErrorCode.WEBHOOK_SIGNATURE_INVALID);
    expect(
      (await webhook(body, signature).set('x-razorpay-event-id', 'evt_TestEvent00001').expect(200)).body,
    ).toEqual({ handled: true });
    expect(
      (await webhook(body, signature).set('x-razorpay-event-id', 'evt_TestEvent00001').expect(200)).body,
    ).toEqual({ handled: false });
    const status = await http.get('/api/movie/subscription-status').set(bearer(viewer.token)).expect(200);
    expect(status.body.activeSubscription.planKey).toBe('standard');
  });

  it('keeps a deleted viewer’s payments, anonymised; the same number starts a new account with none (D25)', async () => {
    const viewer = await signIn();
    const { confirmation } = await buy(viewer.token, 'basic');
    await http
      .post('/api/checkout/verify-payment')
      .set(bearer(viewer.token))
      .send({ ...confirmation, planKey: 'basic' })
      .expect(200);
    await http.delete('/api/user/me').set(bearer(viewer.token)).expect(200);
    const again = await signIn(viewer.phone);
    expect(again._id).not.toBe(viewer._id);
    expect(again).toMatchObject({ isSubscribed: false });
    expect((await http.get('/api/user/payments').set(bearer(again.token)).expect(200)).body).toEqual([]);
    // The old account's sessions ended with it.
    await http.get('/api/movie/subscription-status').set(bearer(viewer.token)).expect(401);
  });
});
