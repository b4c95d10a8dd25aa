import { randomUUID } from 'node:crypto';
import { ErrorCode, Events, Subjects, type PlanKey, type UserDeleted } from '@chitram/contracts';
import { busSubject, connectNats, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  isolatedEnv,
  rebuildAggregates,
  startTestService,
  testInfrastructure,
  type TestService,
  waitFor,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { billingService } from '../service';
import { viewersStandIn } from '../testing/viewers-stand-in';
import { startOfIndiaDayAt } from './india-days';

// Billing's parts of the back office (DECISIONS D13, D25) on real Postgres, NATS and JetStream, with
// payments taken through the sandbox provider of development (D19).

const DAY = 86_400_000;

describe("billing's reports for the back office", () => {
  const isolation = isolatedEnv();
  const users = viewersStandIn();
  let usersService: TestService;
  let billing: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const reports = Subjects.billing.reports;

  const newViewer = (phoneNumber = '+919812345678') => {
    const id = randomUUID();
    users.viewers.set(id, { _id: id, phoneNumber, createdAt: '', lastSeenAt: '' });
    return id;
  };
  /** Pays for a plan in the sandbox window and verifies it; answers the payment's row id. */
  const buy = async (viewerId: string, planKey: PlanKey): Promise<string> => {
    const order = await rpc.call(Subjects.billing.createOrder, { viewerId, planKey });
    const confirmation = await rpc.call(Subjects.billing.sandboxPay, { viewerId, orderId: order.orderId });
    await rpc.call(Subjects.billing.verifyPayment, { viewerId, planKey, ...confirmation });
    const [row]: Array<{ id: string }> = await billing.dataSource.query(
      'SELECT "id" FROM "payment" WHERE "provider_payment_id" = $1',
      [confirmation.razorpay_payment_id],
    );
    return row.id;
  };
  const paidAt = (paymentId: string, at: Date) =>
    billing.dataSource.query('UPDATE "payment" SET "at" = $2 WHERE "id" = $1', [paymentId, at]);

  beforeAll(async () => {
    usersService = await startTestService(users.definition);
    billing = await startTestService(billingService, {
      env: { ...isolation.env, PAYMENT_PROVIDER: 'sandbox', SANDBOX_WEBHOOK_DELAY_MS: '100' },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'billing-reports-test');
    rpc = new RpcClient(nats, 10_000);
  });

  afterAll(async () => {
    await nats?.close();
    await billing?.destroy();
    await usersService?.destroy();
    await isolation.cleanUp();
  });

  it('answers zeros, every plan listed, before anyone has paid', async () => {
    expect(await rpc.call(reports.figures, {})).toEqual({
      activeSubscribers: {
        total: 0,
        byPlan: [
          { planKey: 'basic', planName: 'Basic Plan', subscribers: 0 },
          { planKey: 'standard', planName: 'Standard Plan', subscribers: 0 },
          { planKey: 'premium', planName: 'Premium Plan', subscribers: 0 },
          { planKey: 'gold', planName: 'Gold Plan', subscribers: 0 },
        ],
      },
      revenue: { today: 0, last30Days: 0, allTime: 0 },
      latestPayments: [],
    });
  });

  describe('with payments of today, this month, long ago, owed back and failed', () => {
    const viewers: Record<'today' | 'month' | 'old' | 'refunded' | 'failed', string> = {
      today: '',
      month: '',
      old: '',
      refunded: '',
      failed: '',
    };

    beforeAll(async () => {
      viewers.today = newViewer('+919876543210');
      viewers.month = newViewer();
      viewers.old = newViewer();
      viewers.refunded = newViewer();
      viewers.failed = newViewer();
      const startOfToday = startOfIndiaDayAt(new Date()).getTime();
      await paidAt(await buy(viewers.old, 'premium'), new Date(startOfToday - 60 * DAY));
      // A minute before today began in India: in the 30 days, not today.
      await paidAt(await buy(viewers.month, 'gold'), new Date(startOfToday - 60_000));
      const refunded = await buy(viewers.refunded, 'standard');
      await billing.dataSource.query('UPDATE "payment" SET "refund_due" = true WHERE "id" = $1', [refunded]);
      const order = await rpc.call(Subjects.billing.createOrder, {
        viewerId: viewers.failed,
        planKey: 'gold',
      });
      await rpc.call(Subjects.billing.sandboxFail, { viewerId: viewers.failed, orderId: order.orderId });
      await waitFor(async () => {
        const rows: unknown[] = await billing.dataSource.query(
          `SELECT 1 FROM "payment" WHERE "viewer_id" = $1 AND "status" = 'failed'`,
          [viewers.failed],
        );
        return rows.length === 1;
      });
      await buy(viewers.today, 'basic');
      // Payments were moved in time and marked owed back by hand, behind billing's back: the per-day
      // aggregates (DECISIONS D12) are rebuilt from them, as after any edit of the facts.
      await rebuildAggregates(rpc, Subjects.billing.analytics);
    });

    it('sums captured revenue over Indian days, leaving out failures and payments owed back', async () => {
      const { revenue } = await rpc.call(reports.figures, {});
      expect(revenue).toEqual({ today: 9900, last30Days: 9900 + 120000, allTime: 9900 + 120000 + 99900 });
    });

    it('counts running plans by plan, and no longer a plan that ran out', async () => {
      const before = await rpc.call(reports.figures, {});
      expect(before.activeSubscribers.total).toBe(4);
      expect(before.activeSubscribers.byPlan.map((p) => p.subscribers)).toEqual([1, 1, 1, 1]);
      await billing.dataSource.query(
        `UPDATE "subscription" SET "valid_till" = now() - interval '1 day' WHERE "viewer_id" = $1`,
        [viewers.old],
      );
      const after = await rpc.call(reports.figures, {});
      expect(after.activeSubscribers.total).toBe(3);
      expect(after.activeSubscribers.byPlan.find((p) => p.planKey === 'premium')?.subscribers).toBe(0);
    });

    it('lists the latest captured payments, newest first, with a masked number', async () => {
      const { latestPayments } = await rpc.call(reports.figures, {});
      expect(latestPayments.map((p) => p.viewerId)).toEqual([
        viewers.today,
        viewers.refunded,
        viewers.month,
        viewers.old,
      ]);
      expect(latestPayments[0]).toEqual({
        _id: expect.any(String),
        paymentId: expect.stringMatching(/^pay_/),
        amount: 9900,
        planKey: 'basic',
        planName: 'Basic Plan',
        at: expect.any(String),
        viewerId: viewers.today,
        maskedPhoneNumber: '+91 98•••••210',
        refundDue: false,
      });
      expect(latestPayments[1].refundDue).toBe(true);
      expect(JSON.stringify(latestPayments)).not.toContain('9876543210');
    });

    it("answers a page of viewers' plans, running or run out, in one request", async () => {
      const plans = await rpc.call(reports.plansOf, {
        viewerIds: [viewers.today, viewers.old, randomUUID()],
      });
      expect(plans.sort((a, b) => a.planKey.localeCompare(b.planKey))).toEqual([
        {
          viewerId: viewers.today,
          planKey: 'basic',
          planName: 'Basic Plan',
          validTill: expect.any(String),
          active: true,
        },
        {
          viewerId: viewers.old,
          planKey: 'premium',
          planName: 'Premium Plan',
          validTill: expect.any(String),
          active: false,
        },
      ]);
      expect(await rpc.call(reports.plansOf, { viewerIds: [] })).toEqual([]);
      for (const viewerIds of [['not-an-id'], Array.from({ length: 101 }, () => randomUUID())])
        await expect(rpc.call(reports.plansOf, { viewerIds })).rejects.toMatchObject({
          code: ErrorCode.VALIDATION_FAILED,
        });
    });

    it("answers a viewer's subscription history and payments with their receipts, newest first", async () => {
      await buy(viewers.today, 'basic');
      const history = await rpc.call(reports.viewerHistory, { viewerId: viewers.today });
      expect(history.plan).toMatchObject({ planKey: 'basic', active: true });
      expect(history.subscriptions.map((s) => s.change)).toEqual(['extended', 'activated']);
      expect(history.subscriptions[0]).toMatchObject({
        planName: 'Basic Plan',
        paymentId: expect.stringMatching(/^pay_/),
        receiptNumber: expect.stringMatching(/^CH\/\d{4}-\d{2}\/\d{6}$/),
      });
      expect(history.payments).toHaveLength(2);
      expect(history.payments[0].receipt?.number).toBe(history.subscriptions[0].receiptNumber);
      const failed = await rpc.call(reports.viewerHistory, { viewerId: viewers.failed });
      expect(failed).toMatchObject({ plan: null, subscriptions: [] });
      expect(failed.payments.map((p) => p.status)).toEqual(['failed']);
    });

    it('keeps a deleted account’s payments in the figures, with neither its id nor its number (D25)', async () => {
      const event: UserDeleted = { viewerId: viewers.today, deletedAt: new Date().toISOString() };
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
      const figures = await waitFor(async () => {
        const answer = await rpc.call(reports.figures, {});
        return answer.latestPayments.every((p) => p.viewerId !== viewers.today) && answer;
      }, 10_000);
      expect(figures.revenue.today).toBe(2 * 9900);
      expect(figures.latestPayments.slice(0, 2)).toEqual([
        expect.objectContaining({ viewerId: null, maskedPhoneNumber: null, amount: 9900 }),
        expect.objectContaining({ viewerId: null, maskedPhoneNumber: null, amount: 9900 }),
      ]);
      expect(await rpc.call(reports.viewerHistory, { viewerId: viewers.today })).toEqual({
        plan: null,
        subscriptions: [],
        payments: [],
      });
    });
  });
});
