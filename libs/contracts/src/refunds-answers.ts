// Refunds and GST reports (issue 26, DECISIONS D39): what billing answers about them. Types and fixed
// values only, so the front ends import this module through the web entry.
import type { PaymentView } from './billing-answers';

/** `pending`: asked of the provider, not yet processed; `failed`: the provider refused or gave up. */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Who asked: an admin of the finance area, or billing itself for a payment marked refund due. */
export type RefundOrigin = 'admin' | 'automatic';

/** A reason is what the credit note prints. */
export const REFUND_REASON_MAX_LENGTH = 500;

/** The reason billing gives a payment it refunds by itself (D39). */
export const AUTOMATIC_REFUND_REASON = 'Payment that bought nothing (refund due)';

/** A refund of a payment, as the back office lists it. */
export interface RefundView {
  _id: string;
  /** Billing's id of the payment refunded. */
  paymentId: string;
  /** Paise, GST included. */
  amount: number;
  reason: string;
  status: RefundStatus;
  origin: RefundOrigin;
  /** The provider's refund id (`rfnd_…`), once the provider has taken the request. */
  providerRefundId: string | null;
  createdAt: string;
  processedAt: string | null;
  failureReason: string | null;
  /** Issued when the refund is processed, against the payment's tax invoice (a payment without one has none). */
  creditNote: { _id: string; number: string } | null;
  /** Days of plan time the refund took back (D39), 0 when the payment bought none. */
  daysTakenBack: number;
}

/** A payment as the back office's payments list shows it: the viewer's view, and its refunds. */
export interface AdminPayment extends PaymentView {
  viewerId: string | null;
  /** Masked as the viewers list masks it; null once the account is deleted. */
  phoneNumber: string | null;
  /** Marked as owed back (D18, D38): it bought nothing. */
  refundDue: boolean;
  /** Paise still refundable: the amount less refunds processed or under way. */
  refundable: number;
  refunds: RefundView[];
}

export const ADMIN_PAYMENTS_PAGE_SIZE = 20;

/** `GET /api/admin/payments?page=&search=&viewerId=`: newest first. */
export interface AdminPaymentPage {
  payments: AdminPayment[];
  currentPage: number;
  totalPayments: number;
  totalPages: number;
}

/** A GST report of a month, as CSV text (small enough to cross NATS: one row per state and rate, or per document). */
export interface GstReportFile {
  fileName: string;
  csv: string;
}
