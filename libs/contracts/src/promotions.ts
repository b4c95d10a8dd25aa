import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { AdminActor } from './audit';
import type { SubscriptionStatus } from './billing-answers';
import { ViewerRef } from './billing';
import { PLAN_KEYS, type PlanKey } from './plans';
import {
  COUPON_CODE,
  COUPON_KINDS,
  couponCodeOf,
  type CouponKind,
  type CouponView,
  type TrialOffer,
} from './promotions-answers';
import type { PlanQuote } from './billing-answers';
import { subject } from './subject';

export * from './promotions-answers';

const PLAN_KEYS_MESSAGE = `each of planKeys must be one of ${PLAN_KEYS.join(', ')}`;

/** `POST /api/admin/coupons`'s body: a new coupon (D33). Amounts in paise. */
export class CreateCouponBody {
  @Transform(couponCodeOf)
  @IsString()
  @Matches(COUPON_CODE, { message: 'code must be 3 to 32 capitals, digits, - or _' })
  code: string;

  @IsIn(COUPON_KINDS, { message: `kind must be one of ${COUPON_KINDS.join(', ')}` })
  kind: CouponKind;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  percent?: number;

  /** Paise off a flat coupon (₹1 at least). */
  @IsOptional()
  @IsInt()
  @Min(100)
  @Max(10_000_000)
  amount?: number;

  /** Empty or left out: every plan. */
  @IsOptional()
  @ArrayMaxSize(PLAN_KEYS.length)
  @ArrayUnique()
  @IsIn(PLAN_KEYS, { each: true, message: PLAN_KEYS_MESSAGE })
  planKeys?: PlanKey[];

  @IsDateString({}, { message: 'validFrom must be an ISO date' })
  validFrom: string;

  @IsOptional()
  @IsDateString({}, { message: 'validTill must be an ISO date' })
  validTill?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  maxRedemptions?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  perAccountLimit?: number;

  @IsOptional()
  @IsBoolean()
  firstPurchaseOnly?: boolean;
}

export class CreateCouponRequest extends CreateCouponBody {
  @ValidateNested()
  @Type(() => AdminActor)
  actor: AdminActor;
}

export class CouponParams {
  @IsUUID()
  couponId: string;
}

export class DisableCouponRequest extends CouponParams {
  @ValidateNested()
  @Type(() => AdminActor)
  actor: AdminActor;
}

/** `GET /api/checkout/quote?planKey=&coupon=`: one plan's price for this viewer, with a coupon. */
export class CouponQuoteQuery {
  @IsIn(PLAN_KEYS, { message: `planKey must be one of ${PLAN_KEYS.join(', ')}` })
  planKey: PlanKey;

  /** As the viewer typed it; an unknown or malformed one is COUPON_UNKNOWN, not a validation error. */
  @IsOptional()
  @Transform(couponCodeOf)
  @IsString()
  @MaxLength(64)
  coupon?: string;
}

export class CouponQuoteRequest extends CouponQuoteQuery {
  @IsUUID()
  viewerId: string;
}

/** Coupons and the free trial (D33): Subjects.billing.promotions. */
export const PromotionSubjects = {
  /** One plan's price for the viewer with a coupon; refused with the coupon's COUPON_… code. */
  quote: subject<CouponQuoteRequest, PlanQuote>('chitram.billing.promotions.quote.v1'),
  trialOffer: subject<ViewerRef, TrialOffer>('chitram.billing.promotions.trial-offer.v1'),
  /** Starts the free trial, with no payment; TRIAL_NOT_AVAILABLE when the number had one. */
  startTrial: subject<ViewerRef, SubscriptionStatus>('chitram.billing.promotions.trial-start.v1'),
  listCoupons: subject<Record<string, never>, CouponView[]>('chitram.billing.promotions.coupons.list.v1'),
  createCoupon: subject<CreateCouponRequest, CouponView>('chitram.billing.promotions.coupons.create.v1'),
  disableCoupon: subject<DisableCouponRequest, CouponView>('chitram.billing.promotions.coupons.disable.v1'),
} as const;
