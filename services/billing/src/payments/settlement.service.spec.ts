import { randomUUID } from 'node:crypto';
import { Events, PLANS, type PlanKey, type StoredPlan } from '@chitram/contracts';
import { createLogger, type EmitEvent, type Outbox } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import type { BillingConfig } from '../config';
import {
  type NewOrder,
  type OrdersRepository,
  soldTermsOf,
  type StoredOrder,
} from '../orders/orders.repository';
import type { CouponsService } from '../promotions/coupons.service';
import type { PlansService } from '../plans/plans.service';
import type { ProviderPayment } from '../providers/payment-provider';
import type { NewReceipt, ReceiptsRepository } from '../receipts/receipts.repository';
import type { CurrentPlan } from '../subscriptions/subscription-rules';
import type {
  PeriodRecord,
  StoredPeriod,
  SubscriptionsRepository,
} from '../subscriptions/subscriptions.repository';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { PaymentsRepository, RecordedPayment, StoredPayment } from './payments.repository';
import { SettlementService } from './settlement.service';

/**
 * SettlementService's rules (DECISIONS D17, D18: one activation per payment, whoever brings the news;
 * refunds owed for a wrong amount or a second payment) with billing's repositories in memory. The SQL
 * itself (locks, unique keys) is tested against Postgres in billing.integration-spec.ts.
 */

const noManager = undefined as unknown as EntityManager;

/** The tables settlement touches, as arrays, behind the repository methods it calls. */
class InMemoryBilling {
  readonly orders: StoredOrder[] = [];
  readonly payments: Array<StoredPayment & { refundDue: boolean }> = [];
  readonly periods: StoredPeriod[] = [];
  readonly receipts: Array<NewReceipt & { id: string }> = [];
  readonly subscription = new Map<string, CurrentPlan>();
  readonly events: Array<{ subject: string; payload: unknown }> = [];

  readonly outbox: Pick<Outbox, 'transaction'> = {
    transaction: <T>(work: (manager: EntityManager, emit: EmitEvent) => Promise<T>) =>
      work(noManager, (subject, payload) => {
        this.events.push({ subject, payload });
        return Promise.resolve();
      }),
  };

  readonly ordersRepository: Pick<OrdersRepository, 'lock' | 'markPaid'> = {
    lock: (_m, id) => Promise.resolve({ ...this.orders.find((o) => o.id === id)! }),
    markPaid: (_m, id) => {
      this.orders.find((o) => o.id === id)!.status = 'paid';
      return Promise.resolve();
    },
  };

  readonly paymentsRepository: Pick<PaymentsRepository, 'record' | 'markRefundDue'> = {
    record: (_m, orderId, viewerId, payment, status): Promise<RecordedPayment> => {
      const known = this.payments.find((p) => p.providerPaymentId === payment.id);
      if (known && !(known.status === 'failed' && status === 'captured'))
        return Promise.resolve({ payment: known, changed: false });
      const stored = Object.assign(known ?? { id: randomUUID(), refundDue: false }, {
        providerPaymentId: payment.id,
        orderId,
        viewerId,
        amount: payment.amount,
        status,
        at: new Date(),
      });
      if (!known) this.payments.push(stored);
      return Promise.resolve({ payment: stored, changed: true });
    },
    markRefundDue: (_m, id) => {
      this.payments.find((p) => p.id === id)!.refundDue = true;
      return Promise.resolve();
    },
  };

  readonly subscriptionsRepository: Pick<
    SubscriptionsRepository,
    'lockViewer' | 'current' | 'periodOfPayment' | 'periodOfOrder' | 'apply'
  > = {
    lockViewer: () => Promise.resolve(),
    current: (_m, viewerId) => Promise.resolve(this.subscription.get(viewerId) ?? null),
    periodOfPayment: (_m, paymentId) => Promise.resolve(this.periods.find((p) => p.paymentId === paymentId)),
    periodOfOrder: (_m, orderId) => Promise.resolve(this.periods.find((p) => p.orderId === orderId)),
    apply: (_m, period: PeriodRecord) => {
      const stored = { ...period, id: randomUUID() };
      this.periods.push(stored);
      const held = this.subscription.get(period.viewerId);
      if (period.change === 'queued' && held)
        held.next = { planKey: period.planKey, validTill: period.validTill };
      else
        this.subscription.set(period.viewerId, {
          planKey: period.planKey,
          validFrom: period.change === 'extended' && held ? held.validFrom : period.validFrom,
          validTill: period.validTill,
          next: null,
        });
      return Promise.resolve(stored);
    },
  };

  readonly receiptsRepository: Pick<ReceiptsRepository, 'nextSequence' | 'insert' | 'ofPayment'> = {
    nextSequence: (_m, year) =>
      Promise.resolve(this.receipts.filter((r) => r.financialYear === year).length + 1),
    insert: (_m, receipt) => {
      const stored = { ...receipt, id: randomUUID() };
      this.receipts.push(stored);
      return Promise.resolve({ id: stored.id, number: stored.number });
    },
    ofPayment: (_m, paymentId) => {
      const receipt = this.receipts.find((r) => r.paymentId === paymentId);
      return Promise.resolve(receipt && { id: receipt.id, number: receipt.number });
    },
  };

  order(viewerId: string | null, planKey: PlanKey, amount = priceOf(planKey)): StoredOrder {
    const order: NewOrder & Pick<StoredOrder, 'id' | 'status' | 'createdAt'> = {
      id: randomUUID(),
      provider: 'sandbox',
      providerOrderId: `order_${randomUUID()}`,
      viewerId,
      phoneNumber: '+919800000000',
      planKey,
      amount,
      currency: 'INR',
      placeOfSupply: '36',
      kind: null,
      listPrice: amount,
      credit: 0,
      creditPlanKey: null,
      extraDays: 0,
      discount: 0,
      couponId: null,
      couponCode: null,
      terms: soldTermsOf(storedPlan(planKey)),
      status: 'created',
      createdAt: new Date(),
    };
    this.orders.push(order);
    return order;
  }

  subjects(): string[] {
    return this.events.map((e) => e.subject);
  }
}

const priceOf = (planKey: PlanKey) => Number(PLANS.find((p) => p.planKey === planKey)!.price) * 100;

const storedPlans: StoredPlan[] = PLANS.map((plan) => ({
  ...plan,
  amount: Number(plan.price) * 100,
  currency: 'INR',
  upcoming: null,
}));
const storedPlan = (planKey: string) => storedPlans.find((plan) => plan.planKey === planKey)!;

function paid(order: StoredOrder, amount = order.amount): ProviderPayment {
  return {
    id: `pay_${randomUUID()}`,
    orderId: order.providerOrderId,
    amount,
    currency: 'INR',
    status: 'captured',
    method: 'upi',
    errorDescription: null,
  };
}

function setUp() {
  const billing = new InMemoryBilling();
  const plans = { get: (planKey: string) => Promise.resolve(storedPlan(planKey)) } as PlansService;
  // The plan held was bought at the plan table's price.
  const viewerPlans = {
    heldPrice: (_viewerId: string, running: CurrentPlan | null) =>
      Promise.resolve(running ? storedPlan(running.planKey) : null),
  } as unknown as SubscriptionsService;
  const settlement = new SettlementService(
    billing.outbox as Outbox,
    billing.ordersRepository as OrdersRepository,
    billing.paymentsRepository as PaymentsRepository,
    billing.subscriptionsRepository as SubscriptionsRepository,
    billing.receiptsRepository as ReceiptsRepository,
    plans,
    { SELLER_STATE_CODE: '36' } as BillingConfig,
    // No order here has a coupon, and a failure has no redemption to give back.
    { release: () => Promise.resolve(), redeem: () => Promise.resolve() } as unknown as CouponsService,
    viewerPlans,
    createLogger('settlement-test', 'silent'),
  );
  return { billing, settlement };
}

describe('SettlementService (repositories in memory)', () => {
  it('turns a captured payment into one plan, one receipt and its events, however often it is told', async () => {
    const { billing, settlement } = setUp();
    const order = billing.order('viewer-1', 'premium');
    const payment = paid(order);
    const first = await settlement.captured(order, payment);
    expect(first).toMatchObject({
      period: { viewerId: 'viewer-1', planKey: 'premium', change: 'activated' },
    });
    expect(billing.subjects()).toEqual([Events.paymentCaptured, Events.subscriptionActivated]);
    expect(billing.orders[0].status).toBe('paid');

    // The webhook and reconciliation bring the same news again.
    expect(await settlement.captured(order, payment)).toEqual(first);
    expect(await settlement.captured(order, payment)).toEqual(first);
    expect(billing.periods).toHaveLength(1);
    expect(billing.receipts).toHaveLength(1);
    expect(billing.events).toHaveLength(2);
  });

  it('extends the plan a viewer holds, upgrades from now, and queues a lower plan (D38)', async () => {
    const { billing, settlement } = setUp();
    const first = billing.order('viewer-1', 'basic');
    const held = await settlement.captured(first, paid(first));
    const again = billing.order('viewer-1', 'basic');
    const extended = await settlement.captured(again, paid(again));
    expect(extended?.period).toMatchObject({ change: 'extended', validFrom: held!.period.validTill });
    const other = billing.order('viewer-1', 'gold');
    const replaced = await settlement.captured(other, paid(other));
    expect(replaced?.period).toMatchObject({ change: 'replaced', planKey: 'gold' });
    const lower = billing.order('viewer-1', 'standard');
    const queued = await settlement.captured(lower, paid(lower));
    expect(queued?.period).toMatchObject({ change: 'queued', validFrom: replaced!.period.validTill });
    expect(billing.subscription.get('viewer-1')).toMatchObject({
      planKey: 'gold',
      next: { planKey: 'standard', validTill: queued!.period.validTill },
    });
    // Another plan now would jump the queue: owed back, nothing activated.
    const jump = billing.order('viewer-1', 'premium');
    expect(await settlement.captured(jump, paid(jump))).toBeNull();
    expect(billing.payments.at(-1)?.refundDue).toBe(true);
    expect(billing.subjects().filter((s) => s !== Events.paymentCaptured)).toEqual([
      Events.subscriptionActivated,
      Events.subscriptionExtended,
      Events.subscriptionReplaced,
      Events.subscriptionExtended,
    ]);
    expect(billing.receipts.map((r) => r.sequence)).toEqual([1, 2, 3, 4]);
  });

  it('activates nothing and owes a refund when the amount captured is not the price', async () => {
    const { billing, settlement } = setUp();
    const order = billing.order('viewer-1', 'standard');
    expect(await settlement.captured(order, paid(order, order.amount - 100))).toBeNull();
    expect(billing.payments[0].refundDue).toBe(true);
    expect(billing.periods).toEqual([]);
    expect(billing.events).toEqual([]);
  });

  it('owes back a second payment of a paid order, which keeps what the first bought', async () => {
    const { billing, settlement } = setUp();
    const order = billing.order('viewer-1', 'standard');
    const first = await settlement.captured(order, paid(order));
    const second = paid(order);
    expect(await settlement.captured(order, second)).toEqual(first);
    expect(billing.payments.find((p) => p.providerPaymentId === second.id)?.refundDue).toBe(true);
    expect(billing.periods).toHaveLength(1);
  });

  it('owes back a payment for the order of a deleted account', async () => {
    const { billing, settlement } = setUp();
    const order = billing.order(null, 'basic');
    expect(await settlement.captured(order, paid(order))).toBeNull();
    expect(billing.payments[0].refundDue).toBe(true);
    expect(billing.events).toEqual([]);
  });

  it('announces a failed attempt once, and a later capture of it still buys the plan', async () => {
    const { billing, settlement } = setUp();
    const order = billing.order('viewer-1', 'basic');
    const attempt = { ...paid(order), status: 'failed' as const, errorDescription: 'Declined' };
    await settlement.failed(order, attempt);
    await settlement.failed(order, attempt);
    expect(billing.subjects()).toEqual([Events.paymentFailed]);
    expect(billing.events[0].payload).toMatchObject({ viewerId: 'viewer-1', reason: 'Declined' });
    await settlement.captured(order, { ...attempt, status: 'captured', errorDescription: null });
    expect(billing.subjects()).toEqual([
      Events.paymentFailed,
      Events.paymentCaptured,
      Events.subscriptionActivated,
    ]);
  });
});
