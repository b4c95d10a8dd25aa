import { DomainError, ErrorCode } from '@chitram/contracts';
import type { Logger } from '@chitram/nest-kit';
import Razorpay from 'razorpay';
import {
  fromRazorpayPayment,
  fromRazorpayRefund,
  type ProviderRefund,
  type RazorpayRefundEntity,
  PaymentProvider,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderSecrets,
  type RazorpayPaymentEntity,
} from './payment-provider';

/** How long one call to Razorpay may take; the SDK itself waits for ever. */
const RAZORPAY_TIMEOUT_MS = 10_000;

/** The part of the SDK's HTTP client that a test stand-in and a timeout need (the SDK keeps it public). */
interface SdkHttp {
  api: { rq: { defaults: { baseURL?: string; timeout?: number } } };
}

/** Payments through Razorpay's own SDK (orders, payments fetch and capture). */
export class RazorpayProvider extends PaymentProvider {
  readonly name = 'razorpay' as const;
  private readonly client: Razorpay;

  constructor(
    secrets: ProviderSecrets,
    private readonly logger: Logger,
    apiBaseUrl = '',
  ) {
    super(secrets);
    this.client = new Razorpay({ key_id: secrets.keyId, key_secret: secrets.keySecret });
    const http = (this.client as unknown as SdkHttp).api.rq.defaults;
    http.timeout = RAZORPAY_TIMEOUT_MS;
    if (apiBaseUrl) http.baseURL = apiBaseUrl.replace(/\/+$/, '');
  }

  async createOrder(
    amount: number,
    currency: string,
    receipt: string,
    notes: Record<string, string>,
  ): Promise<ProviderOrder> {
    const order = await this.call('create an order', () =>
      this.client.orders.create({ amount, currency, receipt, notes }),
    );
    return { id: order.id, amount: Number(order.amount), currency: order.currency };
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    const payment = await this.call('fetch a payment', () => this.client.payments.fetch(paymentId), {
      notFound: 'Razorpay has no such payment.',
    });
    return fromRazorpayPayment(payment);
  }

  async orderPayments(orderId: string): Promise<ProviderPayment[]> {
    const list = await this.call("fetch an order's payments", () =>
      this.client.orders.fetchPayments(orderId),
    );
    return (list.items as unknown as RazorpayPaymentEntity[]).map(fromRazorpayPayment);
  }

  async capture(payment: ProviderPayment): Promise<ProviderPayment> {
    const captured = await this.call('capture a payment', () =>
      this.client.payments.capture(payment.id, payment.amount, payment.currency),
    );
    return fromRazorpayPayment(captured);
  }

  async refund(paymentId: string, amount: number, notes: Record<string, string>): Promise<ProviderRefund> {
    const refund = await this.call(
      'refund a payment',
      () => this.client.payments.refund(paymentId, { amount, notes, speed: 'normal' }),
      { refused: 'Razorpay refused the refund' },
    );
    return fromRazorpayRefund(refund as unknown as RazorpayRefundEntity);
  }

  /**
   * A call to Razorpay; PAYMENT_PROVIDER_UNAVAILABLE when it cannot be asked. With `notFound`, its
   * answer that the id does not exist (400 or 404) is NOT_FOUND instead: it was asked, and said no.
   */
  private async call<T>(
    what: string,
    request: () => Promise<T>,
    options: { notFound?: string; refused?: string } = {},
  ): Promise<T> {
    try {
      return await request();
    } catch (error) {
      // The SDK throws `{ statusCode, error: { code, description } }` for answers, and TypeErrors without one.
      const answer = error as { statusCode?: number; error?: { code?: string; description?: string } };
      if (options.notFound && (answer.statusCode === 400 || answer.statusCode === 404)) {
        this.logger.warn(
          { statusCode: answer.statusCode, providerError: answer.error },
          `Razorpay: ${options.notFound}`,
        );
        throw new DomainError(ErrorCode.NOT_FOUND, options.notFound);
      }
      if (options.refused && answer.statusCode === 400) {
        // Asked and answered no (more than is left, a payment not captured): a request never worth retrying.
        this.logger.warn({ providerError: answer.error }, `Razorpay: ${options.refused}`);
        throw new DomainError(
          ErrorCode.PAYMENT_NOT_REFUNDABLE,
          `${options.refused}: ${answer.error?.description ?? 'no reason given'}`,
        );
      }
      this.logger.warn(
        {
          statusCode: answer.statusCode,
          providerError: answer.error,
          err: answer.statusCode ? undefined : error,
        },
        `Razorpay: could not ${what}`,
      );
      throw new DomainError(
        ErrorCode.PAYMENT_PROVIDER_UNAVAILABLE,
        'The payment service did not answer. Please try again shortly.',
      );
    }
  }
}
