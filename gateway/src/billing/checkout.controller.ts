import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateOrderBody,
  Subjects,
  VerifyPaymentBody,
  type CheckoutOrder,
  type PlanQuote,
  type StoredPlan,
  type SubscriptionStatus,
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
  @ApiOperation({ summary: 'The four prepaid plans, priced by the server' })
  listPlans(): Promise<StoredPlan[]> {
    return this.rpc.call(Subjects.billing.listPlans, {});
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
