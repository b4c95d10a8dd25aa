import { randomUUID } from 'node:crypto';
import { ErrorCode, Events, Subjects } from '@chitram/contracts';
import { connectNats, metricsText, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  metricValue,
  parseMetrics,
  startTestService,
  testInfrastructure,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { SANDBOX_KEYS } from '../config';
import { paymentSignature } from '../providers/signatures';
import { billingService } from '../service';
import { viewersStandIn } from '../testing/viewers-stand-in';

// The sandbox provider of development (DECISIONS D19): the payment window's Pay and Fail, signed like
// Razorpay's, with the webhook that follows a moment later.

describe('the sandbox payment provider', () => {
  const isolation = isolatedEnv();
  const users = viewersStandIn();
  let usersService: TestService;
  let billing: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  const newViewer = () => {
    const id = randomUUID();
    users.viewers.set(id, { _id: id, phoneNumber: '+919812345678', createdAt: '', lastSeenAt: '' });
    return id;
  };
  const events = async (viewerId: string) =>
    (
      await billing.dataSource.query(
        `SELECT "subject" FROM "outbox_event" WHERE "payload"->>'viewerId' = $1 ORDER BY "created_at"`,
        [viewerId],
      )
    ).map((r: { subject: string }) => r.subject);

  beforeAll(async () => {
    usersService = await startTestService(users.definition);
    billing = await startTestService(billingService, {
      env: { ...isolation.env, PAYMENT_PROVIDER: 'sandbox', SANDBOX_WEBHOOK_DELAY_MS: '200' },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'sandbox-test');
    rpc = new RpcClient(nats, 10_000);
  });

  afterAll(async () => {
    await nats?.close();
    await billing?.destroy();
    await usersService?.destroy();
    await isolation.cleanUp();
  });

  it('pays with a confirmation the server verifies, and its late webhook activates nothing twice', async () => {
    const viewer = newViewer();
    const order = await rpc.call(Subjects.billing.createOrder, { viewerId: viewer, planKey: 'gold' });
    expect(order).toMatchObject({ provider: 'sandbox', key: 'rzp_test_chitramsandbox', amount: 120000 });
    const confirmation = await rpc.call(Subjects.billing.sandboxPay, {
      viewerId: viewer,
      orderId: order.orderId,
    });
    expect(confirmation.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
    const verified = await rpc.call(Subjects.billing.verifyPayment, {
      viewerId: viewer,
      planKey: 'gold',
      ...confirmation,
    });
    expect(verified).toMatchObject({ isSubscribed: true, activeSubscription: { planKey: 'gold' } });
    await waitFor(async () => {
      const rows = await billing.dataSource.query('SELECT 1 FROM "webhook_event" WHERE "event_id" LIKE $1', [
        `evt_${confirmation.razorpay_payment_id.slice(4)}`,
      ]);
      return rows.length === 1;
    });
    expect(await events(viewer)).toEqual([Events.paymentCaptured, Events.subscriptionActivated]);
    // A paid order cannot be paid again in the sandbox window.
    await expect(
      rpc.call(Subjects.billing.sandboxPay, { viewerId: viewer, orderId: order.orderId }),
    ).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
  });

  it('makes the orders of more viewers checking out at once than billing has database connections', async () => {
    // Twenty at once against a pool of ten: no checkout may hold a connection over the provider's call,
    // or each waits for another that never comes free (they timed out after 3 s with 503s before).
    const viewers = Array.from({ length: 20 }, () => newViewer());
    const orders = await Promise.all(
      viewers.map((viewerId) => rpc.call(Subjects.billing.createOrder, { viewerId, planKey: 'standard' })),
    );
    expect(new Set(orders.map((o) => o.orderId)).size).toBe(20);
    expect(orders.every((o) => o.amount === 29900)).toBe(true);
  });

  it('refuses a validly signed confirmation of a payment the provider says does not exist', async () => {
    const viewer = newViewer();
    const order = await rpc.call(Subjects.billing.createOrder, { viewerId: viewer, planKey: 'premium' });
    const paymentId = `pay_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
    // Signed with the sandbox's key secret, as a leaked secret or a forged page could sign it.
    const confirmation = {
      razorpay_order_id: order.orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(SANDBOX_KEYS.keySecret, order.orderId, paymentId),
    };
    await expect(
      rpc.call(Subjects.billing.verifyPayment, { viewerId: viewer, planKey: 'premium', ...confirmation }),
    ).rejects.toMatchObject({ code: ErrorCode.PAYMENT_FAILED });
    expect((await rpc.call(Subjects.billing.entitlement, { viewerId: viewer })).isSubscribed).toBe(false);
    expect(await events(viewer)).toEqual([]);
  });

  it('activates through the webhook alone when the tab was closed after paying', async () => {
    const viewer = newViewer();
    const order = await rpc.call(Subjects.billing.createOrder, { viewerId: viewer, planKey: 'basic' });
    await rpc.call(Subjects.billing.sandboxPay, { viewerId: viewer, orderId: order.orderId });
    await waitFor(
      async () => (await rpc.call(Subjects.billing.entitlement, { viewerId: viewer })).isSubscribed,
    );
  });

  it('fails as a declined card: nothing activated, the failure in the history and the metrics', async () => {
    const failed = async () =>
      metricValue(parseMetrics(await metricsText()), 'chitram_payments_total', { outcome: 'failed' });
    const failedBefore = await failed();
    const viewer = newViewer();
    const order = await rpc.call(Subjects.billing.createOrder, { viewerId: viewer, planKey: 'standard' });
    const failure = await rpc.call(Subjects.billing.sandboxFail, {
      viewerId: viewer,
      orderId: order.orderId,
    });
    expect(failure.error.reason).toBe('payment_failed');
    await waitFor(async () => (await events(viewer)).includes(Events.paymentFailed));
    expect((await rpc.call(Subjects.billing.entitlement, { viewerId: viewer })).isSubscribed).toBe(false);
    expect(await rpc.call(Subjects.billing.payments, { viewerId: viewer })).toEqual([
      expect.objectContaining({ status: 'failed', planKey: 'standard', receipt: null }),
    ]);
    expect(await failed()).toBe(failedBefore + 1);
  });

  it("pays only the viewer's own order", async () => {
    const owner = newViewer();
    const order = await rpc.call(Subjects.billing.createOrder, { viewerId: owner, planKey: 'basic' });
    await expect(
      rpc.call(Subjects.billing.sandboxPay, { viewerId: newViewer(), orderId: order.orderId }),
    ).rejects.toMatchObject({ code: ErrorCode.ORDER_NOT_FOUND });
  });
});
