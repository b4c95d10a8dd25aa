import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type RazorpayWebhookRequest, type WebhookReceipt } from '@chitram/contracts';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { DataSource } from 'typeorm';
import { OrdersRepository } from '../orders/orders.repository';
import {
  fromRazorpayPayment,
  fromRazorpayRefund,
  PaymentProvider,
  type ProviderPayment,
  type RazorpayPaymentEntity,
  type RazorpayRefundEntity,
} from '../providers/payment-provider';
import { RefundsService } from '../refunds/refunds.service';
import { SettlementService } from './settlement.service';

/** The events billing acts on; Razorpay sends others too, which are acknowledged and ignored. */
const HANDLED_EVENTS = ['payment.captured', 'order.paid', 'payment.failed'] as const;
type HandledEvent = (typeof HANDLED_EVENTS)[number];
/** A refund's end (D39); `refund.created` tells nothing billing does not know from asking. */
const REFUND_EVENTS = ['refund.processed', 'refund.failed'];

interface WebhookBody {
  event?: unknown;
  payload?: { payment?: { entity?: RazorpayPaymentEntity }; refund?: { entity?: RazorpayRefundEntity } };
}

function isHandled(event: unknown): event is HandledEvent {
  return typeof event === 'string' && (HANDLED_EVENTS as readonly string[]).includes(event);
}

/**
 * Razorpay's webhooks (DECISIONS D18): checked over the raw body with the webhook secret, de-duplicated
 * by event id, and settled through the same path as the browser's verification, so a plan is active
 * even when the browser never comes back. An event is marked seen only after it was settled: one that
 * failed halfway comes again (Razorpay retries anything but a 2xx) and is settled then.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly provider: PaymentProvider,
    private readonly orders: OrdersRepository,
    private readonly settlement: SettlementService,
    private readonly refunds: RefundsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive(request: RazorpayWebhookRequest): Promise<WebhookReceipt> {
    const raw = Buffer.from(request.rawBody, 'base64');
    if (!this.provider.webhookSignatureValid(raw, request.signature)) {
      this.logger.warn({ eventId: request.eventId }, 'webhook signature refused');
      throw new DomainError(ErrorCode.WEBHOOK_SIGNATURE_INVALID, 'The webhook signature does not match.');
    }
    let body: WebhookBody;
    try {
      body = JSON.parse(raw.toString('utf8')) as WebhookBody;
    } catch {
      throw new DomainError(ErrorCode.BAD_REQUEST, 'The webhook body is not JSON.');
    }
    const refund = body.payload?.refund?.entity;
    if (typeof body.event === 'string' && REFUND_EVENTS.includes(body.event) && refund?.id) {
      // Recorded once whatever the event id: a refund's end is kept on the refund itself.
      if (await this.seen(request.eventId)) return { handled: false };
      await this.refunds.settled({
        ...fromRazorpayRefund(refund),
        status: body.event === 'refund.processed' ? 'processed' : 'failed',
      });
      await this.remember(request.eventId || `${body.event}:${refund.id}`, body.event);
      return { handled: true };
    }
    const entity = body.payload?.payment?.entity;
    if (!isHandled(body.event) || !entity?.id || !entity.order_id) return { handled: false };
    const eventId = request.eventId || `${body.event}:${entity.id}`;
    if (await this.seen(eventId)) return { handled: false };

    await this.settle(body.event, fromRazorpayPayment(entity));
    await this.remember(eventId, body.event);
    return { handled: true };
  }

  private async remember(eventId: string, event: string): Promise<void> {
    await this.dataSource.query(
      'INSERT INTO "webhook_event" ("event_id", "event") VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [eventId, event],
    );
  }

  private async seen(eventId: string | undefined): Promise<boolean> {
    if (!eventId) return false;
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM "webhook_event" WHERE "event_id" = $1',
      [eventId],
    );
    return rows.length > 0;
  }

  private async settle(event: HandledEvent, payment: ProviderPayment): Promise<void> {
    const order = await this.orders.byProviderId(payment.orderId);
    if (!order) {
      // Another product on the same Razorpay account, or an order of another environment.
      this.logger.warn({ event, orderId: payment.orderId }, 'webhook for an order billing does not know');
      return;
    }
    switch (event) {
      case 'payment.failed':
        await this.settlement.failed(order, payment);
        return;
      case 'payment.captured':
      case 'order.paid':
        await this.settlement.captured(order, { ...payment, status: 'captured' });
        return;
    }
  }
}
