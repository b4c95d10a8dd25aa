import { Inject, Injectable } from '@nestjs/common';
import {
  GST_RATE_PERCENT,
  indiaDayOf,
  refuseDemoInProduction,
  splitGst,
  type DemoPayment,
  type DemoRecorded,
  type SubscriptionChanged,
} from '@chitram/contracts';
import { CONFIG, recordEvent, type ServiceConfig } from '@chitram/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { OrdersRepository } from '../orders/orders.repository';
import { PaymentsRepository } from '../payments/payments.repository';
import { CHANGE_EVENTS } from '../payments/settlement.service';
import { PlansService } from '../plans/plans.service';
import { ReceiptsRepository } from '../receipts/receipts.repository';
import { financialYear, receiptNumber } from '../receipts/receipt-rules';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { nextPeriod } from '../subscriptions/subscription-rules';
import { BillingAnalyticsRepository } from './billing-analytics.repository';
import { BillingAnalyticsService } from './billing-analytics.service';

/** A provider id made of the demo payment's id: the same on every run, so a second run finds the first's. */
const providerId = (prefix: 'order' | 'pay', id: string) =>
  `${prefix}_demo${id.replace(/-/g, '').slice(0, 24)}`;

/**
 * Development only: payments of the past for the demo's charts, each as checkout would leave it (order,
 * captured payment, period, receipt), dated when the demo says. The plan changes are announced like
 * real ones (the catalogue learns which plan each demo viewer held); revenue and coverage are recounted.
 */
@Injectable()
export class DemoPayments {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly payments: PaymentsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly receipts: ReceiptsRepository,
    private readonly plans: PlansService,
    private readonly analytics: BillingAnalyticsService,
    private readonly repository: BillingAnalyticsRepository,
    @Inject(CONFIG) private readonly config: ServiceConfig,
  ) {}

  async record(payments: DemoPayment[]): Promise<DemoRecorded> {
    refuseDemoInProduction(this.config.isProduction);
    let created = 0;
    const ordered = [...payments].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    for (const payment of ordered) {
      await this.dataSource.transaction(async (manager) => {
        if (await this.settle(manager, payment)) created++;
      });
    }
    return { created };
  }

  private async settle(manager: EntityManager, demo: DemoPayment): Promise<boolean> {
    const paymentId = providerId('pay', demo.id);
    const known: unknown[] = await manager.query(`SELECT 1 FROM "payment" WHERE "provider_payment_id" = $1`, [
      paymentId,
    ]);
    if (known.length) return false;
    const at = new Date(demo.at);
    const plan = await this.plans.get(demo.planKey);
    const order = await this.orders.insert(manager, {
      provider: 'sandbox',
      providerOrderId: providerId('order', demo.id),
      viewerId: demo.viewerId,
      phoneNumber: demo.phoneNumber,
      planKey: plan.planKey,
      amount: plan.amount,
      currency: plan.currency,
    });
    const { payment } = await this.payments.record(
      manager,
      order.id,
      demo.viewerId,
      {
        id: paymentId,
        orderId: order.providerOrderId,
        amount: plan.amount,
        currency: plan.currency,
        status: 'captured',
        method: 'upi',
        errorDescription: null,
      },
      'captured',
    );
    await this.subscriptions.lockViewer(manager, demo.viewerId);
    const next = nextPeriod(
      await this.subscriptions.current(manager, demo.viewerId),
      plan.planKey,
      plan.validityMonths,
      at,
    );
    const period = await this.subscriptions.apply(manager, {
      viewerId: demo.viewerId,
      paymentId: payment.id,
      orderId: order.id,
      planKey: plan.planKey,
      change: next.change,
      validFrom: next.validFrom,
      validTill: next.validTill,
    });
    await this.orders.markPaid(manager, order.id);
    const year = financialYear(at);
    const sequence = await this.receipts.nextSequence(manager, year);
    const { taxable, gst } = splitGst(plan.amount, GST_RATE_PERCENT);
    const receipt = await this.receipts.insert(manager, {
      number: receiptNumber(year, sequence),
      financialYear: year,
      sequence,
      paymentId: payment.id,
      viewerId: demo.viewerId,
      phoneNumber: demo.phoneNumber,
      planKey: plan.planKey,
      planName: plan.plan,
      validFrom: period.validFrom,
      validTill: period.validTill,
      amount: plan.amount,
      taxable,
      gst,
      gstRatePercent: GST_RATE_PERCENT,
    });
    // Dated when the demo says, as if checkout had run then.
    await manager.query(`UPDATE "payment_order" SET "created_at" = $2, "paid_at" = $2 WHERE "id" = $1`, [
      order.id,
      at,
    ]);
    await manager.query(`UPDATE "payment" SET "at" = $2 WHERE "id" = $1`, [payment.id, at]);
    await manager.query(`UPDATE "subscription_period" SET "created_at" = $2 WHERE "id" = $1`, [
      period.id,
      at,
    ]);
    await manager.query(`UPDATE "receipt" SET "issued_at" = $2 WHERE "id" = $1`, [receipt.id, at]);
    const changed: SubscriptionChanged = {
      viewerId: demo.viewerId,
      change: next.change,
      planKey: plan.planKey,
      previousPlanKey: next.previousPlanKey,
      paymentId,
      validFrom: period.validFrom.toISOString(),
      validTill: period.validTill.toISOString(),
      amount: plan.amount,
    };
    await recordEvent(manager, CHANGE_EVENTS[next.change], changed);
    await this.repository.recountRevenue(manager, [indiaDayOf(at)]);
    await this.analytics.recountCoverage(manager, demo.viewerId);
    return true;
  }
}
