import { Injectable } from '@nestjs/common';
import type { RefundOrigin, RefundStatus, RefundView } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** A payment as a refund reads it, locked. */
export interface PaymentToRefund {
  id: string;
  providerPaymentId: string;
  viewerId: string | null;
  amount: number;
  status: 'captured' | 'failed';
  held: number;
}

export interface StoredRefund {
  id: string;
  paymentId: string;
  providerRefundId: string | null;
  amount: number;
  reason: string;
  origin: RefundOrigin;
  status: RefundStatus;
}

interface RefundRow {
  id: string;
  payment_id: string;
  provider_refund_id: string | null;
  amount_paise: number;
  reason: string;
  origin: RefundOrigin;
  requested_by: string | null;
  status: RefundStatus;
  failure_reason: string | null;
  credit_note_id: string | null;
  credit_note_number: string | null;
  taken_back_seconds: number;
  created_at: Date;
  processed_at: Date | null;
}

interface PaymentRow {
  id: string;
  provider_payment_id: string;
  viewer_id: string | null;
  amount_paise: number;
  status: 'captured' | 'failed';
  refund_held_paise: number;
}

const toPayment = (row: PaymentRow): PaymentToRefund => ({
  id: row.id,
  providerPaymentId: row.provider_payment_id,
  viewerId: row.viewer_id,
  amount: row.amount_paise,
  status: row.status,
  held: row.refund_held_paise,
});

const toRefund = (row: RefundRow): StoredRefund => ({
  id: row.id,
  paymentId: row.payment_id,
  providerRefundId: row.provider_refund_id,
  amount: row.amount_paise,
  reason: row.reason,
  origin: row.origin,
  status: row.status,
});

export function refundView(row: RefundRow): RefundView {
  return {
    _id: row.id,
    paymentId: row.payment_id,
    amount: row.amount_paise,
    reason: row.reason,
    status: row.status,
    origin: row.origin,
    providerRefundId: row.provider_refund_id,
    createdAt: new Date(row.created_at).toISOString(),
    processedAt: row.processed_at ? new Date(row.processed_at).toISOString() : null,
    failureReason: row.failure_reason,
    creditNote:
      row.credit_note_id && row.credit_note_number
        ? { _id: row.credit_note_id, number: row.credit_note_number }
        : null,
    daysTakenBack: Math.round((row.taken_back_seconds / 86_400) * 100) / 100,
  };
}

const REFUND_COLUMNS = `f.*, n."number" AS "credit_note_number"`;
const REFUND_FROM = `"refund" f LEFT JOIN "credit_note" n ON n."id" = f."credit_note_id"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Matches no refund: a webhook's notes may name no refund of billing's. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** Automatic refunds of one payment tried this many times (each failed) are left to finance. */
const AUTOMATIC_TRIES = 3;
/** Razorpay refunds a payment up to 180 days after it was captured. */
const PROVIDER_REFUND_WINDOW_DAYS = 180;

/** Refunds (D39), and what they hold of their payments. */
@Injectable()
export class RefundsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async lockPayment(manager: EntityManager, paymentId: string): Promise<PaymentToRefund | undefined> {
    const rows: PaymentRow[] = await manager.query('SELECT * FROM "payment" WHERE "id" = $1 FOR UPDATE', [
      paymentId,
    ]);
    return rows[0] && toPayment(rows[0]);
  }

  /**
   * The next payment owed back that billing has not refunded yet, locked and skipped by any other
   * instance claiming at the same time. Captured within the provider's refund window; after three
   * failed tries it is left to finance.
   */
  async claimDue(manager: EntityManager): Promise<PaymentToRefund | undefined> {
    const rows: PaymentRow[] = await manager.query(
      `SELECT p.* FROM "payment" p
        WHERE p."refund_due" AND p."refund_held_paise" = 0 AND p."status" = 'captured'
          AND p."at" > now() - make_interval(days => $1)
          AND (SELECT count(*) FROM "refund" f WHERE f."payment_id" = p."id" AND f."origin" = 'automatic') < $2
        ORDER BY p."at" LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [PROVIDER_REFUND_WINDOW_DAYS, AUTOMATIC_TRIES],
    );
    return rows[0] && toPayment(rows[0]);
  }

  /** Holds `amount` of the payment for a refund: the constraint refuses more than the payment. */
  async hold(manager: EntityManager, paymentId: string, amount: number): Promise<void> {
    await manager.query(
      'UPDATE "payment" SET "refund_held_paise" = "refund_held_paise" + $2 WHERE "id" = $1',
      [paymentId, amount],
    );
  }

  async insert(
    manager: EntityManager,
    refund: {
      paymentId: string;
      amount: number;
      reason: string;
      origin: RefundOrigin;
      requestedBy: string | null;
    },
  ): Promise<StoredRefund> {
    const rows: RefundRow[] = await manager.query(
      `INSERT INTO "refund" ("payment_id", "amount_paise", "reason", "origin", "requested_by")
       VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [refund.paymentId, refund.amount, refund.reason, refund.origin, refund.requestedBy],
    );
    return toRefund(rows[0]);
  }

  async setProviderId(refundId: string, providerRefundId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "refund" SET "provider_refund_id" = $2 WHERE "id" = $1 AND "provider_refund_id" IS NULL`,
      [refundId, providerRefundId],
    );
  }

  /** The refund billing asked for, by its id or the provider's, locked: its end is recorded once. */
  async lock(
    manager: EntityManager,
    by: { id?: string; providerRefundId?: string },
  ): Promise<StoredRefund | undefined> {
    const rows: RefundRow[] = await manager.query(
      `SELECT * FROM "refund" WHERE "id" = $1 OR "provider_refund_id" = $2 ORDER BY "id" = $1 DESC LIMIT 1 FOR UPDATE`,
      [by.id && UUID.test(by.id) ? by.id : NO_ID, by.providerRefundId ?? null],
    );
    return rows[0] && toRefund(rows[0]);
  }

  /** Paise and plan seconds the payment's processed refunds took back, before this one. */
  async processedOf(manager: EntityManager, paymentId: string): Promise<{ refunded: number; taken: number }> {
    const rows: Array<{ refunded: number; taken: number }> = await manager.query(
      `SELECT coalesce(sum("amount_paise"), 0)::int AS "refunded", coalesce(sum("taken_back_seconds"), 0)::int AS "taken"
         FROM "refund" WHERE "payment_id" = $1 AND "status" = 'processed'`,
      [paymentId],
    );
    return rows[0];
  }

  async markProcessed(
    manager: EntityManager,
    refundId: string,
    providerRefundId: string | null,
    creditNoteId: string | null,
    takenSeconds: number,
  ): Promise<void> {
    await manager.query(
      `UPDATE "refund" SET "status" = 'processed', "processed_at" = now(), "credit_note_id" = $2,
         "taken_back_seconds" = $3, "provider_refund_id" = coalesce("provider_refund_id", $4)
        WHERE "id" = $1`,
      [refundId, creditNoteId, takenSeconds, providerRefundId],
    );
  }

  /** A refund that did not happen gives its amount back to the payment's refundable part. */
  async markFailed(manager: EntityManager, refund: StoredRefund, reason: string): Promise<void> {
    await manager.query(`UPDATE "refund" SET "status" = 'failed', "failure_reason" = $2 WHERE "id" = $1`, [
      refund.id,
      reason.slice(0, 500),
    ]);
    await manager.query(
      'UPDATE "payment" SET "refund_held_paise" = "refund_held_paise" - $2 WHERE "id" = $1',
      [refund.paymentId, refund.amount],
    );
  }

  /** The payment's tax invoice, if it has one (a payment that bought nothing has none). */
  async receiptOf(manager: EntityManager, paymentId: string): Promise<string | undefined> {
    const rows: Array<{ id: string }> = await manager.query(
      'SELECT "id" FROM "receipt" WHERE "payment_id" = $1',
      [paymentId],
    );
    return rows[0]?.id;
  }

  /** What the payment bought: its period's length and whether it is the plan queued behind the one held. */
  async periodOf(
    manager: EntityManager,
    paymentId: string,
  ): Promise<{ viewerId: string; seconds: number; queued: boolean } | undefined> {
    const rows: Array<{ viewer_id: string | null; seconds: number; change: string }> = await manager.query(
      `SELECT "viewer_id", floor(extract(epoch FROM "valid_till" - "valid_from"))::int AS "seconds", "change"
         FROM "subscription_period" WHERE "payment_id" = $1`,
      [paymentId],
    );
    const row = rows[0];
    return row?.viewer_id
      ? { viewerId: row.viewer_id, seconds: row.seconds, queued: row.change === 'queued' }
      : undefined;
  }

  /** The viewer's plan times, under the caller's lock of the viewer's plan. */
  async planTimes(
    manager: EntityManager,
    viewerId: string,
  ): Promise<{ validTill: Date; nextValidTill: Date | null } | undefined> {
    const rows: Array<{ valid_till: Date; next_valid_till: Date | null }> = await manager.query(
      'SELECT "valid_till", "next_valid_till" FROM "subscription" WHERE "viewer_id" = $1',
      [viewerId],
    );
    const row = rows[0];
    return (
      row && {
        validTill: new Date(row.valid_till),
        nextValidTill: row.next_valid_till ? new Date(row.next_valid_till) : null,
      }
    );
  }

  /** Sets the plan's new end (and the queued plan's; null removes it) after a refund. */
  async setPlanTimes(
    manager: EntityManager,
    viewerId: string,
    times: { validTill: Date; nextValidTill: Date | null },
  ): Promise<void> {
    await manager.query(
      `UPDATE "subscription" SET "valid_till" = $2, "next_valid_till" = $3,
         "next_plan_key" = CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE "next_plan_key" END, "updated_at" = now()
        WHERE "viewer_id" = $1`,
      [viewerId, times.validTill, times.nextValidTill],
    );
  }

  async view(refundId: string): Promise<RefundView> {
    const rows: RefundRow[] = await this.dataSource.query(
      `SELECT ${REFUND_COLUMNS} FROM ${REFUND_FROM} WHERE f."id" = $1`,
      [refundId],
    );
    return refundView(rows[0]);
  }

  /** The refunds of these payments, oldest first. */
  async ofPayments(paymentIds: string[]): Promise<RefundView[]> {
    if (!paymentIds.length) return [];
    const rows: RefundRow[] = await this.dataSource.query(
      `SELECT ${REFUND_COLUMNS} FROM ${REFUND_FROM} WHERE f."payment_id" = ANY($1) ORDER BY f."created_at"`,
      [paymentIds],
    );
    return rows.map(refundView);
  }
}
