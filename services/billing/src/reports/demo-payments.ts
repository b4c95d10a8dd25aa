import { Inject, Injectable } from '@nestjs/common';
import { indiaDayOf, refuseDemoInProduction, type DemoPayment, type DemoRecorded } from '@chitram/contracts';
import { CONFIG, type EmitEvent, Outbox, type ServiceConfig } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { OrdersRepository, soldTermsOf } from '../orders/orders.repository';
import { PaymentsRepository } from '../payments/payments.repository';
import { SettlementService } from '../payments/settlement.service';
import { PlansService } from '../plans/plans.service';
import type { ProviderPayment } from '../providers/payment-provider';
import { BillingAnalyticsRepository } from './billing-analytics.repository';
import { BillingAnalyticsService } from './billing-analytics.service';

/** A provider id made of the demo payment's id: the same on every run, so a second run finds the first's. */
const providerId = (prefix: 'order' | 'pay', id: string) =>
  `${prefix}_demo${id.replace(/-/g, '').slice(0, 24)}`;

/**
 * Development only: payments of the past for the demo's charts, each settled as checkout settles one
 * (SettlementService.activate: period, receipt and the same events), dated when the demo says. The
 * catalogue so learns which plan each demo viewer held; revenue and coverage are recounted.
 */
@Injectable()
export class DemoPayments {
  constructor(
    private readonly outbox: Outbox,
    private readonly orders: OrdersRepository,
    private readonly payments: PaymentsRepository,
    private readonly settlement: SettlementService,
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
      await this.outbox.transaction(async (manager, emit) => {
        if (await this.settle(manager, emit, payment)) created++;
      });
    }
    return { created };
  }

  private async settle(manager: EntityManager, emit: EmitEvent, demo: DemoPayment): Promise<boolean> {
    const paymentId = providerId('pay', demo.id);
    if (await this.repository.knownPayment(manager, paymentId)) return false;
    const at = new Date(demo.at);
    // Priced as the plan was sold then (D43).
    const plan = await this.plans.get(demo.planKey, at);
    const order = await this.orders.insert(manager, {
      provider: 'sandbox',
      providerOrderId: providerId('order', demo.id),
      viewerId: demo.viewerId,
      phoneNumber: demo.phoneNumber,
      planKey: plan.planKey,
      amount: plan.amount,
      currency: plan.currency,
      placeOfSupply: null,
      kind: null,
      listPrice: plan.amount,
      credit: 0,
      creditPlanKey: null,
      extraDays: 0,
      discount: 0,
      couponId: null,
      couponCode: null,
      terms: soldTermsOf(plan),
    });
    const captured: ProviderPayment = {
      id: paymentId,
      orderId: order.providerOrderId,
      amount: plan.amount,
      currency: plan.currency,
      status: 'captured',
      method: 'upi',
      errorDescription: null,
    };
    const { payment } = await this.payments.record(manager, order.id, demo.viewerId, captured, 'captured');
    const settled = await this.settlement.activate(
      manager,
      emit,
      order,
      demo.viewerId,
      { ...payment, at },
      captured,
      at,
    );
    if (!settled) return false;
    const { period, receipt } = settled;
    await this.repository.backdate(
      manager,
      { orderId: order.id, paymentId: payment.id, periodId: period.id, receiptId: receipt.id },
      at,
    );
    await this.repository.recountRevenue(manager, [indiaDayOf(at)]);
    await this.analytics.recountCoverage(manager, demo.viewerId);
    return true;
  }
}
