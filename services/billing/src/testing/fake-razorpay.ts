import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hmacHex, paymentSignature } from '../providers/signatures';
import { providerId } from '../providers/sandbox.provider';
import type { RazorpayPaymentEntity } from '../providers/payment-provider';

export const FAKE_RAZORPAY = {
  keyId: 'rzp_test_fakerazorpay01',
  keySecret: 'fake-razorpay-key-secret',
  webhookSecret: 'fake-razorpay-webhook-secret',
};

interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
}

type FakePayment = Required<RazorpayPaymentEntity> & { entity: 'payment'; amount_refunded: number };

interface FakeRefund {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  currency: string;
  notes: Record<string, string>;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  speed_requested: string;
  created_at: number;
}

/**
 * A local stand-in of Razorpay's HTTP API, the parts billing uses (orders create, fetch, their payments;
 * payments fetch, capture and refund), with Basic authentication by key id and secret and Razorpay's error shape.
 * The real `razorpay` SDK talks to it; the test plays the customer and Razorpay's webhook sender.
 */
export class FakeRazorpay {
  readonly orders = new Map<string, FakeOrder>();
  readonly payments = new Map<string, FakePayment>();
  readonly refunds = new Map<string, FakeRefund>();
  /** How a new refund is answered: pending until its webhook (Razorpay's usual), or processed at once. */
  refundAnswer: 'pending' | 'processed' = 'pending';
  readonly requests: string[] = [];
  /** While true, every request answers 503, as during an outage. */
  down = false;
  baseUrl = '';
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The customer pays in Checkout: a payment on the order, and what Checkout hands the page. */
  pay(orderId: string, status: 'captured' | 'authorized' | 'failed' = 'captured') {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`the fake has no order ${orderId}`);
    const payment: FakePayment = {
      id: providerId('pay'),
      entity: 'payment',
      order_id: orderId,
      amount: order.amount,
      currency: order.currency,
      status,
      method: 'upi',
      error_description: status === 'failed' ? 'Payment failed because the bank declined it.' : null,
      amount_refunded: 0,
    };
    this.payments.set(payment.id, payment);
    order.status = status === 'captured' ? 'paid' : 'attempted';
    return {
      payment,
      confirmation: {
        razorpay_order_id: orderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: paymentSignature(FAKE_RAZORPAY.keySecret, orderId, payment.id),
      },
    };
  }

  /** A webhook as Razorpay sends it for a payment, signed with the webhook secret. */
  webhook(event: 'payment.captured' | 'order.paid' | 'payment.failed', paymentId: string, eventId?: string) {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new Error(`the fake has no payment ${paymentId}`);
    const payload: Record<string, unknown> = { payment: { entity: payment } };
    if (event === 'order.paid') payload.order = { entity: this.orders.get(payment.order_id) };
    return this.signed(event, payload, eventId);
  }

  /** Razorpay's bank ends a pending refund: processed, or failed (its amount is refundable again). */
  settleRefund(refundId: string, status: 'processed' | 'failed'): void {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`the fake has no refund ${refundId}`);
    refund.status = status;
    if (status === 'failed') this.payments.get(refund.payment_id)!.amount_refunded -= refund.amount;
  }

  /** A refund's webhook as Razorpay sends it: the refund and its payment. */
  refundWebhook(event: 'refund.processed' | 'refund.failed', refundId: string, eventId?: string) {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`the fake has no refund ${refundId}`);
    const payment = this.payments.get(refund.payment_id);
    return this.signed(event, { refund: { entity: refund }, payment: { entity: payment } }, eventId);
  }

  private signed(event: string, payload: Record<string, unknown>, eventId?: string) {
    const rawBody = Buffer.from(
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_FakeAccount0001',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      }),
    );
    return {
      rawBody,
      signature: hmacHex(FAKE_RAZORPAY.webhookSecret, rawBody),
      eventId: eventId ?? `evt_${providerId('pay').slice(4)}`,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0];
    this.requests.push(`${req.method} ${path}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, description: string) =>
      send(status, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', reason: 'NA' } });

    if (this.down) return error(503, 'Service unavailable');
    const expected = `Basic ${Buffer.from(`${FAKE_RAZORPAY.keyId}:${FAKE_RAZORPAY.keySecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(401, 'The api key provided is invalid');

    let match: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v1/orders') {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Partial<FakeOrder>;
      if (!Number.isInteger(body.amount) || (body.amount ?? 0) < 100)
        return error(400, 'The amount must be at least INR 1.00');
      const order: FakeOrder = {
        id: providerId('order'),
        entity: 'order',
        amount: body.amount!,
        currency: body.currency ?? 'INR',
        receipt: body.receipt ?? '',
        status: 'created',
        notes: body.notes ?? {},
      };
      this.orders.set(order.id, order);
      return send(200, order);
    }
    if (req.method === 'GET' && (match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path))) {
      const items = [...this.payments.values()].filter((p) => p.order_id === match![1]);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && (match = /^\/v1\/orders\/([^/]+)$/.exec(path))) {
      const order = this.orders.get(match[1]);
      return order ? send(200, order) : error(400, 'The id provided does not exist');
    }
    if (req.method === 'GET' && (match = /^\/v1\/payments\/([^/]+)$/.exec(path))) {
      const payment = this.payments.get(match[1]);
      return payment ? send(200, payment) : error(400, 'The id provided does not exist');
    }
    if (req.method === 'POST' && (match = /^\/v1\/payments\/([^/]+)\/capture$/.exec(path))) {
      const payment = this.payments.get(match[1]);
      if (!payment) return error(400, 'The id provided does not exist');
      if (payment.status !== 'authorized') return error(400, 'This payment has already been captured');
      payment.status = 'captured';
      this.orders.get(payment.order_id)!.status = 'paid';
      return send(200, payment);
    }
    if (req.method === 'POST' && (match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path))) {
      const payment = this.payments.get(match[1]);
      if (!payment) return error(400, 'The id provided does not exist');
      if (payment.status !== 'captured' && payment.status !== 'refunded')
        return error(400, 'The payment has not been captured');
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as {
        amount?: number;
        notes?: Record<string, string>;
        speed?: string;
      };
      const left = Number(payment.amount) - payment.amount_refunded;
      const amount = body.amount ?? left;
      if (!Number.isInteger(amount) || amount < 100)
        return error(400, 'The refund amount must be at least INR 1.00');
      if (amount > left) return error(400, 'The refund amount provided is greater than amount captured');
      const refund: FakeRefund = {
        id: providerId('rfnd'),
        entity: 'refund',
        payment_id: payment.id,
        amount,
        currency: payment.currency,
        notes: body.notes ?? {},
        receipt: null,
        status: this.refundAnswer,
        speed_requested: body.speed ?? 'normal',
        created_at: Math.floor(Date.now() / 1000),
      };
      this.refunds.set(refund.id, refund);
      payment.amount_refunded += amount;
      if (payment.amount_refunded === Number(payment.amount)) payment.status = 'refunded';
      return send(200, refund);
    }
    return error(404, 'The requested URL was not found on the server.');
  }
}
