import { Injectable } from '@nestjs/common';
import type { PaymentStatus, PaymentView, PlanKey } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { ProviderPayment } from '../providers/payment-provider';

export interface StoredPayment {
  id: string;
  providerPaymentId: string;
  orderId: string;
  viewerId: string | null;
  amount: number;
  status: PaymentStatus;
  at: Date;
}

interface PaymentRow {
  id: string;
  provider_payment_id: string;
  order_id: string;
  viewer_id: string | null;
  amount_paise: number;
  status: PaymentStatus;
  at: Date;
}

function toPayment(row: PaymentRow): StoredPayment {
  return {
    id: row.id,
    providerPaymentId: row.provider_payment_id,
    orderId: row.order_id,
    viewerId: row.viewer_id,
    amount: row.amount_paise,
    status: row.status,
    at: new Date(row.at),
  };
}

export interface RecordedPayment {
  payment: StoredPayment;
  /** True when this call changed what billing knew (a new payment, or a failure that turned into a capture). */
  changed: boolean;
}

@Injectable()
export class PaymentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records what the provider says of a payment. A captured payment stays captured whatever arrives
   * later; a failed one may still be captured (a late authorisation).
   */
  async record(
    manager: EntityManager,
    orderId: string,
    viewerId: string | null,
    payment: ProviderPayment,
    status: PaymentStatus,
  ): Promise<RecordedPayment> {
    const rows: PaymentRow[] = await manager.query(
      `INSERT INTO "payment" ("provider_payment_id", "order_id", "viewer_id", "amount_paise", "currency",
         "status", "method", "failure_reason")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT ("provider_payment_id") DO UPDATE SET "status" = EXCLUDED."status",
         "failure_reason" = NULL, "at" = now()
         WHERE "payment"."status" = 'failed' AND EXCLUDED."status" = 'captured'
       RETURNING *`,
      [
        payment.id,
        orderId,
        viewerId,
        payment.amount,
        payment.currency,
        status,
        payment.method,
        status === 'failed' ? (payment.errorDescription ?? 'The payment failed.') : null,
      ],
    );
    if (rows.length) return { payment: toPayment(rows[0]), changed: true };
    const existing: PaymentRow[] = await manager.query(
      'SELECT * FROM "payment" WHERE "provider_payment_id" = $1',
      [payment.id],
    );
    return { payment: toPayment(existing[0]), changed: false };
  }

  /** A second payment for an order that is already paid: it bought nothing, so it is owed back. */
  async markRefundDue(manager: EntityManager, id: string): Promise<void> {
    await manager.query('UPDATE "payment" SET "refund_due" = true WHERE "id" = $1', [id]);
  }

  /** The viewer's payments, newest first, with the plan, the receipt and the credit notes of each (D14, D39). */
  async history(viewerId: string, limit: number): Promise<PaymentView[]> {
    const rows: PaymentViewRow[] = await this.dataSource.query(
      `${PAYMENT_VIEW_SELECT} WHERE p."viewer_id" = $1 ORDER BY p."at" DESC LIMIT $2`,
      [viewerId, limit],
    );
    return rows.map(toPaymentView);
  }

  async anonymise(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query('UPDATE "payment" SET "viewer_id" = NULL WHERE "viewer_id" = $1', [viewerId]);
  }
}

/** A payment as PaymentView shows it: its order's plan, its receipt, what its refunds gave back and their credit notes. */
export const PAYMENT_VIEW_SELECT = `
  SELECT p."id", p."provider_payment_id", o."provider_order_id", o."plan_key", pl."name" AS "plan_name",
         p."amount_paise", p."status", p."method", p."failure_reason", p."at",
         r."id" AS "receipt_id", r."number" AS "receipt_number",
         p."viewer_id", o."phone_number", p."refund_due", p."refund_held_paise",
         coalesce(f."refunded", 0)::int AS "refunded", coalesce(f."credit_notes", '[]') AS "credit_notes"
    FROM "payment" p
    JOIN "payment_order" o ON o."id" = p."order_id"
    JOIN "plan" pl ON pl."plan_key" = o."plan_key"
    LEFT JOIN "receipt" r ON r."payment_id" = p."id"
    LEFT JOIN LATERAL (
      SELECT sum(x."amount_paise") AS "refunded",
             json_agg(json_build_object('_id', n."id", 'number', n."number", 'amount', n."amount_paise")
                      ORDER BY n."issued_at") FILTER (WHERE n."id" IS NOT NULL) AS "credit_notes"
        FROM "refund" x LEFT JOIN "credit_note" n ON n."id" = x."credit_note_id"
       WHERE x."payment_id" = p."id" AND x."status" = 'processed') f ON true`;

export interface PaymentViewRow {
  id: string;
  provider_payment_id: string;
  provider_order_id: string;
  plan_key: PlanKey;
  plan_name: string;
  amount_paise: number;
  status: PaymentStatus;
  method: string | null;
  failure_reason: string | null;
  at: Date;
  receipt_id: string | null;
  receipt_number: string | null;
  viewer_id: string | null;
  phone_number: string | null;
  refund_due: boolean;
  refund_held_paise: number;
  refunded: number;
  credit_notes: Array<{ _id: string; number: string; amount: number }>;
}

export function toPaymentView(row: PaymentViewRow): PaymentView {
  return {
    _id: row.id,
    paymentId: row.provider_payment_id,
    orderId: row.provider_order_id,
    planKey: row.plan_key,
    planName: row.plan_name,
    amount: row.amount_paise,
    currency: 'INR',
    status: row.status,
    method: row.method,
    failureReason: row.failure_reason,
    at: new Date(row.at).toISOString(),
    receipt:
      row.receipt_id && row.receipt_number ? { _id: row.receipt_id, number: row.receipt_number } : null,
    refunded: row.refunded,
    creditNotes: row.credit_notes,
  };
}
