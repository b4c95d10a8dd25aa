import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  Events,
  Subjects,
  type CheckoutOrder,
  type PaymentConfirmation,
  type PlanKey,
  type UserDeleted,
} from '@chitram/contracts';
import { busSubject, connectNats, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { CreditNotesService } from './credit-notes/credit-notes.service';
import { BillingSweeps } from './payments/billing-sweeps';
import { billingService } from './service';
import { addMonthsIst } from './subscriptions/subscription-rules';
import { FAKE_RAZORPAY, FakeRazorpay } from './testing/fake-razorpay';
import { viewersStandIn } from './testing/viewers-stand-in';

// Subscriptions end to end in the billing service (DECISIONS D16–D19, D25), on real Postgres, NATS and
// JetStream, with the real `razorpay` SDK talking to a local stand-in of Razorpay's API.

const DAY = 86_400_000;

describe('billing with Razorpay (the real SDK against a local stand-in of its API)', () => {
  const isolation = isolatedEnv();
  const razorpay = new FakeRazorpay();
  const users = viewersStandIn();
  let usersService: TestService;
  let billing: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let env: Record<string, string>;

  const newViewer = () => users.newViewer();
  const createOrder = (viewerId: string, planKey: PlanKey, stateCode?: string) =>
    rpc.call(Subjects.billing.createOrder, { viewerId, planKey, ...(stateCode ? { stateCode } : {}) });
  const verify = (viewerId: string, planKey: PlanKey, confirmation: PaymentConfirmation) =>
    rpc.call(Subjects.billing.verifyPayment, { viewerId, planKey, ...confirmation });
  const deliver = (hook: { rawBody: Buffer; signature: string; eventId: string }) =>
    rpc.call(Subjects.billing.webhook, {
      rawBody: hook.rawBody.toString('base64'),
      signature: hook.signature,
      eventId: hook.eventId,
    });
  const status = async (viewerId: string) => rpc.call(Subjects.billing.entitlement, { viewerId });
  const count = async (sql: string, params: unknown[]) =>
    Number((await billing.dataSource.query(`SELECT count(*) AS n FROM ${sql}`, params))[0].n);
  const eventsFor = async (viewerId: string) =>
    (
      await billing.dataSource.query(
        `SELECT "subject" FROM "outbox_event" WHERE "payload"->>'viewerId' = $1 ORDER BY "created_at"`,
        [viewerId],
      )
    ).map((r: { subject: string }) => r.subject);
  /** What the viewer's payments bought: one row per activation. */
  const periods = (viewerId: string) =>
    billing.dataSource.query(
      `SELECT "change", "plan_key", "valid_from", "valid_till" FROM "subscription_period" WHERE "viewer_id" = $1 ORDER BY "created_at"`,
      [viewerId],
    );

  beforeAll(async () => {
    await razorpay.start();
    env = {
      ...isolation.env,
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: FAKE_RAZORPAY.keyId,
      RAZORPAY_KEY_SECRET: FAKE_RAZORPAY.keySecret,
      RAZORPAY_WEBHOOK_SECRET: FAKE_RAZORPAY.webhookSecret,
      RAZORPAY_API_BASE_URL: razorpay.baseUrl,
      RECONCILE_AFTER_SECONDS: '3600',
    };
    usersService = await startTestService(users.definition);
    billing = await startTestService(billingService, { env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'billing-test');
    rpc = new RpcClient(nats, 10_000);
  });

  afterAll(async () => {
    await nats?.close();
    await billing?.destroy();
    await usersService?.destroy();
    await razorpay.stop();
    await isolation.cleanUp();
  });

  it('answers the four plans from its database, priced in paise by the server', async () => {
    const plans = await rpc.call(Subjects.billing.listPlans, {});
    expect(plans.map((p) => [p.planKey, p.amount, p.validityMonths, p.maxResolution, p.maxStreams])).toEqual([
      ['basic', 9900, 3, 720, 1],
      ['standard', 29900, 3, 1080, 2],
      ['premium', 99900, 6, 1440, 3],
      ['gold', 120000, 12, 2160, 4],
    ]);
  });

  it('creates an order at the server’s price at Razorpay, and the same open order when asked again', async () => {
    const viewer = newViewer();
    const order = await createOrder(viewer, 'standard');
    expect(order).toEqual({
      key: FAKE_RAZORPAY.keyId,
      amount: 29900,
      currency: 'INR',
      orderId: expect.stringMatching(/^order_/),
      provider: 'razorpay',
      planKey: 'standard',
      planName: 'Standard Plan',
      contact: users.viewers.get(viewer)!.phoneNumber,
      quote: {
        planKey: 'standard',
        kind: 'new',
        listPrice: 29900,
        credit: 0,
        creditPlanKey: null,
        extraDays: 0,
        discount: 0,
        couponCode: null,
        amount: 29900,
        startsAt: null,
        blocked: false,
      },
      // What the order sells, kept with it (D43).
      terms: { validityMonths: 3, devices: ['mobile', 'website'], maxResolution: 1080, maxStreams: 2 },
    });
    expect(razorpay.orders.get(order.orderId)?.amount).toBe(29900);
    // Five taps at once, and one more later: still that one order.
    const again = await Promise.all(Array.from({ length: 5 }, () => createOrder(viewer, 'standard')));
    expect(
      new Set([...again.map((o) => o.orderId), (await createOrder(viewer, 'standard')).orderId]),
    ).toEqual(new Set([order.orderId]));
    expect(await count(`"payment_order" WHERE "viewer_id" = $1`, [viewer])).toBe(1);
    // Another plan is another order.
    expect((await createOrder(viewer, 'gold')).orderId).not.toBe(order.orderId);
  });

  it('refuses an unknown plan and a viewer who does not exist', async () => {
    await expect(createOrder(newViewer(), 'platinum' as PlanKey)).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
    await expect(createOrder(randomUUID(), 'basic')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  describe('verifying the browser’s confirmation', () => {
    it('activates the plan for a good signature, with a receipt and the events', async () => {
      const viewer = newViewer();
      const order = await createOrder(viewer, 'basic');
      const { confirmation } = razorpay.pay(order.orderId);
      const before = Date.now();
      const verified = await verify(viewer, 'basic', confirmation);
      expect(verified).toMatchObject({
        success: true,
        status: true,
        isSubscribed: true,
        activeSubscription: { planKey: 'basic', planName: 'Basic Plan', validTill: expect.any(String) },
        paymentId: confirmation.razorpay_payment_id,
        receiptId: expect.any(String),
      });
      const validTill = new Date(verified.activeSubscription!.validTill).getTime();
      expect(validTill - before).toBeGreaterThan(88 * DAY);
      expect(validTill - before).toBeLessThan(93 * DAY);
      expect(await status(viewer)).toMatchObject({
        isSubscribed: true,
        devices: ['mobile'],
        maxResolution: 720,
        maxStreams: 1,
      });
      expect(await eventsFor(viewer)).toEqual([Events.paymentCaptured, Events.subscriptionActivated]);

      const receipt = await rpc.call(Subjects.billing.receipt, {
        viewerId: viewer,
        receiptId: verified.receiptId,
      });
      expect(receipt).toMatchObject({
        number: expect.stringMatching(/^CH\/\d{4}-\d{2}\/\d{6}$/),
        amount: 9900,
        taxableValue: 8390,
        gst: 1510,
        gstRatePercent: 18,
        phoneNumber: users.viewers.get(viewer)!.phoneNumber,
        paymentId: confirmation.razorpay_payment_id,
        orderId: order.orderId,
      });
      const pdf = await rpc.call(Subjects.billing.receiptPdf, {
        viewerId: viewer,
        receiptId: verified.receiptId,
      });
      expect(Buffer.from(pdf.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.fileName).toBe(`chitram-receipt-${receipt.number.replace(/\//g, '-')}.pdf`);
      // Another viewer cannot read it.
      await expect(
        rpc.call(Subjects.billing.receipt, { viewerId: newViewer(), receiptId: verified.receiptId }),
      ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    });

    it('numbers receipts one after another', async () => {
      const numbers: number[] = [];
      for (let i = 0; i < 3; i++) {
        const viewer = newViewer();
        const order = await createOrder(viewer, 'basic');
        const verified = await verify(viewer, 'basic', razorpay.pay(order.orderId).confirmation);
        const receipt = await rpc.call(Subjects.billing.receipt, {
          viewerId: viewer,
          receiptId: verified.receiptId,
        });
        numbers.push(Number(receipt.number.split('/')[2]));
      }
      expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2]);
    });

    it('refuses a tampered signature, another viewer’s order, an unknown order and another plan, changing nothing', async () => {
      const viewer = newViewer();
      const order = await createOrder(viewer, 'premium');
      const { confirmation } = razorpay.pay(order.orderId);
      const tampered = {
        ...confirmation,
        razorpay_signature: confirmation.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
      };
      await expect(verify(viewer, 'premium', tampered)).rejects.toMatchObject({
        code: ErrorCode.PAYMENT_SIGNATURE_INVALID,
        message: 'Payment verification failed.',
      });
      await expect(verify(newViewer(), 'premium', confirmation)).rejects.toMatchObject({
        code: ErrorCode.ORDER_NOT_FOUND,
      });
      await expect(
        verify(viewer, 'premium', { ...confirmation, razorpay_order_id: 'order_NoSuchOrder0001' }),
      ).rejects.toMatchObject({ code: ErrorCode.ORDER_NOT_FOUND });
      await expect(verify(viewer, 'gold', confirmation)).rejects.toMatchObject({
        code: ErrorCode.PLAN_MISMATCH,
      });
      // A signature made for another order does not fit this one.
      const other = await createOrder(viewer, 'basic');
      await expect(
        verify(viewer, 'basic', { ...confirmation, razorpay_order_id: other.orderId }),
      ).rejects.toMatchObject({ code: ErrorCode.PAYMENT_SIGNATURE_INVALID });

      expect(await status(viewer)).toMatchObject({
        isSubscribed: false,
        activeSubscription: null,
        maxStreams: 0,
      });
      expect(
        await count(`"payment" p JOIN "payment_order" o ON o."id" = p."order_id" WHERE o."viewer_id" = $1`, [
          viewer,
        ]),
      ).toBe(0);
      expect(await eventsFor(viewer)).toEqual([]);
      // The real confirmation still works afterwards.
      await expect(verify(viewer, 'premium', confirmation)).resolves.toMatchObject({ isSubscribed: true });
    });

    it('captures a payment that was only authorised', async () => {
      const viewer = newViewer();
      const order = await createOrder(viewer, 'basic');
      const { payment, confirmation } = razorpay.pay(order.orderId, 'authorized');
      await expect(verify(viewer, 'basic', confirmation)).resolves.toMatchObject({ isSubscribed: true });
      expect(razorpay.payments.get(payment.id)?.status).toBe('captured');
    });
  });

  describe('webhooks', () => {
    it('activates the plan when the browser never came back, once for three deliveries', async () => {
      const viewer = newViewer();
      const order = await createOrder(viewer, 'gold');
      const { payment } = razorpay.pay(order.orderId);
      const hook = razorpay.webhook('payment.captured', payment.id);
      expect(await deliver(hook)).toEqual({ handled: true });
      expect(await deliver(hook)).toEqual({ handled: false });
      // The same news as another event (order.paid) is settled again, and changes nothing.
      await deliver(razorpay.webhook('order.paid', payment.id));
      expect(await status(viewer)).toMatchObject({
        isSubscribed: true,
        activeSubscription: { planKey: 'gold' },
      });
      expect(await periods(viewer)).toHaveLength(1);
      expect(await count(`"receipt" WHERE "viewer_id" = $1`, [viewer])).toBe(1);
      expect(await eventsFor(viewer)).toEqual([Events.paymentCaptured, Events.subscriptionActivated]);
    });

    it('gives one activation when verification races two webhooks', async () => {
      for (let round = 0; round < 5; round++) {
        const viewer = newViewer();
        const order = await createOrder(viewer, 'standard');
        const { payment, confirmation } = razorpay.pay(order.orderId);
        const results = await Promise.allSettled([
          verify(viewer, 'standard', confirmation),
          deliver(razorpay.webhook('payment.captured', payment.id)),
          deliver(razorpay.webhook('order.paid', payment.id)),
          verify(viewer, 'standard', confirmation),
        ]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
        expect(await periods(viewer)).toHaveLength(1);
        expect(await count(`"receipt" WHERE "viewer_id" = $1`, [viewer])).toBe(1);
        expect(await eventsFor(viewer)).toEqual([Events.paymentCaptured, Events.subscriptionActivated]);
      }
    });

    it('refuses a webhook whose signature does not match its exact bytes', async () => {
      const viewer = newViewer();
      const order = await createOrder(viewer, 'basic');
      const { payment } = razorpay.pay(order.orderId);
      const hook = razorpay.webhook('payment.captured', payment.id);
      const altered = Buffer.from(hook.rawBody.toString().replace('"captured"', '"captured" '));
      await expect(deliver({ ...hook, rawBody: altered })).rejects.toMatchObject({
        code: ErrorCode.WEBHOOK_SIGNATURE_INVALID,
      });
      await expect(deliver({ ...hook, signature: 'f'.repeat(64) })).rejects.toMatchObject({
        code: ErrorCode.WEBHOOK_SIGNATURE_INVALID,
      });
      expect(await status(viewer)).toMatchObject({ isSubscribed: false });
    });

    it('records a failed payment once and activates nothing; the order can still be paid', async () => {
      const viewer = newViewer();
      const order = await createOrder(viewer, 'basic');
      const { payment } = razorpay.pay(order.orderId, 'failed');
      const hook = razorpay.webhook('payment.failed', payment.id);
      await deliver(hook);
      await deliver({ ...hook, eventId: `${hook.eventId}-again` });
      expect(await status(viewer)).toMatchObject({ isSubscribed: false });
      expect(await eventsFor(viewer)).toEqual([Events.paymentFailed]);
      const history = await rpc.call(Subjects.billing.payments, { viewerId: viewer });
      expect(history).toEqual([
        expect.objectContaining({
          status: 'failed',
          failureReason: 'Payment failed because the bank declined it.',
          receipt: null,
        }),
      ]);
      // A second attempt on the same order succeeds.
      await expect(verify(viewer, 'basic', razorpay.pay(order.orderId).confirmation)).resolves.toMatchObject({
        isSubscribed: true,
      });
    });
  });

  describe('plans over time (DECISIONS D17)', () => {
    async function buy(viewer: string, planKey: PlanKey) {
      const order = await createOrder(viewer, planKey);
      return verify(viewer, planKey, razorpay.pay(order.orderId).confirmation);
    }

    it('extends the plan you hold from its expiry, and replaces another from now', async () => {
      const viewer = newViewer();
      const first = await buy(viewer, 'basic');
      const firstTill = first.activeSubscription!.validTill;
      const extended = await buy(viewer, 'basic');
      const rows = await periods(viewer);
      expect(rows.map((r: { change: string }) => r.change)).toEqual(['activated', 'extended']);
      expect(new Date(rows[1].valid_from).toISOString()).toBe(firstTill);
      const extendedTill = new Date(extended.activeSubscription!.validTill).getTime();
      expect(extendedTill - new Date(firstTill).getTime()).toBeGreaterThan(88 * DAY);

      const before = Date.now();
      const replaced = await buy(viewer, 'premium');
      expect(replaced.activeSubscription).toMatchObject({ planKey: 'premium', planName: 'Premium Plan' });
      const replacedTill = new Date(replaced.activeSubscription!.validTill).getTime();
      expect(replacedTill - before).toBeGreaterThan(180 * DAY);
      expect(replacedTill - before).toBeLessThan(185 * DAY);
      expect((await eventsFor(viewer)).filter((s: string) => s !== Events.paymentCaptured)).toEqual([
        Events.subscriptionActivated,
        Events.subscriptionExtended,
        Events.subscriptionReplaced,
      ]);
      expect(await status(viewer)).toMatchObject({
        devices: ['mobile', 'website', 'tab', 'tv'],
        maxResolution: 1440,
        maxStreams: 3,
      });
    });

    it('unsubscribes the viewer after validTill and announces the expiry once', async () => {
      const viewer = newViewer();
      await buy(viewer, 'standard');
      await billing.dataSource.query(
        `UPDATE "subscription" SET "valid_till" = now() - interval '1 second' WHERE "viewer_id" = $1`,
        [viewer],
      );
      expect(await status(viewer)).toEqual({
        viewerId: viewer,
        isSubscribed: false,
        activeSubscription: null,
        devices: [],
        maxResolution: 0,
        maxStreams: 0,
      });
      const sweeps = billing.app.get(BillingSweeps);
      await sweeps.announceExpiries();
      await sweeps.announceExpiries();
      expect((await eventsFor(viewer)).filter((s: string) => s === Events.subscriptionExpired)).toHaveLength(
        1,
      );
      // Buying the same plan after it ran out starts afresh from now.
      const again = await buy(viewer, 'standard');
      expect(new Date(again.activeSubscription!.validTill).getTime() - Date.now()).toBeGreaterThan(88 * DAY);
      expect((await periods(viewer)).map((r: { change: string }) => r.change)).toEqual([
        'activated',
        'activated',
      ]);
    });
  });

  describe('tax invoices (DECISIONS D32; the supplier is in Telangana, 36)', () => {
    const buyIn = async (viewer: string, planKey: PlanKey, stateCode?: string) => {
      const order = await createOrder(viewer, planKey, stateCode);
      const verified = await verify(viewer, planKey, razorpay.pay(order.orderId).confirmation);
      return rpc.call(Subjects.billing.receipt, { viewerId: viewer, receiptId: verified.receiptId });
    };
    const receiptRow = async (number: string) =>
      (
        await billing.dataSource.query(
          `SELECT "amount_paise", "taxable_paise", "gst_paise", "cgst_paise", "sgst_paise", "igst_paise",
                  "place_of_supply", "supplier_state_code", "sac" FROM "receipt" WHERE "number" = $1`,
          [number],
        )
      )[0];

    it('charges CGST + SGST to a viewer in the supplier’s state and IGST to one elsewhere', async () => {
      const local = newViewer();
      const intra = await buyIn(local, 'standard', '36');
      expect(intra).toMatchObject({
        amount: 29900,
        taxableValue: 25338,
        gst: 4562,
        sac: '998433',
        placeOfSupply: { code: '36', name: 'Telangana' },
        taxes: [
          { name: 'CGST', ratePercent: 9, amount: 2281 },
          { name: 'SGST', ratePercent: 9, amount: 2281 },
        ],
        amountInWords: 'Rupees Two Hundred Ninety-Nine Only',
        seller: { gstin: '36AABCC1234D1Z5', state: { code: '36', name: 'Telangana' } },
      });
      expect(await receiptRow(intra.number)).toEqual({
        amount_paise: 29900,
        taxable_paise: 25338,
        gst_paise: 4562,
        cgst_paise: 2281,
        sgst_paise: 2281,
        igst_paise: 0,
        place_of_supply: '36',
        supplier_state_code: '36',
        sac: '998433',
      });

      const away = newViewer();
      const inter = await buyIn(away, 'standard', '29');
      expect(inter).toMatchObject({
        amount: 29900,
        taxableValue: 25339,
        gst: 4561,
        placeOfSupply: { code: '29', name: 'Karnataka' },
        taxes: [{ name: 'IGST', ratePercent: 18, amount: 4561 }],
      });
      expect(await receiptRow(inter.number)).toMatchObject({
        cgst_paise: 0,
        sgst_paise: 0,
        igst_paise: 4561,
      });
      // The state is kept on the account: asked once, the next order needs none.
      expect(await rpc.call(Subjects.billing.account, { viewerId: away })).toEqual({
        stateCode: '29',
        queued: null,
      });
      const again = await buyIn(away, 'standard');
      expect(again.placeOfSupply?.code).toBe('29');
      const pdf = await rpc.call(Subjects.billing.receiptPdf, { viewerId: away, receiptId: again._id });
      expect(Buffer.from(pdf.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('invoices later payments where the viewer has moved, and keeps the earlier invoice as it was', async () => {
      const viewer = newViewer();
      expect(await rpc.call(Subjects.billing.account, { viewerId: viewer })).toEqual({
        stateCode: null,
        queued: null,
      });
      const first = await buyIn(viewer, 'basic', '27');
      expect(await rpc.call(Subjects.billing.setAccount, { viewerId: viewer, stateCode: '36' })).toEqual({
        stateCode: '36',
        queued: null,
      });
      const second = await buyIn(viewer, 'basic');
      expect(second.taxes.map((t) => t.name)).toEqual(['CGST', 'SGST']);
      const reread = await rpc.call(Subjects.billing.receipt, { viewerId: viewer, receiptId: first._id });
      expect(reread).toMatchObject({
        placeOfSupply: { code: '27', name: 'Maharashtra' },
        taxes: [{ name: 'IGST' }],
      });
      // The order records where it was placed.
      expect(
        (
          await billing.dataSource.query(
            `SELECT "place_of_supply" FROM "payment_order" WHERE "viewer_id" = $1 ORDER BY "created_at"`,
            [viewer],
          )
        ).map((r: { place_of_supply: string }) => r.place_of_supply),
      ).toEqual(['27', '36']);
    });

    it('refuses a state that is not one, and a viewer who does not exist, changing nothing', async () => {
      const viewer = newViewer();
      for (const stateCode of ['25', '99', 'KA', ''])
        await expect(
          rpc.call(Subjects.billing.setAccount, { viewerId: viewer, stateCode }),
        ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
      await expect(createOrder(viewer, 'basic', '00')).rejects.toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
      });
      await expect(
        rpc.call(Subjects.billing.setAccount, { viewerId: randomUUID(), stateCode: '36' }),
      ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
      expect(await rpc.call(Subjects.billing.account, { viewerId: viewer })).toEqual({
        stateCode: null,
        queued: null,
      });
    });

    it('invoices a viewer with no state on record at the supplier’s state, as the law says', async () => {
      const receipt = await buyIn(newViewer(), 'gold');
      expect(receipt).toMatchObject({
        placeOfSupply: { code: '36' },
        taxableValue: 101694,
        taxes: [
          { name: 'CGST', amount: 9153 },
          { name: 'SGST', amount: 9153 },
        ],
        amountInWords: 'Rupees One Thousand Two Hundred Only',
      });
    });

    it('adds up to the paisa for every plan price, within and between states; the database refuses parts that do not', async () => {
      for (const planKey of ['basic', 'standard', 'premium', 'gold'] as const)
        for (const stateCode of ['36', '07', '04']) {
          const receipt = await buyIn(newViewer(), planKey, stateCode);
          const row = await receiptRow(receipt.number);
          expect(row.taxable_paise + row.cgst_paise + row.sgst_paise + row.igst_paise).toBe(row.amount_paise);
          expect(receipt.taxableValue + receipt.taxes.reduce((sum, t) => sum + t.amount, 0)).toBe(
            receipt.amount,
          );
          expect(row.cgst_paise).toBe(row.sgst_paise);
          expect(row.igst_paise > 0).toBe(stateCode !== '36');
        }
      const [{ number }] = await billing.dataSource.query(
        `SELECT "number" FROM "receipt" WHERE "place_of_supply" = '36' ORDER BY "issued_at" DESC LIMIT 1`,
      );
      for (const broken of [
        `"cgst_paise" = "cgst_paise" + 1`,
        `"cgst_paise" = "cgst_paise" + 1, "sgst_paise" = "sgst_paise" - 1`,
        `"igst_paise" = "cgst_paise" * 2, "cgst_paise" = 0, "sgst_paise" = 0`,
        `"taxable_paise" = "taxable_paise" + 1`,
      ])
        await expect(
          billing.dataSource.query(`UPDATE "receipt" SET ${broken} WHERE "number" = $1`, [number]),
        ).rejects.toThrow(/receipt_taxes_add_up|receipt_adds_up/);
    });

    it('numbers invoices with no gap when ten viewers pay at once', async () => {
      const viewers = Array.from({ length: 10 }, () => newViewer());
      const orders = await Promise.all(viewers.map((v, i) => createOrder(v, 'basic', i % 2 ? '36' : '33')));
      const confirmations = orders.map((o) => razorpay.pay(o.orderId).confirmation);
      const verified = await Promise.all(viewers.map((v, i) => verify(v, 'basic', confirmations[i])));
      const numbers = await Promise.all(
        verified.map(async (v, i) =>
          Number(
            (
              await rpc.call(Subjects.billing.receipt, { viewerId: viewers[i], receiptId: v.receiptId })
            ).number.split('/')[2],
          ),
        ),
      );
      const sorted = [...numbers].sort((a, b) => a - b);
      expect(sorted).toEqual(Array.from({ length: 10 }, (_, i) => sorted[0] + i));
      // And none is missing from the whole year's series.
      const [{ max, n }] = await billing.dataSource.query(
        `SELECT max("sequence") AS max, count(*) AS n FROM "receipt" WHERE "financial_year" = (
           SELECT "financial_year" FROM "receipt" ORDER BY "issued_at" DESC LIMIT 1)`,
      );
      expect(Number(n)).toBe(Number(max));
    });
  });

  describe('upgrades credit unused time; lower plans queue (DECISIONS D38)', () => {
    const buy = async (viewer: string, planKey: PlanKey) => {
      const order = await createOrder(viewer, planKey, '29');
      const verified = await verify(viewer, planKey, razorpay.pay(order.orderId).confirmation);
      return { order, verified };
    };
    /** The plan held as if bought `ago` ms before now (its validity counted from then). */
    /**
     * Moves a viewer's plan of `months` to have started `ago` ms before now, ending where billing would
     * have ended it (the same months on from its start, in IST): three months from 31 October are 92
     * days, from 1 December 90, so the test holds on any day of the year.
     */
    const heldSince = async (viewer: string, ago: number, months: number) => {
      const validFrom = new Date(Date.now() - ago);
      const till = addMonthsIst(validFrom, months);
      await billing.dataSource.query(
        `UPDATE "subscription" SET "valid_from" = $2, "valid_till" = $3 WHERE "viewer_id" = $1`,
        [viewer, validFrom, till],
      );
      return { days: Math.round((till.getTime() - validFrom.getTime()) / DAY), till };
    };
    const orderRow = async (providerOrderId: string) =>
      (
        await billing.dataSource.query(
          `SELECT "kind", "amount_paise", "list_price_paise", "credit_paise", "credit_plan_key", "extra_days"
             FROM "payment_order" WHERE "provider_order_id" = $1`,
          [providerOrderId],
        )
      )[0];

    it('credits price × days left ÷ plan days against Gold, for a plan bought today, mid-way and on its last day', async () => {
      const HOUR = 3_600_000;
      const cases = [
        { name: 'bought today', ago: 5 * 60_000 },
        { name: 'a month in', ago: 30 * DAY + 3 * HOUR },
        // Started three months before two hours from now: two hours left.
        {
          name: 'the last day',
          ago: Date.now() - addMonthsIst(new Date(Date.now() + 2 * HOUR), -3).getTime(),
        },
      ];
      for (const c of cases) {
        const viewer = newViewer();
        await buy(viewer, 'standard');
        // Standard lasts three months.
        const held = await heldSince(viewer, c.ago, 3);
        const [{ till }] = await billing.dataSource.query(
          `SELECT "valid_till" AS "till" FROM "subscription" WHERE "viewer_id" = $1`,
          [viewer],
        );
        const daysLeft = Math.ceil((new Date(till).getTime() - Date.now()) / DAY);
        const credit = Math.floor((29900 * daysLeft) / held.days);
        const order = await createOrder(viewer, 'gold');
        expect({ case: c.name, amount: order.amount, quote: order.quote }).toEqual({
          case: c.name,
          amount: 120000 - credit,
          quote: expect.objectContaining({
            kind: 'upgrade',
            listPrice: 120000,
            credit,
            creditPlanKey: 'standard',
            extraDays: 0,
            amount: 120000 - credit,
          }),
        });
        expect(razorpay.orders.get(order.orderId)?.amount).toBe(120000 - credit);
        const before = Date.now();
        const verified = await verify(viewer, 'gold', razorpay.pay(order.orderId).confirmation);
        // Gold starts now, for its own twelve months.
        const goldTill = new Date(verified.activeSubscription!.validTill).getTime();
        expect(goldTill - before).toBeGreaterThan(364 * DAY);
        expect(goldTill - before).toBeLessThan(367 * DAY);
        expect(await orderRow(order.orderId)).toEqual({
          kind: 'upgrade',
          amount_paise: 120000 - credit,
          list_price_paise: 120000,
          credit_paise: credit,
          credit_plan_key: 'standard',
          extra_days: 0,
        });
        // The invoice shows the credit as a discount; GST is on what was paid (Karnataka: IGST).
        const receipt = await rpc.call(Subjects.billing.receipt, {
          viewerId: viewer,
          receiptId: verified.receiptId,
        });
        expect(receipt).toMatchObject({
          listPrice: 120000,
          credit: { amount: credit, planName: 'Standard Plan' },
          amount: 120000 - credit,
          taxes: [{ name: 'IGST', ratePercent: 18 }],
        });
        expect(receipt.taxableValue + receipt.taxes[0].amount).toBe(120000 - credit);
        expect(receipt.taxableValue).toBe(Math.round(((120000 - credit) * 100) / 118));
        expect((await periods(viewer)).map((r: { change: string }) => r.change)).toEqual([
          'activated',
          'replaced',
        ]);
      }
    });

    it('queues a lower plan behind the one held, shows it, extends it, refuses another, and starts it at the end', async () => {
      const viewer = newViewer();
      const gold = await buy(viewer, 'gold');
      const goldTill = gold.verified.activeSubscription!.validTill;
      const quotes = await rpc.call(Subjects.billing.quotes, { viewerId: viewer });
      expect(quotes.map((q) => [q.planKey, q.kind, q.amount, q.startsAt])).toEqual([
        ['basic', 'queue', 9900, goldTill],
        ['standard', 'queue', 29900, goldTill],
        ['premium', 'queue', 99900, goldTill],
        ['gold', 'extend', 120000, null],
      ]);
      const basic = await buy(viewer, 'basic');
      expect(basic.order.quote).toMatchObject({ kind: 'queue', amount: 9900, credit: 0, startsAt: goldTill });
      // Gold still plays; Basic waits behind it.
      expect(basic.verified.activeSubscription).toMatchObject({ planKey: 'gold', validTill: goldTill });
      const account = await rpc.call(Subjects.billing.account, { viewerId: viewer });
      expect(account.queued).toMatchObject({ planKey: 'basic', planName: 'Basic Plan', validFrom: goldTill });
      const basicTill = new Date(account.queued!.validTill).getTime();
      expect(basicTill - new Date(goldTill).getTime()).toBeGreaterThan(88 * DAY);

      // One queued plan at a time: another is refused before any payment; the queued one extends.
      for (const planKey of ['standard', 'gold'] as const)
        await expect(createOrder(viewer, planKey)).rejects.toMatchObject({ code: ErrorCode.PLAN_QUEUED });
      const again = await buy(viewer, 'basic');
      expect(again.order.quote.kind).toBe('extend-queued');
      const longer = await rpc.call(Subjects.billing.account, { viewerId: viewer });
      expect(new Date(longer.queued!.validTill).getTime() - basicTill).toBeGreaterThan(88 * DAY);
      expect((await periods(viewer)).map((r: { change: string }) => r.change)).toEqual([
        'activated',
        'queued',
        'queued',
      ]);

      // Gold runs out: Basic plays at once, and the sweep makes it the plan held, announcing no expiry.
      await billing.dataSource.query(
        `UPDATE "subscription" SET "valid_till" = now() - interval '1 second' WHERE "viewer_id" = $1`,
        [viewer],
      );
      expect(await status(viewer)).toMatchObject({
        isSubscribed: true,
        activeSubscription: { planKey: 'basic' },
        maxResolution: 720,
      });
      await billing.app.get(BillingSweeps).announceExpiries();
      const [row] = await billing.dataSource.query(
        `SELECT "plan_key", "next_plan_key" FROM "subscription" WHERE "viewer_id" = $1`,
        [viewer],
      );
      expect(row).toEqual({ plan_key: 'basic', next_plan_key: null });
      expect(await eventsFor(viewer)).not.toContain(Events.subscriptionExpired);
      expect((await rpc.call(Subjects.billing.account, { viewerId: viewer })).queued).toBeNull();
    });

    it('keeps the credit adding up in the database', async () => {
      const viewer = newViewer();
      await buy(viewer, 'basic');
      const order = await createOrder(viewer, 'premium');
      expect(order.quote).toMatchObject({ kind: 'upgrade', creditPlanKey: 'basic' });
      for (const broken of [`"credit_paise" = "credit_paise" + 1`, `"kind" = 'new'`])
        await expect(
          billing.dataSource.query(`UPDATE "payment_order" SET ${broken} WHERE "provider_order_id" = $1`, [
            order.orderId,
          ]),
        ).rejects.toThrow(/payment_order_credit/);
    });
  });

  describe('credit notes (DECISIONS D32), ready for refunds', () => {
    const issue = (receiptId: string, amount: number, reason = 'Refund on request') =>
      billing.dataSource.transaction((manager) =>
        billing.app.get(CreditNotesService).issue(manager, { receiptId, amount, reason }),
      );
    const paidInvoice = async (planKey: PlanKey, stateCode: string) => {
      const viewer = newViewer();
      const order = await createOrder(viewer, planKey, stateCode);
      const verified = await verify(viewer, planKey, razorpay.pay(order.orderId).confirmation);
      return { viewer, receiptId: verified.receiptId };
    };

    it('takes back part, then the rest, of an invoice: the notes add up to it exactly, and no more is taken', async () => {
      const { viewer, receiptId } = await paidInvoice('gold', '36');
      const part = await issue(receiptId, 50000, 'Partial refund: streaming outage');
      expect(part.number).toMatch(/^CN\/\d{4}-\d{2}\/\d{6}$/);
      const rest = await issue(receiptId, 70000, 'Refund of the rest');
      expect(Number(rest.number.split('/')[2])).toBe(Number(part.number.split('/')[2]) + 1);
      const [sums] = await billing.dataSource.query(
        `SELECT sum(n."taxable_paise")::int AS "taxable", sum(n."cgst_paise")::int AS "cgst",
                sum(n."sgst_paise")::int AS "sgst", sum(n."igst_paise")::int AS "igst", sum(n."amount_paise")::int AS "amount",
                min(r."taxable_paise") AS "r_taxable", min(r."cgst_paise") AS "r_cgst", min(r."sgst_paise") AS "r_sgst"
           FROM "credit_note" n JOIN "receipt" r ON r."id" = n."receipt_id" WHERE n."receipt_id" = $1`,
        [receiptId],
      );
      expect(sums).toEqual({
        taxable: 101694,
        cgst: 9153,
        sgst: 9153,
        igst: 0,
        amount: 120000,
        r_taxable: 101694,
        r_cgst: 9153,
        r_sgst: 9153,
      });
      await expect(issue(receiptId, 1)).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });

      const note = await billing.app.get(CreditNotesService).get(viewer, part.id);
      expect(note).toMatchObject({
        number: part.number,
        reason: 'Partial refund: streaming outage',
        amount: 50000,
        taxes: [
          { name: 'CGST', ratePercent: 9 },
          { name: 'SGST', ratePercent: 9 },
        ],
        placeOfSupply: { code: '36' },
        amountInWords: 'Rupees Five Hundred Only',
        planName: 'Gold Plan',
      });
      expect(note.taxableValue + note.taxes.reduce((sum, t) => sum + t.amount, 0)).toBe(50000);
      const pdf = await billing.app.get(CreditNotesService).pdf(viewer, part.id);
      expect(Buffer.from(pdf.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.fileName).toBe(`chitram-credit-note-${part.number.replace(/\//g, '-')}.pdf`);
      await expect(billing.app.get(CreditNotesService).get(newViewer(), part.id)).rejects.toMatchObject({
        code: ErrorCode.NOT_FOUND,
      });
    });

    it('splits a note between states as its invoice was (IGST), and numbers notes with no gap when issued at once', async () => {
      const invoices = await Promise.all(
        Array.from({ length: 6 }, (_, i) => paidInvoice('standard', i % 2 ? '36' : '19')),
      );
      const notes = await Promise.all(invoices.map((inv) => issue(inv.receiptId, 29900)));
      const numbers = notes.map((n) => Number(n.number.split('/')[2])).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => numbers[0] + i));
      const igst = notes.filter((_, i) => i % 2 === 0).map((n) => n.figures);
      for (const figures of igst) expect(figures).toEqual({ taxable: 25339, cgst: 0, sgst: 0, igst: 4561 });
      // Two refunds of one invoice at once: one note, the other refused, never more than the invoice.
      const { receiptId } = await paidInvoice('basic', '36');
      const both = await Promise.allSettled([issue(receiptId, 9900), issue(receiptId, 9900)]);
      expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      await expect(
        billing.dataSource.query(
          `UPDATE "credit_note" SET "cgst_paise" = "cgst_paise" + 1 WHERE "receipt_id" = $1`,
          [receiptId],
        ),
      ).rejects.toThrow(/credit_note_adds_up/);
    });
  });

  it('keeps payments and receipts without the person when the account is deleted (D25)', async () => {
    const viewer = newViewer();
    const order = await createOrder(viewer, 'basic', '32');
    const verified = await verify(viewer, 'basic', razorpay.pay(order.orderId).confirmation);
    const event: UserDeleted = { viewerId: viewer, deletedAt: new Date().toISOString() };
    // Published as the users service would, through an outbox row's id and the same stream.
    const js = nats.jetstream();
    const envelope: EventEnvelope<UserDeleted> = {
      id: randomUUID(),
      subject: Events.userDeleted,
      occurredAt: event.deletedAt,
      payload: event,
    };
    await js.publish(busSubject(isolation.env, Events.userDeleted), JSONCodec().encode(envelope), {
      msgID: envelope.id,
    });
    await waitFor(async () => (await count(`"receipt" WHERE "viewer_id" = $1`, [viewer])) === 0, 10_000);
    expect(await status(viewer)).toMatchObject({ isSubscribed: false });
    const [receipt] = await billing.dataSource.query(`SELECT * FROM "receipt" WHERE "id" = $1`, [
      verified.receiptId,
    ]);
    expect(receipt).toMatchObject({ viewer_id: null, phone_number: null, amount_paise: 9900 });
    expect(await count(`"billing_account" WHERE "viewer_id" = $1`, [viewer])).toBe(0);
    expect(
      await count(`"payment_order" WHERE "viewer_id" = $1 OR "phone_number" = $2`, [
        viewer,
        users.viewers.get(viewer)!.phoneNumber,
      ]),
    ).toBe(0);
    expect(
      await count(
        `"payment" WHERE "order_id" = (SELECT "id" FROM "payment_order" WHERE "provider_order_id" = $1)`,
        [order.orderId],
      ),
    ).toBe(1);
  });

  it('settles a payment captured while billing was stopped, by reconciliation when it is back', async () => {
    const viewer = newViewer();
    const order: CheckoutOrder = await createOrder(viewer, 'premium');
    await billing.close();
    // The viewer pays; the browser's return and Razorpay's webhook both fail, for billing is down.
    razorpay.pay(order.orderId);
    await expect(verify(viewer, 'premium', razorpay.pay(order.orderId).confirmation)).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
    // Billing comes back on the same database, looking at orders open for over a second, every second.
    billing = await startTestService(billingService, {
      database: billing.database,
      env: { ...env, RECONCILE_AFTER_SECONDS: '1', BILLING_SWEEP_SECONDS: '1' },
    });
    await waitFor(async () => (await status(viewer)).isSubscribed, 20_000, 200);
    // Two payments were made for one order (the customer tried twice): one activation, the other owed
    // back. Reconciliation settles an order's payments one after the other, so the second may be
    // filed a moment after the plan shows.
    const refundsDue = () =>
      count(
        `"payment" WHERE "refund_due" AND "order_id" = (SELECT "id" FROM "payment_order" WHERE "provider_order_id" = $1)`,
        [order.orderId],
      );
    await waitFor(async () => (await refundsDue()) > 0, 10_000, 200);
    expect(await refundsDue()).toBe(1);
    expect(await periods(viewer)).toHaveLength(1);
  });
});
