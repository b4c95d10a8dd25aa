import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Events, type SubscriptionExpired } from '@chitram/contracts';
import { JobHandler, JobQueue, LOGGER, type JobContext, type Logger, Outbox } from '@chitram/nest-kit';
import { BillingConfig } from '../config';
import { OrdersRepository, type StoredOrder } from '../orders/orders.repository';
import { CouponsService } from '../promotions/coupons.service';
import { PaymentProvider } from '../providers/payment-provider';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { reconciliations } from './payment-metrics';
import { SettlementService } from './settlement.service';

export const BILLING_SWEEP_JOB = 'billing.sweep';
/** Orders asked about per sweep, and expiries announced per batch. */
const BATCH = 50;
/** An order nobody paid within this many days is given up (Razorpay's own orders lapse sooner). */
const ABANDON_AFTER_DAYS = 7;

/**
 * The periodic work of billing, once across all instances (ARCHITECTURE rule 10): settle orders left
 * open (a closed tab and a lost webhook), give up very old ones, and announce plans that ran out.
 */
@Injectable()
export class BillingSweeps implements OnApplicationBootstrap {
  constructor(
    private readonly config: BillingConfig,
    private readonly queue: JobQueue,
    private readonly outbox: Outbox,
    private readonly orders: OrdersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly provider: PaymentProvider,
    private readonly settlement: SettlementService,
    private readonly coupons: CouponsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.every(BILLING_SWEEP_JOB, this.config.BILLING_SWEEP_SECONDS * 1000, (error) =>
      this.logger.warn({ err: error }, 'billing sweep not enqueued; the next period will be'),
    );
  }

  @JobHandler(BILLING_SWEEP_JOB, { ackWaitMs: 5 * 60_000 })
  async sweep(_job: unknown, { progress }: JobContext): Promise<void> {
    await this.reconcile(progress);
    const abandoned = await this.orders.abandonOlderThan(ABANDON_AFTER_DAYS);
    if (abandoned) this.logger.info({ abandoned }, 'unpaid orders given up');
    // After reconciliation asked about them: coupons held by orders still unpaid go back (D33).
    const released = await this.coupons.releaseUnpaid();
    if (released) this.logger.info({ released }, 'coupon redemptions of unpaid orders released');
    await this.announceExpiries();
  }

  /** Asks the provider about orders left open, and settles what it says was paid or failed. */
  async reconcile(progress: () => void = () => undefined): Promise<number> {
    let settled = 0;
    for (;;) {
      const pending = await this.orders.claimPending(this.config.RECONCILE_AFTER_SECONDS, BATCH);
      for (const order of pending) {
        settled += await this.reconcileOrder(order);
        progress();
      }
      if (pending.length < BATCH) return settled;
    }
  }

  private async reconcileOrder(order: StoredOrder): Promise<number> {
    try {
      let settled = 0;
      for (let payment of await this.provider.orderPayments(order.providerOrderId)) {
        if (payment.status === 'authorized') payment = await this.provider.capture(payment);
        if (payment.status === 'captured') {
          if (await this.settlement.captured(order, payment)) settled++;
        } else if (payment.status === 'failed') {
          await this.settlement.failed(order, payment);
        }
      }
      if (settled) this.logger.info({ orderId: order.id }, 'reconciliation settled an open order');
      reconciliations.inc({ outcome: settled ? 'settled' : 'open' });
      return settled;
    } catch (error) {
      reconciliations.inc({ outcome: 'failed' });
      // The order stays open and is asked about again at a later sweep.
      this.logger.warn({ err: error, orderId: order.id }, 'reconciliation could not settle an order');
      return 0;
    }
  }

  /**
   * Queued plans whose turn has come are made the plan held (D38), then plans that ran out with
   * nothing behind them are announced, each once.
   */
  async announceExpiries(): Promise<number> {
    await this.outbox.transaction((manager) => this.subscriptions.promoteDue(manager));
    let announced = 0;
    for (;;) {
      const batch = await this.outbox.transaction(async (manager, emit) => {
        const expired = await this.subscriptions.claimExpired(manager, BATCH);
        for (const plan of expired) {
          const event: SubscriptionExpired = {
            viewerId: plan.viewerId,
            planKey: plan.planKey,
            expiredAt: plan.validTill.toISOString(),
          };
          await emit(Events.subscriptionExpired, event);
        }
        return expired.length;
      });
      announced += batch;
      if (batch < BATCH) return announced;
    }
  }
}
