import { randomInt } from 'node:crypto';
import { DomainError, ErrorCode, type PaymentConfirmation } from '@chitram/contracts';
import type { DataSource } from 'typeorm';
import {
  PaymentProvider,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type RazorpayPaymentEntity,
} from './payment-provider';
import { hmacHex, paymentSignature } from './signatures';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay's id shape: a prefix and 14 letters or digits. */
export function providerId(prefix: 'order' | 'pay' | 'rfnd'): string {
  let id = '';
  for (let i = 0; i < 14; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}_${id}`;
}

interface SandboxPaymentRow {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: ProviderPayment['status'];
  error_description: string | null;
}

function toPayment(row: SandboxPaymentRow): ProviderPayment {
  return {
    id: row.id,
    orderId: row.order_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    method: 'sandbox',
    errorDescription: row.error_description,
  };
}

/** The sandbox's failure, as Razorpay Checkout reports a declined card. */
export const SANDBOX_FAILURE = {
  code: 'BAD_REQUEST_ERROR',
  description: 'The sandbox payment was declined (you pressed Fail).',
  reason: 'payment_failed',
} as const;

/**
 * DECISIONS D19: payments without Razorpay's servers. Orders and payments live in billing's own tables,
 * and a payment is signed with the same HMAC scheme as Razorpay's, so verification, webhooks and
 * reconciliation run the same code as in production. Refused in production by the configuration.
 */
export class SandboxProvider extends PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    secrets: ConstructorParameters<typeof PaymentProvider>[0],
    private readonly dataSource: DataSource,
  ) {
    super(secrets);
  }

  async createOrder(amount: number, currency: string, receipt: string): Promise<ProviderOrder> {
    const id = providerId('order');
    await this.dataSource.query(
      'INSERT INTO "sandbox_order" ("id", "amount", "currency", "receipt") VALUES ($1, $2, $3, $4)',
      [id, amount, currency, receipt],
    );
    return { id, amount, currency };
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    const rows: SandboxPaymentRow[] = await this.dataSource.query(
      'SELECT * FROM "sandbox_payment" WHERE "id" = $1',
      [paymentId],
    );
    if (!rows.length) throw new DomainError(ErrorCode.NOT_FOUND, 'The sandbox has no such payment.');
    return toPayment(rows[0]);
  }

  async orderPayments(orderId: string): Promise<ProviderPayment[]> {
    const rows: SandboxPaymentRow[] = await this.dataSource.query(
      'SELECT * FROM "sandbox_payment" WHERE "order_id" = $1 ORDER BY "created_at"',
      [orderId],
    );
    return rows.map(toPayment);
  }

  capture(payment: ProviderPayment): Promise<ProviderPayment> {
    return Promise.resolve(payment); // sandbox payments are captured as they are made
  }

  /** The sandbox's books refund at once (D39): a refund of more than is left is refused as Razorpay does. */
  async refund(paymentId: string, amount: number, notes: Record<string, string>): Promise<ProviderRefund> {
    return this.dataSource.transaction(async (manager) => {
      const payments: Array<{ amount: number; refunded: number }> = await manager.query(
        `SELECT p."amount", coalesce((SELECT sum(r."amount") FROM "sandbox_refund" r WHERE r."payment_id" = p."id"), 0)::int AS "refunded"
           FROM "sandbox_payment" p WHERE p."id" = $1 AND p."status" = 'captured' FOR UPDATE`,
        [paymentId],
      );
      const payment = payments[0];
      if (!payment)
        throw new DomainError(ErrorCode.PAYMENT_NOT_REFUNDABLE, 'The sandbox has no such captured payment.');
      if (amount > payment.amount - payment.refunded)
        throw new DomainError(
          ErrorCode.PAYMENT_NOT_REFUNDABLE,
          'The sandbox refused the refund: the amount is more than what is left of the payment.',
        );
      const id = providerId('rfnd');
      await manager.query('INSERT INTO "sandbox_refund" ("id", "payment_id", "amount") VALUES ($1, $2, $3)', [
        id,
        paymentId,
        amount,
      ]);
      return { id, paymentId, amount, status: 'processed' as const, notes };
    });
  }

  /** The sandbox window's Pay: a captured payment and the confirmation Checkout would hand the page. */
  async pay(orderId: string): Promise<{ payment: ProviderPayment; confirmation: PaymentConfirmation }> {
    const payment = await this.record(orderId, 'captured', null);
    return {
      payment,
      confirmation: {
        razorpay_order_id: orderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: paymentSignature(this.secrets.keySecret, orderId, payment.id),
      },
    };
  }

  /** The sandbox window's Fail: a declined payment. */
  fail(orderId: string): Promise<ProviderPayment> {
    return this.record(orderId, 'failed', SANDBOX_FAILURE.description);
  }

  /** A webhook body for a payment, as Razorpay sends it, and its signature. */
  webhookFor(payment: ProviderPayment): { rawBody: Buffer; signature: string; eventId: string } {
    const entity: RazorpayPaymentEntity = {
      id: payment.id,
      order_id: payment.orderId,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      method: payment.method,
      error_description: payment.errorDescription,
    };
    const event = payment.status === 'failed' ? 'payment.failed' : 'payment.captured';
    const rawBody = Buffer.from(
      JSON.stringify({
        entity: 'event',
        event,
        contains: ['payment'],
        payload: { payment: { entity } },
        created_at: Math.floor(Date.now() / 1000),
      }),
    );
    return {
      rawBody,
      signature: hmacHex(this.secrets.webhookSecret, rawBody),
      eventId: `evt_${payment.id.slice(4)}`,
    };
  }

  private async record(
    orderId: string,
    status: 'captured' | 'failed',
    errorDescription: string | null,
  ): Promise<ProviderPayment> {
    const orders: Array<{ amount: number; currency: string }> = await this.dataSource.query(
      'SELECT "amount", "currency" FROM "sandbox_order" WHERE "id" = $1',
      [orderId],
    );
    if (!orders.length) throw new DomainError(ErrorCode.ORDER_NOT_FOUND, 'There is no such order.');
    const rows: SandboxPaymentRow[] = await this.dataSource.query(
      `INSERT INTO "sandbox_payment" ("id", "order_id", "amount", "currency", "status", "error_code", "error_description")
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [
        providerId('pay'),
        orderId,
        orders[0].amount,
        orders[0].currency,
        status,
        status === 'failed' ? SANDBOX_FAILURE.code : null,
        errorDescription,
      ],
    );
    return toPayment(rows[0]);
  }
}
