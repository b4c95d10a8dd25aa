import type { PaymentProviderName } from '@chitram/contracts';
import { paymentSignatureValid, webhookSignatureValid } from './signatures';

/** An order at the provider. Amounts in paise. */
export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
}

/** A payment as the provider reports it (Razorpay's payment entity, the fields billing reads). */
export interface ProviderPayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string | null;
  /** Why it failed, in the provider's words. */
  errorDescription: string | null;
}

/** A refund as the provider reports it (Razorpay's refund entity, the fields billing reads). */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  /** What billing wrote on it when asking: `refund_id`, its own refund's id. */
  notes: Record<string, string>;
}

export interface ProviderSecrets {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * Where payments are taken (DECISIONS D18, D19): Razorpay, or the sandbox that stands in for it in
 * development. Both sign payments and webhooks with the same HMAC-SHA256 scheme, so checking a
 * signature is the same code whichever provider made it.
 */
export abstract class PaymentProvider {
  abstract readonly name: PaymentProviderName;

  constructor(protected readonly secrets: ProviderSecrets) {}

  /** The public key the browser's checkout window is opened with. */
  get keyId(): string {
    return this.secrets.keyId;
  }

  abstract createOrder(
    amount: number,
    currency: string,
    receipt: string,
    notes: Record<string, string>,
  ): Promise<ProviderOrder>;

  abstract fetchPayment(paymentId: string): Promise<ProviderPayment>;

  abstract orderPayments(orderId: string): Promise<ProviderPayment[]>;

  /** Captures an authorised payment (accounts without automatic capture). */
  abstract capture(payment: ProviderPayment): Promise<ProviderPayment>;

  /**
   * Gives back `amount` paise of a captured payment (D39). The answer may be processed at once or
   * pending, in which case a `refund.processed` or `refund.failed` webhook tells the end.
   */
  abstract refund(paymentId: string, amount: number, notes: Record<string, string>): Promise<ProviderRefund>;

  paymentSignatureValid(orderId: string, paymentId: string, signature: string): boolean {
    return paymentSignatureValid(this.secrets.keySecret, orderId, paymentId, signature);
  }

  webhookSignatureValid(rawBody: Buffer, signature: string): boolean {
    return webhookSignatureValid(this.secrets.webhookSecret, rawBody, signature);
  }
}

/** Razorpay's payment entity as its API and webhooks carry it. */
export interface RazorpayPaymentEntity {
  id: string;
  order_id: string;
  amount: number | string;
  currency: string;
  status: ProviderPayment['status'];
  method?: string | null;
  error_description?: string | null;
}

export function fromRazorpayPayment(entity: RazorpayPaymentEntity): ProviderPayment {
  return {
    id: entity.id,
    orderId: entity.order_id,
    amount: Number(entity.amount),
    currency: entity.currency,
    status: entity.status,
    method: entity.method ?? null,
    errorDescription: entity.error_description ?? null,
  };
}

/** Razorpay's refund entity as its API and webhooks carry it. */
export interface RazorpayRefundEntity {
  id: string;
  payment_id: string;
  amount: number | string;
  currency?: string;
  status: ProviderRefund['status'];
  notes?: Record<string, string | number> | unknown[];
}

export function fromRazorpayRefund(entity: RazorpayRefundEntity): ProviderRefund {
  // Razorpay sends notes as an empty array when there are none.
  const notes = Array.isArray(entity.notes) ? {} : (entity.notes ?? {});
  return {
    id: entity.id,
    paymentId: entity.payment_id,
    amount: Number(entity.amount),
    status: entity.status,
    notes: Object.fromEntries(Object.entries(notes).map(([key, value]) => [key, String(value)])),
  };
}
