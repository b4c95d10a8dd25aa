import { randomUUID } from 'node:crypto';
import {
  addDays,
  daysBetween,
  Events,
  indiaDayOf,
  PLAN_KEYS,
  Subjects,
  type BillingAnalytics,
  type PaymentCaptured,
  type PlanKey,
  type SubscriptionChanged,
  type UserDeleted,
} from '@chitram/contracts';
import { busSubject, connectNats, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  isolatedEnv,
  rebuildAggregates,
  startTestService,
  testInfrastructure,
  type TestService,
  consumerAcknowledged,
  waitFor,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { billingService } from '../service';
import { viewersStandIn } from '../testing/viewers-stand-in';
import { BillingAnalyticsRepository } from './billing-analytics.repository';

// Revenue and running subscriptions per day (DECISIONS D12) on real Postgres and JetStream: payments of
// today through the sandbox checkout, payments of the past through the demo, events sent again and late.

describe("billing's analytics: per-day aggregates kept from events", () => {
  const isolation = isolatedEnv();
  const users = viewersStandIn();
  let usersService: TestService;
  let billing: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const analytics = Subjects.billing.analytics;

  const today = indiaDayOf(new Date());
  const day = (n: number) => addDays(today, -n);
  const at = (n: number, time = '12:00:00') => `${day(n)}T${time}+05:30`;
  const from = day(12);

  const viewer = (phoneNumber: string) => {
    const id = randomUUID();
    users.viewers.set(id, { _id: id, phoneNumber, createdAt: '', lastSeenAt: '' });
    return { id, phoneNumber };
  };
  const [v1, v2, v3] = [viewer('+919800000001'), viewer('+919800000002'), viewer('+919800000003')];
  // The past: v2 basic 10 days ago, replaced by standard 5 days ago; v3 gold 3 days ago (late evening).
  const demoPayments = [
    {
      id: randomUUID(),
      viewerId: v2.id,
      phoneNumber: v2.phoneNumber,
      planKey: 'standard' as const,
      at: at(5),
    },
    { id: randomUUID(), viewerId: v2.id, phoneNumber: v2.phoneNumber, planKey: 'basic' as const, at: at(10) },
    {
      id: randomUUID(),
      viewerId: v3.id,
      phoneNumber: v3.phoneNumber,
      planKey: 'gold' as const,
      at: at(3, '23:50:00'),
    },
  ];

  const publish = async <T>(subject: string, payload: T, id: string = randomUUID()) => {
    const envelope: EventEnvelope<T> = { id, subject, occurredAt: new Date().toISOString(), payload };
    return nats
      .jetstream()
      .publish(busSubject(isolation.env, subject), JSONCodec().encode(envelope), { msgID: randomUUID() });
  };
  const outboxEvents = async <T>(subject: string): Promise<Array<{ id: string; payload: T }>> =>
    billing.dataSource.query(
      `SELECT "id", "payload" FROM "outbox_event" WHERE "subject" = $1 ORDER BY "created_at"`,
      [subject],
    );
  const handled = async () => {
    const [{ n }]: Array<{ n: number }> = await billing.dataSource.query(
      `SELECT count(*)::int AS "n" FROM "processed_event" WHERE "consumer" LIKE 'billing-analytics-%'`,
    );
    return n;
  };
  const settled = async (count: number) => waitFor(async () => (await handled()) >= count, 15_000);
  const daily = () => rpc.call(analytics.daily, { from, to: today });
  /** Revenue per day counted straight from the payments. */
  const revenueFromPayments = async () => {
    const rows: Array<{ day: string; revenue: number }> = await billing.dataSource.query(
      `SELECT to_char(("at" AT TIME ZONE 'Asia/Kolkata')::date, 'YYYY-MM-DD') AS "day", sum("amount_paise")::int AS "revenue"
         FROM "payment" WHERE "status" = 'captured' AND NOT "refund_due" GROUP BY 1`,
    );
    return new Map(rows.map((r) => [r.day, r.revenue]));
  };
  const running = (answer: BillingAnalytics, plan: PlanKey) =>
    answer.days.map((d) => d.activeSubscriptions[plan]);
  /** The running count per day of the period that the script below makes, as a list from `from` to today. */
  const expectedRunning = (counts: (n: number) => Partial<Record<PlanKey, number>>) => {
    const days = daysBetween(from, today);
    return Object.fromEntries(
      PLAN_KEYS.map((plan) => [plan, days.map((_, i) => counts(days.length - 1 - i)[plan] ?? 0)]),
    );
  };
  const runningOf = (answer: BillingAnalytics) =>
    Object.fromEntries(PLAN_KEYS.map((plan) => [plan, running(answer, plan)]));

  beforeAll(async () => {
    usersService = await startTestService(users.definition);
    billing = await startTestService(billingService, {
      env: { ...isolation.env, PAYMENT_PROVIDER: 'sandbox', SANDBOX_WEBHOOK_DELAY_MS: '600000' },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'billing-analytics-test');
    rpc = new RpcClient(nats, 10_000);

    // Today: v1 buys basic through the sandbox checkout.
    const order = await rpc.call(Subjects.billing.createOrder, { viewerId: v1.id, planKey: 'basic' });
    const paid = await rpc.call(Subjects.billing.sandboxPay, { viewerId: v1.id, orderId: order.orderId });
    await rpc.call(Subjects.billing.verifyPayment, { viewerId: v1.id, planKey: 'basic', ...paid });
    await rpc.call(analytics.demo, { payments: demoPayments });
    // v1's payment and plan, and the three demo plans.
    await settled(5);
  }, 60_000);

  afterAll(async () => {
    await nats?.close();
    await billing?.destroy();
    await usersService?.destroy();
    await isolation.cleanUp();
  });

  const scripted = expectedRunning((n) => ({
    basic: (n >= 6 && n <= 10 ? 1 : 0) + (n === 0 ? 1 : 0),
    standard: n <= 5 ? 1 : 0,
    gold: n <= 3 ? 1 : 0,
  }));

  it('counts revenue on the day it was paid, and each plan on the days it ran, a replaced one until it was', async () => {
    const answer = await daily();
    const revenue = await revenueFromPayments();
    expect(answer.days.map((d) => [d.day, d.revenue])).toEqual(
      daysBetween(from, today).map((d) => [d, revenue.get(d) ?? 0]),
    );
    expect(answer.days.find((d) => d.day === day(3))).toMatchObject({ revenue: 120000, payments: 1 });
    expect(answer.days.find((d) => d.day === today)).toMatchObject({ revenue: 9900, payments: 1 });
    expect(runningOf(answer)).toEqual(scripted);
    expect(answer.plans.map((p) => p.planKey)).toEqual([...PLAN_KEYS]);
    expect(await rpc.call(analytics.revenue, { from: day(5), to: today })).toEqual({
      revenue: 29900 + 120000 + 9900,
      payments: 3,
    });
  });

  it('changes nothing for an event sent again, nor for a plan change that arrives late', async () => {
    const before = await daily();
    const [captured] = await outboxEvents<PaymentCaptured>(Events.paymentCaptured);
    const [first] = await outboxEvents<SubscriptionChanged>(Events.subscriptionActivated);
    const count = await handled();
    await publish(Events.paymentCaptured, captured.payload, captured.id); // a redelivery: the inbox drops it
    const again = await publish(Events.paymentCaptured, captured.payload); // the same news under another id
    const late = await publish(Events.subscriptionActivated, first.payload); // late, after its replacement
    await settled(count + 2);
    // Both consumers have taken every one of them (the repeat too): whatever they would change is changed.
    await consumerAcknowledged(nats, isolation.env.EVENTS_STREAM, 'billing-analytics-revenue', again.seq);
    await consumerAcknowledged(nats, isolation.env.EVENTS_STREAM, 'billing-analytics-activated', late.seq);
    expect(await daily()).toEqual(before);
  });

  it('rebuilds the same aggregates from payments and periods alone', async () => {
    const before = await daily();
    await billing.dataSource.query(
      `UPDATE "revenue_day" SET "revenue_paise" = 1; DELETE FROM "subscription_day_delta"`,
    );
    expect(await daily()).not.toEqual(before);
    expect(await rebuildAggregates(rpc, analytics)).toMatchObject({
      state: 'done',
      result: { facts: 8, rows: expect.any(Number) },
    });
    expect(await daily()).toEqual(before);
  });

  it("stops counting a deleted account's plan from that day, and keeps it so through a rebuild (D25)", async () => {
    const count = await handled();
    await publish<UserDeleted>(Events.userDeleted, { viewerId: v3.id, deletedAt: new Date().toISOString() });
    await settled(count + 1);
    const after = await daily();
    const gold = scripted.gold.map((n, i, all) => (i === all.length - 1 ? 0 : n));
    expect(runningOf(after)).toEqual({ ...scripted, gold });
    // The payment stays revenue.
    expect(after.days.find((d) => d.day === day(3))?.revenue).toBe(120000);
    await rebuildAggregates(rpc, analytics);
    expect(await daily()).toEqual(after);
  });

  it('recounts one day from two transactions at once (two instances, two payments) and keeps its key', async () => {
    const before = await daily();
    const repository = billing.app.get(BillingAnalyticsRepository);
    const first = billing.dataSource.createQueryRunner();
    await first.connect();
    await first.startTransaction();
    try {
      await repository.recountRevenue(first.manager, [today]);
      // The second recount of the day runs while the first holds its rows; it waits for the first.
      const waiting = async () =>
        (
          await billing.dataSource.query<unknown[]>(
            `SELECT 1 FROM pg_stat_activity WHERE "datname" = current_database() AND "wait_event_type" = 'Lock'`,
          )
        ).length > 0;
      const second = billing.dataSource.transaction((manager) => repository.recountRevenue(manager, [today]));
      await waitFor(waiting, 10_000, 20);
      await first.commitTransaction();
      await second;
    } finally {
      if (first.isTransactionActive) await first.rollbackTransaction();
      await first.release();
    }
    expect(await daily()).toEqual(before);
  });

  it('adds nothing when the same demo payments come again', async () => {
    const before = await daily();
    expect(await rpc.call(analytics.demo, { payments: demoPayments })).toEqual({ created: 0 });
    expect(await daily()).toEqual(before);
  });
});
