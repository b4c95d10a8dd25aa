import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Subjects, type PaymentConfirmation, type SandboxFailure } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { SandboxOrderBody } from '../billing/billing.dto';

/**
 * Development only (DECISIONS D19): the sandbox payment window's Pay and Fail, for the viewer's own open
 * order. Not registered in production, and refused by billing whenever it runs Razorpay.
 */
@ApiExcludeController()
@Controller('dev/payments-sandbox')
@Roles('user')
export class DevPaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('pay')
  @HttpCode(200)
  pay(@CurrentPrincipal() caller: Principal, @Body() body: SandboxOrderBody): Promise<PaymentConfirmation> {
    return this.rpc.call(Subjects.billing.sandboxPay, { viewerId: caller.subjectId, orderId: body.orderId });
  }

  @Post('fail')
  @HttpCode(200)
  fail(@CurrentPrincipal() caller: Principal, @Body() body: SandboxOrderBody): Promise<SandboxFailure> {
    return this.rpc.call(Subjects.billing.sandboxFail, { viewerId: caller.subjectId, orderId: body.orderId });
  }
}
