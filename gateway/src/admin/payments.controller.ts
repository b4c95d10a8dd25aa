import { Body, Controller, Get, Header, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AdminPaymentsRequest,
  GstReportRequest,
  RefundBody,
  Subjects,
  type AdminActor,
  type AdminPaymentPage,
  type GstReportFile,
  type RefundView,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { IsUUID } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { AdminRoute } from '../auth/access';
import { Actor } from './audit-actor';

export class PaymentParams {
  @IsUUID()
  paymentId: string;
}

function sendCsv(reply: FastifyReply, { fileName, csv }: GstReportFile): string {
  void reply.header('content-type', 'text/csv; charset=utf-8');
  void reply.header('content-disposition', `attachment; filename="${fileName}"`);
  return csv;
}

/** Payments, refunds and the GST reports, for finance (DECISIONS D34, D39). */
@ApiTags('admin')
@Controller('admin')
@AdminRoute('finance')
export class PaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('payments')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      '{ payments, currentPage, totalPayments, totalPages }: 20 a page, newest first, each with its refunds and what is left to refund; search= a payment id, a receipt number or part of a phone number; viewerId= one viewer’s',
  })
  payments(@Query() query: AdminPaymentsRequest): Promise<AdminPaymentPage> {
    return this.rpc.call(Subjects.billing.refunds.payments, query);
  }

  @Post('payments/:paymentId/refunds')
  @ApiOperation({
    summary:
      'Refunds { amount (paise), reason } of a captured payment through the provider: never more than is left (409 REFUND_EXCEEDS_PAYMENT); a processed refund issues a credit note and takes back plan time (D39)',
  })
  refund(
    @Actor() admin: AdminActor,
    @Param() params: PaymentParams,
    @Body() body: RefundBody,
  ): Promise<RefundView> {
    return this.rpc.call(Subjects.billing.refunds.refund, {
      paymentId: params.paymentId,
      actor: admin,
      amount: body.amount,
      reason: body.reason,
    });
  }

  @Get('reports/gst-summary')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'CSV: the month’s B2C supplies by place of supply and rate, taxable value and each tax, credit notes subtracted',
  })
  async gstSummary(
    @Query() query: GstReportRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendCsv(reply, await this.rpc.call(Subjects.billing.gstReports.summary, { month: query.month }));
  }

  @Get('reports/invoice-register')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'CSV: every tax invoice and credit note of the month, credit notes negative' })
  async invoiceRegister(
    @Query() query: GstReportRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendCsv(reply, await this.rpc.call(Subjects.billing.gstReports.register, { month: query.month }));
  }
}
