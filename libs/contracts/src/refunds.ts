import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import {
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import type { CreditNoteView } from './billing-answers';
import type { ReceiptPdf } from './billing';
import { ViewerRef } from './billing';
import {
  REFUND_REASON_MAX_LENGTH,
  type AdminPaymentPage,
  type GstReportFile,
  type RefundView,
} from './refunds-answers';
import { trimmed, ViewerSearchRequest } from './admin';
import { AdminActor } from './audit';
import { subject } from './subject';

export * from './refunds-answers';

/** `POST /api/admin/payments/:paymentId/refunds`'s body: how much (paise, GST included) and why (D39). */
export class RefundBody {
  @IsInt({ message: 'amount must be a whole number of paise' })
  @Min(1, { message: 'amount must be at least 1 paisa' })
  @Max(100_000_000)
  amount: number;

  @Transform(trimmed)
  @IsString()
  @Length(1, REFUND_REASON_MAX_LENGTH, {
    message: `reason must be 1 to ${REFUND_REASON_MAX_LENGTH} characters`,
  })
  reason: string;
}

export class RefundPaymentRequest extends RefundBody {
  /** Billing's id of the payment. */
  @IsUUID()
  paymentId: string;

  /** The admin who asks, from the verified token: the refund names them in the audit trail. */
  @ValidateNested()
  @Type(() => AdminActor)
  actor: AdminActor;
}

/**
 * `GET /api/admin/payments?page=&search=&viewerId=`: a page, narrowed by a payment id, an invoice number
 * or part of a phone number (`search`), or to one viewer's.
 */
export class AdminPaymentsRequest extends ViewerSearchRequest {
  @IsOptional()
  @IsUUID()
  viewerId?: string;
}

export class CreditNoteRequest extends ViewerRef {
  @IsUUID()
  creditNoteId: string;
}

/** A calendar month in India, `2026-11`. */
export class GstReportRequest {
  @Matches(/^20[0-9]{2}-(0[1-9]|1[0-2])$/, { message: 'month must be a month as YYYY-MM' })
  month: string;
}

/** Subjects.billing.refunds: refunds, the payments they are made from, and the credit notes they issue. */
export const BillingRefundSubjects = {
  refund: subject<RefundPaymentRequest, RefundView>('chitram.billing.refunds.create.v1'),
  payments: subject<AdminPaymentsRequest, AdminPaymentPage>('chitram.billing.refunds.payments.v1'),
  creditNote: subject<CreditNoteRequest, CreditNoteView>('chitram.billing.credit-notes.get.v1'),
  creditNotePdf: subject<CreditNoteRequest, ReceiptPdf>('chitram.billing.credit-notes.pdf.v1'),
} as const;

/** Subjects.billing.gstReports: finance's monthly GST summary and invoice register, as CSV. */
export const GstReportSubjects = {
  summary: subject<GstReportRequest, GstReportFile>('chitram.billing.gst-reports.summary.v1'),
  register: subject<GstReportRequest, GstReportFile>('chitram.billing.gst-reports.register.v1'),
} as const;
