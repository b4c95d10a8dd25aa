import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  type PaymentConfirmation,
  type SandboxFailure,
  type SandboxOrderRequest,
} from '@chitram/contracts';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { BillingConfig } from '../config';
import { CheckoutService } from '../orders/checkout.service';
import { PaymentProvider, type ProviderPayment } from '../providers/payment-provider';
import { SANDBOX_FAILURE, SandboxProvider } from '../providers/sandbox.provider';
import { WebhooksService } from './webhooks.service';

/**
 * The sandbox payment window's buttons (DECISIONS D19). Pay and Fail act as a card payment at Razorpay
 * would: the page gets what Checkout hands it, and a moment later the webhook arrives, so a viewer who
 * closes the tab after paying is still activated, exactly as in production.
 */
@Injectable()
export class SandboxCheckoutService {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly checkout: CheckoutService,
    private readonly webhooks: WebhooksService,
    private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async pay({ viewerId, orderId }: SandboxOrderRequest): Promise<PaymentConfirmation> {
    const sandbox = await this.openOrder(viewerId, orderId);
    const { payment, confirmation } = await sandbox.pay(orderId);
    this.sendWebhook(sandbox, payment);
    return confirmation;
  }

  async fail({ viewerId, orderId }: SandboxOrderRequest): Promise<SandboxFailure> {
    const sandbox = await this.openOrder(viewerId, orderId);
    this.sendWebhook(sandbox, await sandbox.fail(orderId));
    return { error: { ...SANDBOX_FAILURE } };
  }

  private async openOrder(viewerId: string, orderId: string): Promise<SandboxProvider> {
    if (!(this.provider instanceof SandboxProvider))
      throw new DomainError(
        ErrorCode.NOT_FOUND,
        'Sandbox payments are off: billing takes payments with Razorpay.',
      );
    const order = await this.checkout.ownOrder(viewerId, orderId);
    if (order.status !== 'created') throw new DomainError(ErrorCode.CONFLICT, 'This order is already paid.');
    return this.provider;
  }

  private sendWebhook(sandbox: SandboxProvider, payment: ProviderPayment): void {
    const hook = sandbox.webhookFor(payment);
    const timer = setTimeout(() => {
      this.webhooks
        .receive({
          rawBody: hook.rawBody.toString('base64'),
          signature: hook.signature,
          eventId: hook.eventId,
        })
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'sandbox webhook not settled; reconciliation will'),
        );
    }, this.config.SANDBOX_WEBHOOK_DELAY_MS);
    timer.unref();
  }
}
