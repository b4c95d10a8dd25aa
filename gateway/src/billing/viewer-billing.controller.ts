import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Subjects, type PaymentView, type ReceiptView } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import type { FastifyReply } from 'fastify';
import { Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { ReceiptParams } from './billing.dto';

/** The viewer's payment history and receipts (DECISIONS D14, D18). */
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

  @Get('receipts/:receiptId')
  @ApiOperation({ summary: 'One of the viewer’s receipts: plan, validity, taxable value and 18% GST' })
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
    const { fileName, pdf } = await this.rpc.call(Subjects.billing.receiptPdf, {
      viewerId: caller.subjectId,
      receiptId: params.receiptId,
    });
    void reply.header('content-type', 'application/pdf');
    void reply.header('content-disposition', `attachment; filename="${fileName}"`);
    return Buffer.from(pdf, 'base64');
  }
}
