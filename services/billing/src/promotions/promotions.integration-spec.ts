import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  Events,
  Subjects,
  type CreateCouponBody,
  type PaymentConfirmation,
  type PlanKey,
  type UserDeleted,
} from '@chitram/contracts';
import { busSubject, connectNats, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  isolatedEnv,
  recordedAbout,
  startTestService,
  testInfrastructure,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { billingService } from '../service';
import { FAKE_RAZORPAY, FakeRazorpay } from '../testing/fake-razorpay';
import { viewersStandIn } from '../testing/viewers-stand-in';

// Coupons and the free trial (DECISIONS D33) in the billing service, on real Postgres, NATS and
// JetStream, paying through the real `razorpay` SDK against a local stand-in of Razorpay's API.

const DAY = 86_400_000;
const promotions = Subjects.billing.promotions;

describe('promotions: coupons and the free trial (D33)', () => {
  const isolation = isolatedEnv();
  const razorpay = new FakeRazorpay();
  const users = viewersStandIn();
  const actor = { adminId: randomUUID(), sessionId: randomUUID() };
  let usersService: TestService;
  let billing: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  const newViewer = (phoneNumber?: string) => users.newViewer(phoneNumber);
  const code = () => `T${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  const coupon = (terms: Partial<CreateCouponBody> = {}) =>
    rpc.call(promotions.createCoupon, {
      code: code(),
      kind: 'percent',
      percent: 20,
      validFrom: new Date(Date.now() - DAY).toISOString(),
      ...terms,
      actor,
    });
  const createOrder = (viewerId: string, planKey: PlanKey, couponCode?: string, stateCode = '36') =>
    rpc.call(Subjects.billing.createOrder, {
      viewerId,
      planKey,
      stateCode,
      ...(couponCode ? { couponCode } : {}),
    });
  const verify = (viewerId: string, planKey: PlanKey, confirmation: PaymentConfirmation) =>
    rpc.call(Subjects.billing.verifyPayment, { viewerId, planKey, ...confirmation });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: { code?: string }) => error.code,
    );
  const counted = async (couponId: string) => {
    const view = (await rpc.call(promotions.listCoupons, {})).find((c) => c._id === couponId)!;
    return { redeemed: view.redeemed, reserved: view.reserved };
  };

  beforeAll(async () => {
    await razorpay.start();
    usersService = await startTestService(users.definition);
    billing = await startTestService(billingService, {
      env: {
        ...isolation.env,
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: FAKE_RAZORPAY.keyId,
        RAZORPAY_KEY_SECRET: FAKE_RAZORPAY.keySecret,
        RAZORPAY_WEBHOOK_SECRET: FAKE_RAZORPAY.webhookSecret,
        RAZORPAY_API_BASE_URL: razorpay.baseUrl,
        RECONCILE_AFTER_SECONDS: '3600',
      },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'promotions-test');
    rpc = new RpcClient(nats, 10_000);
  });

  afterAll(async () => {
    await nats?.close();
    await billing?.destroy();
    await usersService?.destroy();
    await razorpay.stop();
    await isolation.cleanUp();
  });

  describe('coupons', () => {
    it('are made by finance with their terms, one per code, and refused when their terms do not add up', async () => {
      const made = await coupon({
        code: ' welcome-20 '.replace('welcome', `w${Date.now()}`),
        planKeys: ['standard'],
      });
      expect(made).toMatchObject({
        code: expect.stringMatching(/^W\d+-20$/),
        kind: 'percent',
        percent: 20,
        amount: null,
        planKeys: ['standard'],
        validTill: null,
        maxRedemptions: null,
        perAccountLimit: null,
        firstPurchaseOnly: false,
        redeemed: 0,
        reserved: 0,
        disabled: false,
      });
      expect(await refusal(coupon({ code: made.code }))).toBe(ErrorCode.COUPON_CODE_TAKEN);
      expect(await refusal(coupon({ kind: 'flat' }))).toBe(ErrorCode.VALIDATION_FAILED);
      expect(await refusal(coupon({ validTill: new Date(Date.now() - 2 * DAY).toISOString() }))).toBe(
        ErrorCode.VALIDATION_FAILED,
      );
      expect(await refusal(coupon({ code: 'no spaces' }))).toBe(ErrorCode.VALIDATION_FAILED);
    });

    it('takes 20% off on the server, GST on the discounted value (CGST + SGST in Telangana), and the invoice shows it', async () => {
      const { code: twenty } = await coupon({ percent: 20 });
      const viewer = newViewer();
      // The browser sends only the code, in any case.
      const quoted = await rpc.call(promotions.quote, {
        viewerId: viewer,
        planKey: 'standard',
        coupon: twenty.toLowerCase(),
      });
      expect(quoted).toMatchObject({
        listPrice: 29900,
        credit: 0,
        discount: 5980,
        couponCode: twenty,
        amount: 23920,
      });
      const order = await createOrder(viewer, 'standard', twenty.toLowerCase());
      expect(order.amount).toBe(23920);
      expect(razorpay.orders.get(order.orderId)?.amount).toBe(23920);
      const verified = await verify(viewer, 'standard', razorpay.pay(order.orderId).confirmation);
      const receipt = await rpc.call(Subjects.billing.receipt, {
        viewerId: viewer,
        receiptId: verified.receiptId,
      });
      expect(receipt).toMatchObject({
        amount: 23920,
        listPrice: 29900,
        credit: null,
        discount: { amount: 5980, code: twenty },
        taxableValue: 20272,
        taxes: [
          { name: 'CGST', ratePercent: 9, amount: 1824 },
          { name: 'SGST', ratePercent: 9, amount: 1824 },
        ],
      });
      const [row] = await billing.dataSource.query(
        `SELECT "list_price_paise", "discount_paise", "amount_paise", "taxable_paise", "cgst_paise", "sgst_paise", "coupon_code"
           FROM "receipt" WHERE "id" = $1`,
        [verified.receiptId],
      );
      expect(row).toEqual({
        list_price_paise: 29900,
        discount_paise: 5980,
        amount_paise: 23920,
        taxable_paise: 20272,
        cgst_paise: 1824,
        sgst_paise: 1824,
        coupon_code: twenty,
      });
    });

    it('takes a flat ₹50 off, with IGST for a viewer in another state, to the paisa', async () => {
      const { code: fifty } = await coupon({ kind: 'flat', percent: undefined, amount: 5000 });
      const viewer = newViewer();
      const order = await createOrder(viewer, 'standard', fifty, '29');
      expect(order.quote).toMatchObject({ listPrice: 29900, discount: 5000, amount: 24900 });
      const verified = await verify(viewer, 'standard', razorpay.pay(order.orderId).confirmation);
      const receipt = await rpc.call(Subjects.billing.receipt, {
        viewerId: viewer,
        receiptId: verified.receiptId,
      });
      expect(receipt).toMatchObject({
        amount: 24900,
        discount: { amount: 5000, code: fifty },
        taxableValue: 21102,
        taxes: [{ name: 'IGST', ratePercent: 18, amount: 3798 }],
      });
    });

    it('never passes its total limit under 10 checkouts at once, refused before payment, and counts each captured payment once', async () => {
      const limited = await coupon({ maxRedemptions: 3 });
      const viewers = Array.from({ length: 10 }, () => newViewer());
      const outcomes = await Promise.all(
        viewers.map((viewer) =>
          createOrder(viewer, 'basic', limited.code).then(
            (order) => ({ viewer, order }),
            (error: { code: string }) => ({ viewer, refused: error.code }),
          ),
        ),
      );
      const orders = outcomes.flatMap((o) => ('order' in o ? [o] : []));
      expect(orders).toHaveLength(3);
      expect(outcomes.filter((o) => 'refused' in o).map((o) => ('refused' in o ? o.refused : ''))).toEqual(
        Array(7).fill(ErrorCode.COUPON_USED_UP),
      );
      // The refused made no order at Razorpay: nothing to pay.
      expect(
        Number(
          (
            await billing.dataSource.query(
              `SELECT count(*) AS n FROM "payment_order" WHERE "coupon_id" = $1`,
              [limited._id],
            )
          )[0].n,
        ),
      ).toBe(3);
      expect(await counted(limited._id)).toEqual({ redeemed: 0, reserved: 3 });
      // Each is paid, and told twice (the browser and the webhook): three redemptions, no more.
      for (const { viewer, order } of orders) {
        const { confirmation } = razorpay.pay(order.orderId);
        await verify(viewer, 'basic', confirmation);
        await rpc.call(Subjects.billing.webhook, {
          ...(({ rawBody, ...rest }) => ({ ...rest, rawBody: rawBody.toString('base64') }))(
            razorpay.webhook('payment.captured', confirmation.razorpay_payment_id),
          ),
        });
        await verify(viewer, 'basic', confirmation);
      }
      expect(await counted(limited._id)).toEqual({ redeemed: 3, reserved: 0 });
      expect(await refusal(createOrder(newViewer(), 'basic', limited.code))).toBe(ErrorCode.COUPON_USED_UP);
    });

    it('holds one per account: the same open order again, a second purchase refused', async () => {
      const once = await coupon({ perAccountLimit: 1 });
      const viewer = newViewer();
      const order = await createOrder(viewer, 'basic', once.code);
      // Asked again before paying: the same order, still holding its one redemption.
      expect((await createOrder(viewer, 'basic', once.code)).orderId).toBe(order.orderId);
      expect(await counted(once._id)).toEqual({ redeemed: 0, reserved: 1 });
      await verify(viewer, 'basic', razorpay.pay(order.orderId).confirmation);
      expect(await refusal(createOrder(viewer, 'basic', once.code))).toBe(ErrorCode.COUPON_USED_UP);
      // Another account may.
      expect(await refusal(createOrder(newViewer(), 'basic', once.code))).toBe('accepted');
    });

    it('gives back the redemption of an order whose payment failed', async () => {
      const single = await coupon({ maxRedemptions: 1 });
      const first = newViewer();
      const order = await createOrder(first, 'basic', single.code);
      expect(await refusal(createOrder(newViewer(), 'basic', single.code))).toBe(ErrorCode.COUPON_USED_UP);
      const { payment } = razorpay.pay(order.orderId, 'failed');
      const hook = razorpay.webhook('payment.failed', payment.id);
      await rpc.call(Subjects.billing.webhook, {
        rawBody: hook.rawBody.toString('base64'),
        signature: hook.signature,
        eventId: hook.eventId,
      });
      expect(await counted(single._id)).toEqual({ redeemed: 0, reserved: 0 });
      expect(await refusal(createOrder(newViewer(), 'basic', single.code))).toBe('accepted');
    });

    it('is refused for a second purchase when first-purchase-only, outside its dates, for another plan, unknown or disabled', async () => {
      const first = await coupon({ firstPurchaseOnly: true });
      const buyer = newViewer();
      const paidBefore = await createOrder(buyer, 'basic');
      await verify(buyer, 'basic', razorpay.pay(paidBefore.orderId).confirmation);
      expect(await refusal(createOrder(buyer, 'basic', first.code))).toBe(
        ErrorCode.COUPON_FIRST_PURCHASE_ONLY,
      );
      expect(await refusal(createOrder(newViewer(), 'basic', first.code))).toBe('accepted');

      const tomorrow = await coupon({ validFrom: new Date(Date.now() + DAY).toISOString() });
      const ended = await coupon({
        validFrom: new Date(Date.now() - 10 * DAY).toISOString(),
        validTill: new Date(Date.now() - DAY).toISOString(),
      });
      const goldOnly = await coupon({ planKeys: ['gold'] });
      const disabled = await coupon();
      await rpc.call(promotions.disableCoupon, { couponId: disabled._id, actor });
      // Disabled again, it stays so and the trail does not repeat it: made, then disabled, by finance.
      expect((await rpc.call(promotions.disableCoupon, { couponId: disabled._id, actor })).disabled).toBe(
        true,
      );
      expect(
        (await recordedAbout(billing.dataSource, disabled._id)).map((entry) => ({
          actor: entry.actor.adminId,
          action: entry.action,
          entity: entry.entity,
        })),
      ).toEqual(
        ['created', 'disabled'].map((action) => ({
          actor: actor.adminId,
          action,
          entity: { type: 'coupon', id: disabled._id, label: disabled.code },
        })),
      );
      await expect(
        rpc.call(promotions.disableCoupon, { couponId: randomUUID(), actor }),
      ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
      const viewer = newViewer();
      const quote = (planKey: PlanKey, couponCode: string) =>
        refusal(rpc.call(promotions.quote, { viewerId: viewer, planKey, coupon: couponCode }));
      expect({
        notYet: await quote('basic', tomorrow.code),
        ended: await quote('basic', ended.code),
        otherPlan: await quote('basic', goldOnly.code),
        itsPlan: await quote('gold', goldOnly.code),
        unknown: await quote('basic', 'NO-SUCH-COUPON'),
        disabled: await quote('basic', disabled.code),
        orderOutsideDates: await refusal(createOrder(viewer, 'basic', ended.code)),
      }).toEqual({
        notYet: ErrorCode.COUPON_EXPIRED,
        ended: ErrorCode.COUPON_EXPIRED,
        otherPlan: ErrorCode.COUPON_NOT_FOR_PLAN,
        itsPlan: 'accepted',
        unknown: ErrorCode.COUPON_UNKNOWN,
        disabled: ErrorCode.COUPON_UNKNOWN,
        orderOutsideDates: ErrorCode.COUPON_EXPIRED,
      });
    });
  });

  describe('the free trial', () => {
    it('gives Basic for 7 days without payment, once per number, even after the account is deleted and made again', async () => {
      const phoneNumber = `+918${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
      const viewer = newViewer(phoneNumber);
      expect(await rpc.call(promotions.trialOffer, { viewerId: viewer })).toEqual({
        planKey: 'basic',
        planName: 'Basic Plan',
        days: 7,
        eligible: true,
      });
      const before = Date.now();
      const started = await rpc.call(promotions.startTrial, { viewerId: viewer });
      expect(started).toMatchObject({ isSubscribed: true, activeSubscription: { planKey: 'basic' } });
      const till = new Date(started.activeSubscription!.validTill).getTime();
      expect(till - before).toBeGreaterThanOrEqual(7 * DAY - 1000);
      expect(till - before).toBeLessThan(7 * DAY + 5000);
      expect(await rpc.call(Subjects.billing.entitlement, { viewerId: viewer })).toMatchObject({
        isSubscribed: true,
        maxResolution: 720,
      });
      expect(
        Number(
          (
            await billing.dataSource.query(
              `SELECT count(*) AS n FROM "payment_order" WHERE "viewer_id" = $1`,
              [viewer],
            )
          )[0].n,
        ),
      ).toBe(0);
      expect(await rpc.call(promotions.trialOffer, { viewerId: viewer })).toMatchObject({ eligible: false });
      expect(await refusal(rpc.call(promotions.startTrial, { viewerId: viewer }))).toBe(
        ErrorCode.TRIAL_NOT_AVAILABLE,
      );
      // Nothing in the table gives the number away.
      const grants: Array<{ phone_hash: string }> = await billing.dataSource.query(
        `SELECT "phone_hash" FROM "trial_grant"`,
      );
      expect(grants.some((g) => g.phone_hash.includes(phoneNumber.slice(3)))).toBe(false);

      // The account is deleted (D25) and the number joins again: no second trial.
      const event: UserDeleted = { viewerId: viewer, deletedAt: new Date().toISOString() };
      const envelope: EventEnvelope<UserDeleted> = {
        id: randomUUID(),
        subject: Events.userDeleted,
        occurredAt: event.deletedAt,
        payload: event,
      };
      await nats
        .jetstream()
        .publish(busSubject(isolation.env, Events.userDeleted), JSONCodec().encode(envelope), {
          msgID: envelope.id,
        });
      await waitFor(
        async () => !(await rpc.call(Subjects.billing.entitlement, { viewerId: viewer })).isSubscribed,
        10_000,
      );
      users.viewers.delete(viewer);
      const rejoined = newViewer(phoneNumber);
      expect(await rpc.call(promotions.trialOffer, { viewerId: rejoined })).toMatchObject({
        eligible: false,
      });
      expect(await refusal(rpc.call(promotions.startTrial, { viewerId: rejoined }))).toBe(
        ErrorCode.TRIAL_NOT_AVAILABLE,
      );
      expect(await rpc.call(Subjects.billing.entitlement, { viewerId: rejoined })).toMatchObject({
        isSubscribed: false,
      });
    });

    it('is not offered while a plan runs; a plan bought during a trial earns no credit for it', async () => {
      const payer = newViewer();
      const order = await createOrder(payer, 'basic');
      await verify(payer, 'basic', razorpay.pay(order.orderId).confirmation);
      expect(await rpc.call(promotions.trialOffer, { viewerId: payer })).toMatchObject({ eligible: false });
      expect(await refusal(rpc.call(promotions.startTrial, { viewerId: payer }))).toBe(
        ErrorCode.TRIAL_NOT_AVAILABLE,
      );

      const trying = newViewer();
      await rpc.call(promotions.startTrial, { viewerId: trying });
      const gold = await createOrder(trying, 'gold');
      expect(gold.quote).toMatchObject({ kind: 'upgrade', credit: 0, amount: 120000 });
      const verified = await verify(trying, 'gold', razorpay.pay(gold.orderId).confirmation);
      expect(verified.activeSubscription).toMatchObject({ planKey: 'gold' });
      const [row] = await billing.dataSource.query(
        `SELECT "trial" FROM "subscription" WHERE "viewer_id" = $1`,
        [trying],
      );
      expect(row.trial).toBe(false);
    });
  });
});
