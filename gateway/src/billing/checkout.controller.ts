import { Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CouponQuoteQuery,
  CreateOrderBody,
  Subjects,
  VerifyPaymentBody,
  type CheckoutOrder,
  type PlanQuote,
  type SubscriptionStatus,
  type TrialOffer,
  type VerifiedPayment,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { Public, Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { CallerProfiles } from '../users/caller-profiles';
import { ViewerPlans } from './viewer-plans';

/** Plans, checkout and the viewer's plan (SPEC §4.4, §7; DECISIONS D16–D18). */
@ApiTags('billing')
@Controller()
export class CheckoutController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly plans: ViewerPlans,
    private readonly callers: CallerProfiles,
  ) {}

  @Get('plans')
  @Public()
  @ApiOperation({
    summary: 'The four prepaid plans, priced by the server, each with its next scheduled change (D43)',
  })
  // Passed on as billing wrote it (StoredPlan[]): reading it into objects only to write it out again
  // was a tenth of the gateway's work on the plans page's request.
  @Header('content-type', 'application/json; charset=utf-8')
  listPlans(): Promise<Buffer> {
    return this.rpc.requestJson(Subjects.billing.listPlans, {});
  }

  @Get('checkout/quotes')
  @Roles('user')
  @ApiOperation({
    summary:
      'What each plan costs this viewer now: an upgrade’s credit for the unused days, a lower plan’s queued start',
  })
  quotes(@CurrentPrincipal() caller: Principal): Promise<PlanQuote[]> {
    return this.rpc.call(Subjects.billing.quotes, { viewerId: caller.subjectId });
  }

  @Get('checkout/quote')
  @Roles('user')
  @ApiOperation({
    summary:
      'One plan’s price for this viewer now with a coupon (coupon=CODE, D33), as the order would be made; 4xx COUPON_… when it cannot be used',
  })
  quote(@CurrentPrincipal() caller: Principal, @Query() query: CouponQuoteQuery): Promise<PlanQuote> {
    return this.rpc.call(Subjects.billing.promotions.quote, { ...query, viewerId: caller.subjectId });
  }

  @Get('checkout/trial')
  @Roles('user')
  @ApiOperation({
    summary: 'The free trial this viewer may start now: its plan, days and whether the number may (D33)',
  })
  trialOffer(@CurrentPrincipal() caller: Principal): Promise<TrialOffer> {
    return this.rpc.call(Subjects.billing.promotions.trialOffer, { viewerId: caller.subjectId });
  }

  @Post('checkout/trial')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Starts the free trial with no payment (once per number, ever: 409 TRIAL_NOT_AVAILABLE after, D33)',
  })
  async startTrial(@CurrentPrincipal() caller: Principal): Promise<SubscriptionStatus> {
    // D37: a kids profile does not start plans (403 PROFILE_NOT_ALLOWED).
    await this.callers.notKids(caller);
    const status = await this.rpc.call(Subjects.billing.promotions.startTrial, {
      viewerId: caller.subjectId,
    });
    this.plans.remember(caller.subjectId, status);
    return status;
  }

  @Post('checkout/create-order')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({
    summary: 'An order for a plan at the server’s price (the same open order if asked again soon)',
  })
  async createOrder(
    @CurrentPrincipal() caller: Principal,
    @Body() body: CreateOrderBody,
  ): Promise<CheckoutOrder> {
    // D37: a kids profile does not pay (403 PROFILE_NOT_ALLOWED).
    await this.callers.notKids(caller);
    return this.rpc.call(Subjects.billing.createOrder, {
      viewerId: caller.subjectId,
      planKey: body.planKey,
      ...(body.stateCode ? { stateCode: body.stateCode } : {}),
      ...(body.couponCode ? { couponCode: body.couponCode } : {}),
    });
  }

  @Post('checkout/verify-payment')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check the payment’s signature against the viewer’s order and activate the plan' })
  async verifyPayment(
    @CurrentPrincipal() caller: Principal,
    @Body() body: VerifyPaymentBody,
  ): Promise<VerifiedPayment> {
    const verified = await this.rpc.call(Subjects.billing.verifyPayment, {
      ...body,
      viewerId: caller.subjectId,
    });
    this.plans.remember(caller.subjectId, verified);
    return verified;
  }

  @Get('movie/subscription-status')
  @Roles('user')
  @ApiOperation({
    summary:
      'The viewer’s plan now: activeSubscription and isSubscribed (SPEC §7); 503 SERVICE_UNAVAILABLE when billing cannot say',
  })
  subscriptionStatus(@CurrentPrincipal() caller: Principal): Promise<SubscriptionStatus> {
    return this.plans.current(caller.subjectId);
  }
}
