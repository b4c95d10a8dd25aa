import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CouponQuoteRequest,
  CreateCouponRequest,
  DisableCouponRequest,
  Subjects,
  ViewerRef,
} from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { CheckoutService } from '../orders/checkout.service';
import { CouponsService } from './coupons.service';
import { TrialsService } from './trials.service';

const promotions = Subjects.billing.promotions;

/** Coupons and the free trial (D33): Subjects.billing.promotions, one line each. */
@Controller()
export class PromotionsController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly coupons: CouponsService,
    private readonly trials: TrialsService,
  ) {}

  @Handles(promotions.quote)
  quote(@Payload() body: CouponQuoteRequest) {
    return this.checkout.quoteWithCoupon(body);
  }

  @Handles(promotions.trialOffer)
  trialOffer(@Payload() body: ViewerRef) {
    return this.trials.offer(body.viewerId);
  }

  @Handles(promotions.startTrial)
  startTrial(@Payload() body: ViewerRef) {
    return this.trials.start(body.viewerId);
  }

  @Handles(promotions.listCoupons)
  listCoupons() {
    return this.coupons.list();
  }

  @Handles(promotions.createCoupon)
  createCoupon(@Payload() body: CreateCouponRequest) {
    return this.coupons.create(body);
  }

  @Handles(promotions.disableCoupon)
  disableCoupon(@Payload() body: DisableCouponRequest) {
    return this.coupons.disable(body.couponId, body.actor);
  }
}
