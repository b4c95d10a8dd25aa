import { Inject, Injectable } from '@nestjs/common';
import {
  Events,
  type EventSubject,
  GST_RATE_PERCENT,
  SAC_ONLINE_VIDEO,
  type PaymentCaptured,
  type PaymentFailed,
  type SubscriptionChange,
  type SubscriptionChanged,
} from '@chitram/contracts';
import { type EmitEvent, LOGGER, type Logger, Outbox } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { BillingConfig } from '../config';
import { OrdersRepository, type StoredOrder } from '../orders/orders.repository';
import { PlansService } from '../plans/plans.service';
import { CouponsService } from '../promotions/coupons.service';
import type { ProviderPayment } from '../providers/payment-provider';
import { ReceiptsRepository } from '../receipts/receipts.repository';
import { financialYear, invoiceFigures, receiptNumber } from '../receipts/receipt-rules';
import { SubscriptionsRepository, type StoredPeriod } from '../subscriptions/subscriptions.repository';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { nextPeriod } from '../subscriptions/subscription-rules';
import { paymentsSettled } from './payment-metrics';
import { quote } from '../subscriptions/upgrade-rules';
import { PaymentsRepository, type StoredPayment } from './payments.repository';

/** What a captured payment bought: the period and its receipt; null when it bought nothing (refund due). */
export interface Settlement {
  period: StoredPeriod;
  receipt: { id: string; number: string };
}

/** The event that announces each kind of plan change. */
const CHANGE_EVENTS: Record<SubscriptionChange, EventSubject<SubscriptionChanged>> = {
  activated: Events.subscriptionActivated,
  extended: Events.subscriptionExtended,
  replaced: Events.subscriptionReplaced,
  // Bought to start later (D38): the viewer's time is extended, by another plan.
  queued: Events.subscriptionExtended,
};

/**
 * Turns what the provider says of a payment into billing's truth (DECISIONS D17, D18), whoever brings the
 * news: the browser's verification, a webhook or reconciliation, in any order, any number of times, at
 * once. Each settlement locks its order first, so the news about one order is taken one at a time; the
 * unique payment and order of a subscription period make a second activation impossible even so.
 */
@Injectable()
export class SettlementService {
  constructor(
    private readonly outbox: Outbox,
    private readonly orders: OrdersRepository,
    private readonly payments: PaymentsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly receipts: ReceiptsRepository,
    private readonly plans: PlansService,
    private readonly config: BillingConfig,
    private readonly coupons: CouponsService,
    private readonly viewerPlans: SubscriptionsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A captured payment: one activation, one receipt, one set of events, however often it is told. */
  async captured(order: StoredOrder, payment: ProviderPayment): Promise<Settlement | null> {
    let outcome: 'captured' | 'refund_due' | 'repeat' = 'captured';
    const settlement = await this.outbox.transaction(async (manager, emit) => {
      const locked = await this.orders.lock(manager, order.id);
      const { payment: stored } = await this.payments.record(
        manager,
        locked.id,
        locked.viewerId,
        payment,
        'captured',
      );
      const existing = await this.subscriptions.periodOfPayment(manager, stored.id);
      if (existing) {
        outcome = 'repeat';
        return this.settlementOf(manager, existing, stored);
      }

      const refundDue = (why: string) => {
        outcome = 'refund_due';
        this.logger.error({ orderId: locked.id, paymentId: payment.id, amount: payment.amount }, why);
        return this.payments.markRefundDue(manager, stored.id);
      };
      if (payment.amount !== locked.amount || payment.currency !== locked.currency) {
        await refundDue('captured amount differs from the order; nothing activated, refund due');
        return null;
      }
      if (locked.status === 'paid') {
        // The viewer paid the same order twice (two tabs): the first payment bought the plan.
        await refundDue('a second payment for a paid order; refund due');
        const first = await this.subscriptions.periodOfOrder(manager, locked.id);
        return first ? this.settlementOf(manager, first, stored) : null;
      }
      if (!locked.viewerId) {
        await refundDue('payment for an order of a deleted account; refund due');
        return null;
      }
      return this.activate(manager, emit, locked, locked.viewerId, stored, payment);
    });
    paymentsSettled.inc({ outcome });
    return settlement;
  }

  /** A failed attempt: recorded and announced once; the order stays open for another attempt. */
  async failed(order: StoredOrder, payment: ProviderPayment): Promise<void> {
    let failedNow = false;
    await this.outbox.transaction(async (manager, emit) => {
      const locked = await this.orders.lock(manager, order.id);
      const { payment: stored, changed } = await this.payments.record(
        manager,
        locked.id,
        locked.viewerId,
        payment,
        'failed',
      );
      if (!changed || stored.status !== 'failed') return;
      failedNow = true;
      // The coupon's redemption held for this order goes back (D33); a later payment takes it again.
      await this.coupons.release(manager, locked.id);
      if (!locked.viewerId) return;
      const event: PaymentFailed = {
        viewerId: locked.viewerId,
        paymentId: payment.id,
        orderId: locked.providerOrderId,
        planKey: locked.planKey,
        amount: payment.amount,
        reason: payment.errorDescription ?? 'The payment failed.',
        failedAt: stored.at.toISOString(),
      };
      await emit(Events.paymentFailed, event);
    });
    if (failedNow) paymentsSettled.inc({ outcome: 'failed' });
  }

  /**
   * Activates what a captured payment of `order` bought, in the caller's transaction: the plan period
   * (started, extended or replacing another), the order paid, the receipt, and their events. The one
   * way a plan is activated: checkout's settlement above, and the development demo's payments of the
   * past (DemoPayments), which pass the moment they happened as `now`.
   */
  async activate(
    manager: EntityManager,
    emit: EmitEvent,
    order: StoredOrder,
    viewerId: string,
    stored: StoredPayment,
    payment: ProviderPayment,
    now: Date = new Date(),
  ): Promise<Settlement | null> {
    await this.subscriptions.lockViewer(manager, viewerId);
    const plan = await this.plans.get(order.planKey, now);
    // What buying the plan does is decided again now, on the plans as they are (another tab may have
    // bought one since the order was priced); the price paid, credit included, is the order's (D38),
    // and so are the terms it was sold with (D43).
    const current = await this.subscriptions.current(manager, viewerId);
    const running = current && current.validTill > now ? current : null;
    const held = await this.viewerPlans.heldPrice(viewerId, running, now, manager);
    const asNow = quote(current, plan, held, now);
    if (asNow.blocked) {
      this.logger.error(
        { orderId: order.id, paymentId: payment.id },
        'a plan was queued after this order was priced; nothing activated, refund due',
      );
      await this.payments.markRefundDue(manager, stored.id);
      return null;
    }
    const next = nextPeriod(asNow.kind, current, order.terms.validityMonths, order.extraDays, now);
    const period = await this.subscriptions.apply(manager, {
      viewerId,
      paymentId: stored.id,
      orderId: order.id,
      planKey: plan.planKey,
      change: next.change,
      validFrom: next.validFrom,
      validTill: next.validTill,
    });
    await this.orders.markPaid(manager, order.id);
    // The coupon's redemption held by the order is kept: counted once, as the order is settled once (D33).
    if (order.couponId) await this.coupons.redeem(manager, order.id);

    const year = financialYear(now);
    const sequence = await this.receipts.nextSequence(manager, year);
    // The place of supply is the viewer's state as the order recorded it (D32); by law the supplier's
    // when none was on record (orders made before tax invoices).
    const supplierStateCode = this.config.SELLER_STATE_CODE;
    const placeOfSupply = order.placeOfSupply ?? supplierStateCode;
    const figures = invoiceFigures(order.amount, placeOfSupply === supplierStateCode, GST_RATE_PERCENT);
    const receipt = await this.receipts.insert(manager, {
      number: receiptNumber(year, sequence),
      financialYear: year,
      sequence,
      paymentId: stored.id,
      viewerId,
      phoneNumber: order.phoneNumber,
      planKey: plan.planKey,
      planName: plan.plan,
      validFrom: period.validFrom,
      validTill: period.validTill,
      amount: order.amount,
      listPrice: order.listPrice,
      credit: order.credit,
      creditPlanName: order.creditPlanKey ? (await this.plans.get(order.creditPlanKey)).plan : null,
      discount: order.discount,
      couponCode: order.couponCode,
      taxable: figures.taxable,
      gst: figures.cgst + figures.sgst + figures.igst,
      gstRatePercent: GST_RATE_PERCENT,
      supplierStateCode,
      placeOfSupply,
      sac: SAC_ONLINE_VIDEO,
      cgst: figures.cgst,
      sgst: figures.sgst,
      igst: figures.igst,
    });

    const captured: PaymentCaptured = {
      viewerId,
      paymentId: payment.id,
      orderId: order.providerOrderId,
      planKey: plan.planKey,
      amount: order.amount,
      currency: 'INR',
      receiptNumber: receipt.number,
      capturedAt: stored.at.toISOString(),
    };
    await emit(Events.paymentCaptured, captured);
    const changed: SubscriptionChanged = {
      viewerId,
      change: next.change,
      planKey: plan.planKey,
      previousPlanKey: next.previousPlanKey,
      paymentId: payment.id,
      validFrom: period.validFrom.toISOString(),
      validTill: period.validTill.toISOString(),
      amount: order.amount,
    };
    await emit(CHANGE_EVENTS[next.change], changed);
    this.logger.info(
      {
        viewerId,
        planKey: plan.planKey,
        change: next.change,
        paymentId: payment.id,
        receipt: receipt.number,
      },
      'subscription settled',
    );
    return { period, receipt };
  }

  private async settlementOf(
    manager: EntityManager,
    period: StoredPeriod,
    payment: StoredPayment,
  ): Promise<Settlement | null> {
    const receipt = await this.receipts.ofPayment(manager, period.paymentId);
    if (!receipt) {
      this.logger.error({ paymentId: payment.id }, 'a settled payment has no receipt');
      return null;
    }
    return { period, receipt };
  }
}
