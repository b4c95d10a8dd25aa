import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import type {
  BillingAccountView,
  CheckoutOrder,
  PaymentConfirmation,
  PlanQuote,
  PaymentView,
  ReceiptView,
  SandboxFailure,
  StoredPlan,
  SubscriptionStatus,
  VerifiedPayment,
} from './billing-answers';
import { GST_STATE_CODES } from './gst-states';
import { couponCodeOf } from './promotions-answers';
import { type DeviceClass, PLAN_KEYS, type PlanKey } from './plans';
import { subject } from './subject';

export * from './billing-answers';

/**
 * Plans, orders, payments, subscriptions and receipts (SPEC §3, §4.4, §7; DECISIONS D16–D19, D25): the
 * payloads of Subjects.billing, declared once and validated on both sides of NATS.
 */

/** Razorpay's ids: `order_` or `pay_` and 14 letters or digits (the sandbox makes the same shape). */
export const PROVIDER_ORDER_ID = /^order_[A-Za-z0-9]{8,32}$/;
export const PROVIDER_PAYMENT_ID = /^pay_[A-Za-z0-9]{8,32}$/;

export class ViewerRef {
  @IsUUID()
  viewerId: string;
}

const STATE_CODE_MESSAGE = 'stateCode must be the GST code of a state or union territory (01 to 38)';

/**
 * `POST /api/checkout/create-order`'s body: the plan, and the viewer's state when the checkout asked for
 * it (the first one, D32); the server sets the price (DECISIONS D16).
 */
export class CreateOrderBody {
  @IsIn(PLAN_KEYS, { message: `planKey must be one of ${PLAN_KEYS.join(', ')}` })
  planKey: PlanKey;

  @IsOptional()
  @IsIn(GST_STATE_CODES, { message: STATE_CODE_MESSAGE })
  stateCode?: string;

  /** A coupon's code as the viewer typed it (D33): the server prices it, or refuses it before payment. */
  @IsOptional()
  @Transform(couponCodeOf)
  @IsString()
  @MaxLength(64)
  couponCode?: string;
}

/** `PUT /api/user/billing-account`'s body: the viewer's state for later invoices (D32). */
export class BillingAccountBody {
  @IsIn(GST_STATE_CODES, { message: STATE_CODE_MESSAGE })
  stateCode: string;
}

export class SetBillingAccountRequest extends BillingAccountBody {
  @IsUUID()
  viewerId: string;
}

export class CreateOrderRequest extends CreateOrderBody {
  @IsUUID()
  viewerId: string;
}

/** `POST /api/checkout/verify-payment`'s body (SPEC §7): the confirmation, and the plan the page bought. */
export class VerifyPaymentBody implements PaymentConfirmation {
  @Matches(PROVIDER_ORDER_ID, { message: 'razorpay_order_id must be an order id' })
  razorpay_order_id: string;

  @Matches(PROVIDER_PAYMENT_ID, { message: 'razorpay_payment_id must be a payment id' })
  razorpay_payment_id: string;

  @IsString()
  @MaxLength(128)
  razorpay_signature: string;

  @IsIn(PLAN_KEYS, { message: `planKey must be one of ${PLAN_KEYS.join(', ')}` })
  planKey: PlanKey;
}

export class VerifyPaymentRequest extends VerifyPaymentBody {
  @IsUUID()
  viewerId: string;
}

/** A webhook as it arrived: the raw body (the signature covers its exact bytes) and its headers. */
export class RazorpayWebhookRequest {
  /** The body, base64: its bytes are what the signature signs. */
  @IsString()
  @MaxLength(1_400_000)
  rawBody: string;

  @IsString()
  @MaxLength(256)
  signature: string;

  /** `X-Razorpay-Event-Id`, the de-duplication key. */
  @IsOptional()
  @IsString()
  @MaxLength(128)
  eventId?: string;
}

export interface WebhookReceipt {
  /** False when the event was seen before (a redelivery): nothing happened again. */
  handled: boolean;
}

export class SandboxOrderRequest extends ViewerRef {
  @Matches(PROVIDER_ORDER_ID, { message: 'orderId must be an order id' })
  orderId: string;
}

export class ReceiptRequest extends ViewerRef {
  @IsUUID()
  receiptId: string;
}

export class PaymentsPageRequest extends ViewerRef {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

/** A receipt as a PDF; small enough to cross NATS (a few kilobytes). */
export interface ReceiptPdf {
  fileName: string;
  /** Base64. */
  pdf: string;
}

/**
 * What a viewer may do right now (D20, D21, D24), for playback and the sessions. A viewer without a
 * plan has no devices, no resolution and no streams; free titles (D22) are the player's own rule.
 */
export interface Entitlement extends SubscriptionStatus {
  viewerId: string;
  devices: DeviceClass[];
  maxResolution: number;
  maxStreams: number;
}

/** Subjects.billing, each with its payload and answer. */
export const BillingSubjects = {
  listPlans: subject<Record<string, never>, StoredPlan[]>('chitram.billing.plans.list.v1'),
  createOrder: subject<CreateOrderRequest, CheckoutOrder>('chitram.billing.orders.create.v1'),
  /** The price of each plan for the viewer now, credit and queueing included (D38). */
  quotes: subject<ViewerRef, PlanQuote[]>('chitram.billing.orders.quotes.v1'),
  /** The viewer's billing account (D32): the state for invoices, and a queued plan (D38). */
  account: subject<ViewerRef, BillingAccountView>('chitram.billing.accounts.get.v1'),
  setAccount: subject<SetBillingAccountRequest, BillingAccountView>('chitram.billing.accounts.set.v1'),
  verifyPayment: subject<VerifyPaymentRequest, VerifiedPayment>('chitram.billing.payments.verify.v1'),
  webhook: subject<RazorpayWebhookRequest, WebhookReceipt>('chitram.billing.webhooks.razorpay.v1'),
  entitlement: subject<ViewerRef, Entitlement>('chitram.billing.entitlement.get.v1'),
  payments: subject<PaymentsPageRequest, PaymentView[]>('chitram.billing.payments.list.v1'),
  receipt: subject<ReceiptRequest, ReceiptView>('chitram.billing.receipts.get.v1'),
  receiptPdf: subject<ReceiptRequest, ReceiptPdf>('chitram.billing.receipts.pdf.v1'),
  /** Development only (D19): the sandbox window's Pay and Fail. Refused when billing runs Razorpay. */
  sandboxPay: subject<SandboxOrderRequest, PaymentConfirmation>('chitram.billing.sandbox.pay.v1'),
  sandboxFail: subject<SandboxOrderRequest, SandboxFailure>('chitram.billing.sandbox.fail.v1'),
} as const;

// ---- Events (through billing's outbox) ----

/** `queued`: bought to start when the plan held ends (D38), announced as an extension of the viewer's time. */
export type SubscriptionChange = 'activated' | 'extended' | 'replaced' | 'queued';

/** Events.subscriptionActivated / Extended / Replaced. */
export interface SubscriptionChanged {
  viewerId: string;
  change: SubscriptionChange;
  planKey: PlanKey;
  /** The plan this one replaced (replaced only). */
  previousPlanKey: PlanKey | null;
  paymentId: string;
  validFrom: string;
  validTill: string;
  /** Paise paid (0 for a free trial, whose `paymentId` is `trial_…`, D33). */
  amount: number;
}

/** Events.subscriptionExpired */
export interface SubscriptionExpired {
  viewerId: string;
  planKey: PlanKey;
  expiredAt: string;
}

/** Events.paymentCaptured */
export interface PaymentCaptured {
  viewerId: string;
  paymentId: string;
  orderId: string;
  planKey: PlanKey;
  amount: number;
  currency: 'INR';
  receiptNumber: string | null;
  capturedAt: string;
}

/** Events.paymentFailed */
export interface PaymentFailed {
  viewerId: string;
  paymentId: string;
  orderId: string;
  planKey: PlanKey;
  amount: number;
  reason: string;
  failedAt: string;
}
