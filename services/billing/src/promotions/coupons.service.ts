import { Inject, Injectable } from '@nestjs/common';
import {
  type AdminActor,
  type CouponView,
  type CreateCouponRequest,
  DomainError,
  ErrorCode,
  type PlanKey,
  type PlanQuote,
} from '@chitram/contracts';
import { LOGGER, type Logger, Outbox, recordAdminAction } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { BillingConfig } from '../config';
import { couponDiscount, couponRefusal, type CouponTerms } from './coupon-rules';
import { CouponsRepository, type StoredCoupon } from './coupons.repository';

/** What each refusal tells the viewer (the checkout shows its own translation of the code). */
const REFUSALS: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.COUPON_UNKNOWN]: 'There is no such coupon.',
  [ErrorCode.COUPON_EXPIRED]: 'This coupon is not valid now.',
  [ErrorCode.COUPON_NOT_FOR_PLAN]: 'This coupon is not for this plan.',
  [ErrorCode.COUPON_USED_UP]: 'This coupon has been used up.',
  [ErrorCode.COUPON_FIRST_PURCHASE_ONLY]: 'This coupon is for a first purchase only.',
};

/** A coupon's terms as the audit trail keeps them (its counts change with every checkout). */
function auditedTerms(c: CouponView): Record<string, unknown> {
  return {
    code: c.code,
    kind: c.kind,
    percent: c.percent,
    amount: c.amount,
    planKeys: c.planKeys,
    validFrom: c.validFrom,
    validTill: c.validTill,
    maxRedemptions: c.maxRedemptions,
    perAccountLimit: c.perAccountLimit,
    firstPurchaseOnly: c.firstPurchaseOnly,
  };
}

export function couponRefused(code: ErrorCode): DomainError {
  return new DomainError(code, REFUSALS[code] ?? 'This coupon cannot be used.');
}

/** A quote with the coupon priced in, and the coupon that did it. */
export interface CouponPriced {
  quote: PlanQuote;
  coupon: StoredCoupon;
}

/**
 * Coupons (D33): finance makes and disables them; checkout prices them on the server (D16) and holds a
 * redemption for each order made with one, so a coupon at its limit is refused before any payment.
 */
@Injectable()
export class CouponsService {
  constructor(
    private readonly coupons: CouponsRepository,
    private readonly outbox: Outbox,
    private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  list(): Promise<CouponView[]> {
    return this.coupons.list();
  }

  async create(request: CreateCouponRequest): Promise<CouponView> {
    const invalid = (message: string) => new DomainError(ErrorCode.VALIDATION_FAILED, message);
    if (request.kind === 'percent' && (request.percent === undefined || request.amount !== undefined))
      throw invalid('A percent coupon takes percent (1 to 100) and no amount.');
    if (request.kind === 'flat' && (request.amount === undefined || request.percent !== undefined))
      throw invalid('A flat coupon takes amount (paise, ₹1 at least) and no percent.');
    const validFrom = new Date(request.validFrom);
    const validTill = request.validTill ? new Date(request.validTill) : null;
    if (validTill && validTill <= validFrom) throw invalid('validTill must come after validFrom.');
    const created = await this.outbox.transaction(async (manager, emit) => {
      const made = await this.coupons.insert(manager, {
        code: request.code,
        kind: request.kind,
        percent: request.percent ?? null,
        amount: request.amount ?? null,
        planKeys: request.planKeys ?? [],
        validFrom,
        validTill,
        maxRedemptions: request.maxRedemptions ?? null,
        perAccountLimit: request.perAccountLimit ?? null,
        firstPurchaseOnly: request.firstPurchaseOnly ?? false,
        createdBy: request.actor.adminId,
      });
      if (!made)
        throw new DomainError(ErrorCode.COUPON_CODE_TAKEN, `A coupon ${request.code} exists already.`);
      // In the trail if and only if the coupon exists (issue 26): finance's writes name their admin.
      await recordAdminAction(emit, request.actor, {
        action: 'created',
        entity: { type: 'coupon', id: made._id, label: made.code },
        after: auditedTerms(made),
      });
      return made;
    });
    this.logger.info(
      { couponId: created._id, code: created.code, adminId: request.actor.adminId },
      'coupon created',
    );
    return created;
  }

  /** Disables a coupon; the trail has it once, when it was enabled until then. */
  async disable(couponId: string, actor: AdminActor): Promise<CouponView> {
    return this.outbox.transaction(async (manager, emit) => {
      const wasEnabled = await this.coupons.disable(manager, couponId);
      const view = wasEnabled === undefined ? undefined : await this.coupons.view(couponId, manager);
      if (!view) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such coupon.');
      if (wasEnabled)
        await recordAdminAction(emit, actor, {
          action: 'disabled',
          entity: { type: 'coupon', id: view._id, label: view.code },
          before: { disabled: false },
          after: { disabled: true },
        });
      return view;
    });
  }

  /**
   * The quote with the coupon taken off what is left after the credit (D33), or the refusal of its terms
   * (its limits are `checkLimits`'s). With `lock`, the coupon's row stays locked for the caller's
   * transaction (checkout, which then holds a redemption); without, a price shown before paying.
   */
  async price(
    manager: EntityManager,
    viewerId: string,
    quote: PlanQuote,
    code: string,
    lock: boolean,
  ): Promise<CouponPriced> {
    const coupon = lock
      ? await this.coupons.lockByCode(manager, code)
      : await this.coupons.byCode(manager, code);
    if (!coupon) throw couponRefused(ErrorCode.COUPON_UNKNOWN);
    await this.checkTerms(manager, viewerId, coupon, quote);
    const discount = couponDiscount(coupon, quote.amount);
    return {
      coupon,
      quote: { ...quote, discount, couponCode: coupon.code, amount: quote.amount - discount },
    };
  }

  /** Refuses the coupon's terms for this purchase: disabled, dates, plan, first purchase. */
  private checkTerms(
    manager: EntityManager,
    viewerId: string,
    coupon: StoredCoupon,
    quote: Pick<PlanQuote, 'planKey'>,
  ): Promise<void> {
    return this.refuse(
      manager,
      viewerId,
      { ...coupon, maxRedemptions: null, perAccountLimit: null },
      quote.planKey,
      {
        inAll: 0,
        byViewer: 0,
      },
    );
  }

  /** Refuses a coupon at its total limit or at this account's (COUPON_USED_UP), its terms again beside. */
  async checkLimits(
    manager: EntityManager,
    viewerId: string,
    coupon: StoredCoupon,
    planKey: PlanKey,
  ): Promise<void> {
    await this.refuse(
      manager,
      viewerId,
      coupon,
      planKey,
      await this.coupons.used(manager, coupon.id, viewerId),
    );
  }

  private async refuse(
    manager: EntityManager,
    viewerId: string,
    terms: CouponTerms,
    planKey: PlanKey,
    used: { inAll: number; byViewer: number },
  ): Promise<void> {
    const refusal = couponRefusal(terms, {
      planKey,
      now: new Date(),
      usedInAll: used.inAll,
      usedByViewer: used.byViewer,
      hasPurchased: await this.coupons.hasPurchased(manager, viewerId),
    });
    if (refusal) throw couponRefused(refusal);
  }

  /** Whether an open order still holds its redemption (asked for again, it is not counted twice). */
  async holds(manager: EntityManager, orderId: string): Promise<boolean> {
    return (await this.coupons.statusOfOrder(manager, orderId)) === 'reserved';
  }

  /** Holds a redemption for the order, under the coupon's lock, once `checkLimits` found room. */
  hold(manager: EntityManager, priced: CouponPriced, orderId: string, viewerId: string): Promise<void> {
    return this.coupons.reserve(manager, priced.coupon.id, orderId, viewerId);
  }

  /** A captured payment keeps its order's redemption (exactly once: the order is settled once). */
  async redeem(manager: EntityManager, orderId: string): Promise<void> {
    const was = await this.coupons.redeem(manager, orderId);
    // Paid after its hold lapsed: the price was promised before payment, so it stands (D33).
    if (was === 'released') this.logger.warn({ orderId }, 'a coupon redeemed after its hold had lapsed');
  }

  release(manager: EntityManager, orderId: string): Promise<void> {
    return this.coupons.release(manager, orderId);
  }

  releaseUnpaid(): Promise<number> {
    return this.coupons.releaseUnpaid(this.config.COUPON_HOLD_SECONDS);
  }
}
