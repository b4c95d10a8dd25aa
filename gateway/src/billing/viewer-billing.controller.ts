import { Body, Controller, Get, Header, Param, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  BillingAccountBody,
  Subjects,
  type BillingAccountView,
  type PaymentView,
  type ReceiptView,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import type { FastifyReply } from 'fastify';
import { Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { ReceiptParams } from './billing.dto';
import { sendPdf } from './pdf-reply';

/** The viewer's payment history, tax invoices and state for them (DECISIONS D14, D18, D32). */
@ApiTags('billing')
@Controller('user')
@Roles('user')
export class ViewerBillingController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('payments')
  @ApiOperation({ summary: 'The viewer’s payments, newest first, each with its receipt' })
  payments(@CurrentPrincipal() caller: Principal): Promise<PaymentView[]> {
    return this.rpc.call(Subjects.billing.payments, { viewerId: caller.subjectId });
  }

  @Get('billing-account')
  @ApiOperation({ summary: 'The viewer’s state for tax invoices (null until the first checkout asks)' })
  billingAccount(@CurrentPrincipal() caller: Principal): Promise<BillingAccountView> {
    return this.rpc.call(Subjects.billing.account, { viewerId: caller.subjectId });
  }

  @Put('billing-account')
  @ApiOperation({ summary: 'Set the viewer’s state (GST state code) for later tax invoices' })
  setBillingAccount(
    @CurrentPrincipal() caller: Principal,
    @Body() body: BillingAccountBody,
  ): Promise<BillingAccountView> {
    return this.rpc.call(Subjects.billing.setAccount, {
      viewerId: caller.subjectId,
      stateCode: body.stateCode,
    });
  }

  @Get('receipts/:receiptId')
  @ApiOperation({
    summary:
      'One of the viewer’s tax invoices: plan, validity, place of supply, taxable value, CGST + SGST or IGST',
  })
  receipt(@CurrentPrincipal() caller: Principal, @Param() params: ReceiptParams): Promise<ReceiptView> {
    return this.rpc.call(Subjects.billing.receipt, {
      viewerId: caller.subjectId,
      receiptId: params.receiptId,
    });
  }

  @Get('receipts/:receiptId/pdf')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'The receipt as a PDF to download' })
  async receiptPdf(
    @CurrentPrincipal() caller: Principal,
    @Param() params: ReceiptParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendPdf(
      reply,
      await this.rpc.call(Subjects.billing.receiptPdf, {
        viewerId: caller.subjectId,
        receiptId: params.receiptId,
      }),
    );
  }
}
