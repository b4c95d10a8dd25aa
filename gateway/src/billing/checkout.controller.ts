import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateOrderBody,
  Subjects,
  VerifyPaymentBody,
  type CheckoutOrder,
  type StoredPlan,
  type SubscriptionStatus,
  type VerifiedPayment,
} from '@chitram/contracts';
import { LOGGER, type Logger, RpcClient } from '@chitram/nest-kit';
import { Public, Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { subscriptionOf } from './subscription-of';

/** Plans, checkout and the viewer's plan (SPEC §4.4, §7; DECISIONS D16–D18). */
@ApiTags('billing')
@Controller()
export class CheckoutController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('plans')
  @Public()
  @ApiOperation({ summary: 'The four prepaid plans, priced by the server' })
  plans(): Promise<StoredPlan[]> {
    return this.rpc.call(Subjects.billing.listPlans, {});
  }

  @Post('checkout/create-order')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({
    summary: 'An order for a plan at the server’s price (the same open order if asked again soon)',
  })
  createOrder(@CurrentPrincipal() caller: Principal, @Body() body: CreateOrderBody): Promise<CheckoutOrder> {
    return this.rpc.call(Subjects.billing.createOrder, { viewerId: caller.subjectId, planKey: body.planKey });
  }

  @Post('checkout/verify-payment')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check the payment’s signature against the viewer’s order and activate the plan' })
  verifyPayment(
    @CurrentPrincipal() caller: Principal,
    @Body() body: VerifyPaymentBody,
  ): Promise<VerifiedPayment> {
    return this.rpc.call(Subjects.billing.verifyPayment, { ...body, viewerId: caller.subjectId });
  }

  @Get('movie/subscription-status')
  @Roles('user')
  @ApiOperation({ summary: 'The viewer’s plan now: activeSubscription and isSubscribed (SPEC §7)' })
  subscriptionStatus(@CurrentPrincipal() caller: Principal): Promise<SubscriptionStatus> {
    return subscriptionOf(this.rpc, this.logger, caller.subjectId);
  }
}
