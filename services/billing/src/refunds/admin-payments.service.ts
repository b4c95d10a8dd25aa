import { Injectable } from '@nestjs/common';
import {
  ADMIN_PAYMENTS_PAGE_SIZE,
  maskPhoneNumber,
  type AdminPayment,
  type AdminPaymentPage,
  type AdminPaymentsRequest,
} from '@chitram/contracts';
import { DataSource } from 'typeorm';
import { PAYMENT_VIEW_SELECT, type PaymentViewRow, toPaymentView } from '../payments/payments.repository';
import { refundableOf } from './refund-rules';
import { RefundsRepository } from './refunds.repository';

/** How a search names payments: a payment id, a receipt number, or part of a phone number. */
function searchFilter(search: string | undefined, next: number): { sql: string; value: string } | null {
  if (!search) return null;
  if (/^pay_/i.test(search)) return { sql: `p."provider_payment_id" = $${next}`, value: search };
  if (search.includes('/'))
    return { sql: `r."number" ILIKE $${next}`, value: `%${search.replace(/[%_\\]/g, '')}%` };
  const digits = search.replace(/\D/g, '');
  return digits ? { sql: `o."phone_number" LIKE $${next}`, value: `%${digits}%` } : null;
}

/** The back office's payments list (finance, D39): every viewer's payments, newest first, with their refunds. */
@Injectable()
export class AdminPaymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly refunds: RefundsRepository,
  ) {}

  async page(request: AdminPaymentsRequest): Promise<AdminPaymentPage> {
    const page = request.page ?? 1;
    const where: string[] = [];
    const params: unknown[] = [];
    if (request.viewerId) {
      params.push(request.viewerId);
      where.push(`p."viewer_id" = $${params.length}`);
    }
    const filter = searchFilter(request.search, params.length + 1);
    if (filter) {
      params.push(filter.value);
      where.push(filter.sql);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, counted]: [PaymentViewRow[], Array<{ n: number }>] = await Promise.all([
      this.dataSource.query(
        `${PAYMENT_VIEW_SELECT} ${clause} ORDER BY p."at" DESC, p."id" LIMIT ${ADMIN_PAYMENTS_PAGE_SIZE} OFFSET ${(page - 1) * ADMIN_PAYMENTS_PAGE_SIZE}`,
        params,
      ),
      this.dataSource.query(
        `SELECT count(*)::int AS "n" FROM "payment" p JOIN "payment_order" o ON o."id" = p."order_id"
           LEFT JOIN "receipt" r ON r."payment_id" = p."id" ${clause}`,
        params,
      ),
    ]);
    const refunds = await this.refunds.ofPayments(rows.map((row) => row.id));
    const payments: AdminPayment[] = rows.map((row) => ({
      ...toPaymentView(row),
      viewerId: row.viewer_id,
      phoneNumber: row.viewer_id && row.phone_number ? maskPhoneNumber(row.phone_number) : null,
      refundDue: row.refund_due,
      refundable: refundableOf({ amount: row.amount_paise, status: row.status, held: row.refund_held_paise }),
      refunds: refunds.filter((refund) => refund.paymentId === row.id),
    }));
    const total = counted[0].n;
    return {
      payments,
      currentPage: page,
      totalPayments: total,
      totalPages: Math.max(1, Math.ceil(total / ADMIN_PAYMENTS_PAGE_SIZE)),
    };
  }
}
