import { Inject, Injectable } from '@nestjs/common';
import {
  type CheckoutOrder,
  type CouponQuoteRequest,
  type CreateOrderRequest,
  DomainError,
  ErrorCode,
  PaymentMessages,
  type PlanQuote,
  type StoredPlan,
  Subjects,
  type VerifiedPayment,
  type VerifyPaymentRequest,
} from '@chitram/contracts';
import { LOGGER, type Logger, RpcClient } from '@chitram/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { BillingAccountsRepository } from '../accounts/billing-accounts.repository';
import { BillingConfig } from '../config';
import { SettlementService } from '../payments/settlement.service';
import { PlansService } from '../plans/plans.service';
import { CouponsService } from '../promotions/coupons.service';
import { PaymentProvider, type ProviderPayment } from '../providers/payment-provider';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { quote } from '../subscriptions/upgrade-rules';
import { OrdersRepository, soldTermsOf, type StoredOrder } from './orders.repository';

export function planQueued(): DomainError {
  return new DomainError(
    ErrorCode.PLAN_QUEUED,
    'Another plan is queued to start when yours ends: buy that one again to extend it, or wait until it starts.',
  );
}

export function orderNotFound(): DomainError {
  return new DomainError(ErrorCode.ORDER_NOT_FOUND, 'There is no such order.');
}

/** Checkout (SPEC §4.4, DECISIONS D16, D18): orders priced here, and the browser's confirmation checked. */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: BillingConfig,
    private readonly orders: OrdersRepository,
    private readonly plans: PlansService,
    private readonly provider: PaymentProvider,
    private readonly settlement: SettlementService,
    private readonly subscriptions: SubscriptionsService,
    private readonly rpc: RpcClient,
    private readonly accounts: BillingAccountsRepository,
    private readonly held: SubscriptionsRepository,
    private readonly coupons: CouponsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * An order for the plan at the server's price; asked again soon for the same plan, the same open order.
   * A state given with it becomes the viewer's (D32: asked at the first checkout); the order records the
   * place of supply, the viewer's state, or by law the supplier's when none is on record.
   */
  async createOrder({
    viewerId,
    planKey,
    stateCode,
    couponCode,
  }: CreateOrderRequest): Promise<CheckoutOrder> {
    const plan = await this.plans.get(planKey);
    const viewer = await this.rpc.call(Subjects.users.getViewer, { id: viewerId });
    const ask = { viewerId, plan, stateCode, couponCode };
    // One checkout per viewer at a time, so two taps (or two tabs) cannot make two orders. The provider's
    // order is made between two short transactions, never inside one: a database connection and the
    // viewer's lock held over a call to the provider would let ten slow calls (or ten sandbox orders,
    // which need a connection of their own) take the whole pool and time every checkout out.
    const first = await this.dataSource.transaction((manager) => this.openOrPriced(manager, ask));
    if (first.order) return this.answer(first.order, first.priced, plan, viewer.phoneNumber);
    const created = await this.newProviderOrder(first.priced.amount, plan, viewerId);
    const { order, priced } = await this.dataSource.transaction(async (manager) => {
      const now = await this.openOrPriced(manager, ask);
      // Another tap made one meanwhile: that one is the viewer's; ours stays unpaid at the provider.
      if (now.order) return { order: now.order, priced: now.priced };
      // The price moved in between (a change of terms, a coupon's last use): an order at the new price.
      const provided =
        now.priced.amount === first.priced.amount
          ? created
          : await this.newProviderOrder(now.priced.amount, plan, viewerId);
      const inserted = await this.orders.insert(manager, {
        provider: this.provider.name,
        providerOrderId: provided.id,
        viewerId,
        phoneNumber: viewer.phoneNumber,
        planKey: plan.planKey,
        amount: now.priced.amount,
        currency: plan.currency,
        placeOfSupply: now.placeOfSupply,
        kind: now.priced.kind,
        listPrice: now.priced.listPrice,
        credit: now.priced.credit,
        creditPlanKey: now.priced.creditPlanKey,
        extraDays: now.priced.extraDays,
        discount: now.priced.discount,
        couponId: now.withCoupon?.coupon.id ?? null,
        couponCode: now.withCoupon?.coupon.code ?? null,
        terms: soldTermsOf(plan),
      });
      if (now.withCoupon) await this.coupons.hold(manager, now.withCoupon, inserted.id, viewerId);
      return { order: inserted, priced: now.priced };
    });
    return this.answer(order, priced, plan, viewer.phoneNumber);
  }

  /**
   * Under the viewer's lock: the order still open for this very purchase (reused, D16), or else what a new
   * one would cost, with the coupon checked against its limits before any payment (D33).
   */
  private async openOrPriced(
    manager: EntityManager,
    ask: { viewerId: string; plan: StoredPlan; stateCode?: string; couponCode?: string },
  ) {
    const { viewerId, plan, stateCode, couponCode } = ask;
    await this.orders.lockViewer(manager, viewerId);
    if (stateCode) await this.accounts.setState(viewerId, stateCode, manager);
    const placeOfSupply =
      stateCode ?? (await this.accounts.stateOf(viewerId, manager)) ?? this.config.SELLER_STATE_CODE;
    const base = await this.priceFor(manager, viewerId, plan);
    if (base.blocked) throw planQueued();
    // A coupon (D33) is priced after the credit, its row locked until this transaction ends.
    const withCoupon = couponCode
      ? await this.coupons.price(manager, viewerId, base, couponCode, true)
      : null;
    const priced = withCoupon?.quote ?? base;
    const open = await this.orders.findOpen(
      manager,
      viewerId,
      plan.planKey,
      this.provider.name,
      placeOfSupply,
      priced.amount,
      this.config.ORDER_REUSE_SECONDS,
      withCoupon?.coupon.id ?? null,
      soldTermsOf(plan),
    );
    if (open && (!withCoupon || (await this.coupons.holds(manager, open.id))))
      return { order: open, priced, placeOfSupply, withCoupon };
    // Refused at its limit here, before any payment; never after (D33).
    if (withCoupon) await this.coupons.checkLimits(manager, viewerId, withCoupon.coupon, plan.planKey);
    if (open && withCoupon) {
      await this.coupons.hold(manager, withCoupon, open.id, viewerId);
      return { order: open, priced, placeOfSupply, withCoupon };
    }
    return { order: null, priced, placeOfSupply, withCoupon };
  }

  private newProviderOrder(amount: number, plan: StoredPlan, viewerId: string) {
    const receipt = `chitram_${Date.now().toString(36)}`;
    return this.provider.createOrder(amount, plan.currency, receipt, { viewerId, planKey: plan.planKey });
  }

  private answer(order: StoredOrder, priced: PlanQuote, plan: StoredPlan, contact: string): CheckoutOrder {
    return {
      key: this.provider.keyId,
      amount: order.amount,
      currency: order.currency,
      orderId: order.providerOrderId,
      provider: order.provider,
      planKey: plan.planKey,
      planName: plan.plan,
      contact,
      quote: priced,
      terms: order.terms,
    };
  }

  /** The price of every plan for this viewer now (D38), as createOrder would set it. */
  async quotes(viewerId: string): Promise<PlanQuote[]> {
    const plans = await this.plans.list();
    return this.dataSource.transaction(async (manager) => {
      const quotes: PlanQuote[] = [];
      for (const plan of plans) quotes.push(await this.priceFor(manager, viewerId, plan));
      return quotes;
    });
  }

  /**
   * What buying `plan` does now and what it costs (D16, D38): the credit for the unused days of a lower
   * plan held, a queued start behind a higher one. Computed here, on the server, when the order is made.
   */
  private async priceFor(manager: EntityManager, viewerId: string, plan: StoredPlan): Promise<PlanQuote> {
    const now = new Date();
    const current = await this.held.current(manager, viewerId);
    const running = current && current.validTill > now ? current : null;
    const priced = quote(
      current,
      plan,
      await this.subscriptions.heldPrice(viewerId, running, now, manager),
      now,
    );
    const startsAt =
      priced.kind === 'queue' && running
        ? running.validTill
        : priced.kind === 'extend-queued' && running?.next
          ? running.next.validTill
          : null;
    return {
      planKey: plan.planKey,
      ...priced,
      discount: 0,
      couponCode: null,
      startsAt: startsAt?.toISOString() ?? null,
    };
  }

  /** One plan's price for this viewer now with a coupon (D33), as createOrder would set it; or its refusal. */
  async quoteWithCoupon({ viewerId, planKey, coupon }: CouponQuoteRequest): Promise<PlanQuote> {
    const plan = await this.plans.get(planKey);
    return this.dataSource.transaction(async (manager) => {
      const base = await this.priceFor(manager, viewerId, plan);
      if (!coupon || base.blocked) return base;
      const priced = await this.coupons.price(manager, viewerId, base, coupon, false);
      await this.coupons.checkLimits(manager, viewerId, priced.coupon, plan.planKey);
      return priced.quote;
    });
  }

  /** The viewer's own order, by the provider's id; another viewer's is not found, as if it did not exist. */
  async ownOrder(viewerId: string, providerOrderId: string): Promise<StoredOrder> {
    const order = await this.orders.byProviderId(providerOrderId);
    if (!order || order.viewerId !== viewerId || order.provider !== this.provider.name) throw orderNotFound();
    return order;
  }

  /**
   * The browser's word that a payment succeeded (SPEC §7 verify-payment): the signature is checked in
   * constant time against the order stored for this viewer; a refusal changes nothing.
   */
  async verify(request: VerifyPaymentRequest): Promise<VerifiedPayment> {
    const order = await this.ownOrder(request.viewerId, request.razorpay_order_id);
    if (order.planKey !== request.planKey)
      throw new DomainError(ErrorCode.PLAN_MISMATCH, 'This payment was for another plan.');
    if (
      !this.provider.paymentSignatureValid(
        order.providerOrderId,
        request.razorpay_payment_id,
        request.razorpay_signature,
      )
    ) {
      this.logger.warn({ viewerId: request.viewerId, orderId: order.id }, 'payment signature refused');
      throw new DomainError(ErrorCode.PAYMENT_SIGNATURE_INVALID, PaymentMessages.verificationFailed);
    }
    const payment = await this.confirmedPayment(order, request.razorpay_payment_id);
    const settled = await this.settlement.captured(order, payment);
    if (!settled) throw new DomainError(ErrorCode.PAYMENT_FAILED, PaymentMessages.verificationFailed);
    return {
      success: true,
      status: true,
      message: PaymentMessages.verified,
      paymentId: payment.id,
      receiptId: settled.receipt.id,
      ...(await this.subscriptions.status(request.viewerId)),
    };
  }

  /**
   * The payment as the provider knows it, captured if it was only authorised. If the provider cannot be
   * asked, the valid signature is Razorpay's own proof of payment for this order, and is enough; if it
   * answers that there is no such payment, the signature proves nothing and the payment is refused.
   */
  private async confirmedPayment(order: StoredOrder, paymentId: string): Promise<ProviderPayment> {
    let payment: ProviderPayment;
    try {
      payment = await this.provider.fetchPayment(paymentId);
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.NOT_FOUND) {
        this.logger.warn({ paymentId }, 'the provider has no such payment; refused despite its signature');
        throw new DomainError(ErrorCode.PAYMENT_FAILED, PaymentMessages.verificationFailed);
      }
      this.logger.warn({ err: error, paymentId }, 'payment not fetched; settling on its valid signature');
      return {
        id: paymentId,
        orderId: order.providerOrderId,
        amount: order.amount,
        currency: order.currency,
        status: 'captured',
        method: null,
        errorDescription: null,
      };
    }
    if (payment.orderId !== order.providerOrderId)
      throw new DomainError(ErrorCode.PAYMENT_SIGNATURE_INVALID, PaymentMessages.verificationFailed);
    if (payment.status === 'authorized') payment = await this.provider.capture(payment);
    if (payment.status !== 'captured')
      throw new DomainError(ErrorCode.PAYMENT_FAILED, PaymentMessages.verificationFailed);
    return payment;
  }
}
