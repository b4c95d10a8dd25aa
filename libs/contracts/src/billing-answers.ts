import { SignInMessages } from './identity';
import type { GstState } from './gst-states';
import type { PlanTerms, ScheduledPlanTerms } from './plan-terms-answers';
import type { Plan, PlanKey } from './plans';

export * from './gst-states';

// What billing answers over HTTP (SPEC §3, §7; DECISIONS D14, D16–D19). Types and texts only, with no
// imports that need Node or decorators, so the front ends import this module by sub-path.

export type PaymentProviderName = 'razorpay' | 'sandbox';

/**
 * `GET /api/plans`: a plan with the terms in force now (D43), the price in paise, and the next change
 * finance has scheduled for it, which the plans page shows ahead of its date.
 */
export interface StoredPlan extends Plan {
  /** Paise: the server's price (D16). */
  amount: number;
  currency: 'INR';
  /** The next scheduled change of its terms; null when none is scheduled. */
  upcoming: ScheduledPlanTerms | null;
}

/** `POST /api/checkout/create-order`: SPEC §3's payment order, with what the checkout shows beside it. */
export interface CheckoutOrder {
  /** The provider's public key for its checkout window. */
  key: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  /** The provider's order id (`order_…`). */
  orderId: string;
  provider: PaymentProviderName;
  planKey: PlanKey;
  planName: string;
  /** The viewer's number, to prefill the checkout window. */
  contact: string;
  /** What this purchase does and how it was priced (D38); `amount` is `listPrice` less `credit`. */
  quote: PlanQuote;
  /** What the order sells, kept with it whatever finance changes later (D43). */
  terms: Omit<PlanTerms, 'amount'>;
}

/** What buying a plan now does (D38): start it, extend the plan held or the queued one, upgrade, queue. */
export type PurchaseKind = 'new' | 'extend' | 'upgrade' | 'queue' | 'extend-queued';

/**
 * `GET /api/checkout/quotes`: the price of each plan for this viewer now (D16, D38), as the order would
 * be made. Amounts in paise.
 */
export interface PlanQuote {
  planKey: PlanKey;
  kind: PurchaseKind;
  /** The plan's price. */
  listPrice: number;
  /** Taken off for the unused days of the plan held (upgrades only). */
  credit: number;
  /** The plan the credit is for. */
  creditPlanKey: PlanKey | null;
  /** Days added to the new plan for credit its price could not take. */
  extraDays: number;
  /** Taken off by the coupon (D33), after the credit. */
  discount: number;
  /** The coupon priced in, in capitals; null without one. */
  couponCode: string | null;
  /** What the viewer pays: `listPrice` less `credit` less `discount`. */
  amount: number;
  /** When the plan starts if it is queued behind the one held (ISO); null when it starts now. */
  startsAt: string | null;
  /** Refused while another plan is queued (buy the queued one to extend it, or wait for it). */
  blocked: boolean;
}

/** What Razorpay Checkout (or the sandbox window) hands the page after a successful payment. */
export interface PaymentConfirmation {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** The viewer's plan as sessions, profile and subscription status show it (SPEC §3, D2). */
export interface SubscriptionView {
  planKey: PlanKey;
  planName: string;
  /** ISO date-time: the plan is usable until then (D17). */
  validTill: string;
}

/** `GET /api/movie/subscription-status` (SPEC §7). */
export interface SubscriptionStatus {
  isSubscribed: boolean;
  activeSubscription: SubscriptionView | null;
}

/**
 * How sure a session answer is of the viewer's plan: `current`, billing said so now; `stale`, billing
 * could not answer and this is the last plan the gateway saw (at `planSeenAt`); `unknown`, billing
 * could not answer and the gateway knows nothing it may repeat: `isSubscribed` is then null, never a
 * false that would tell a paying viewer they have no plan.
 */
export type PlanCertainty = 'current' | 'stale' | 'unknown';

/** The plan part of a session answer (`verify-otp`, `GET /api/user/me`), with how sure it is. */
export interface SessionPlan {
  isSubscribed: boolean | null;
  activeSubscription: SubscriptionView | null;
  planStatus: PlanCertainty;
  /** When a stale plan was last confirmed by billing. */
  planSeenAt?: string;
}

/** `POST /api/checkout/verify-payment`: success, and the plan the payment bought (SPEC §7). */
export interface VerifiedPayment extends SubscriptionStatus {
  success: true;
  status: true;
  message: string;
  paymentId: string;
  receiptId: string;
}

export type PaymentStatus = 'captured' | 'failed';

/** One tax on an invoice: CGST and SGST (or UTGST) within a state, IGST between states (D32). */
export interface TaxLine {
  name: 'CGST' | 'SGST' | 'UTGST' | 'IGST' | 'GST';
  ratePercent: number;
  /** Paise. */
  amount: number;
}

/**
 * A payment's GST tax invoice (D18, D32): the price includes GST at 18%, split by the place of supply.
 * Amounts in paise; `taxableValue` plus the taxes is `amount` exactly. Receipts issued before tax
 * invoices (no place of supply recorded) answer one `GST` line and a null place of supply.
 */
export interface ReceiptView {
  _id: string;
  /** `CH/2026-27/000042`: sequential per financial year, with no gaps. */
  number: string;
  issuedAt: string;
  planKey: PlanKey;
  planName: string;
  validFrom: string;
  validTill: string;
  /** What the viewer paid, GST included: `listPrice` less the credit and the discount. */
  amount: number;
  /** The plan's price before the credit. */
  listPrice: number;
  /** An upgrade's credit for the unused days of the plan held, shown as a discount (D38). */
  credit: { amount: number; planName: string } | null;
  /** A coupon's discount (D33), after the credit; GST is on what is left. */
  discount: { amount: number; code: string } | null;
  /** Of `amount`: GST is charged on the discounted value. */
  taxableValue: number;
  /** All the taxes together. */
  gst: number;
  gstRatePercent: number;
  taxes: TaxLine[];
  /** The SAC of online video content, 998433. */
  sac: string;
  /** The viewer's state as recorded with the order: the place of supply (null on older receipts). */
  placeOfSupply: GstState | null;
  /** The total in words, the Indian way: 'Rupees One Thousand Two Hundred Only'. */
  amountInWords: string;
  currency: 'INR';
  /** The viewer's number; null once the account is deleted (D25). */
  phoneNumber: string | null;
  paymentId: string;
  orderId: string;
  seller: SellerDetails;
}

/**
 * A credit note (D32): what a refund takes back of a tax invoice, numbered in its own gapless series
 * per financial year (`CN/2026-27/000001`), with the invoice's place of supply and tax split. Amounts in
 * paise; `taxableValue` plus the taxes is `amount` exactly, and a payment's credit notes never exceed its
 * invoice.
 */
export interface CreditNoteView {
  _id: string;
  number: string;
  issuedAt: string;
  /** The invoice it reduces. */
  invoice: { _id: string; number: string; issuedAt: string };
  reason: string;
  planName: string;
  amount: number;
  taxableValue: number;
  taxes: TaxLine[];
  sac: string;
  placeOfSupply: GstState | null;
  amountInWords: string;
  phoneNumber: string | null;
  seller: SellerDetails;
}

export interface SellerDetails {
  /** The supplier's legal name. */
  name: string;
  address: string;
  gstin: string;
  email: string;
  /** The supplier's state (its GSTIN's first two digits). */
  state: GstState;
}

/** `GET /api/user/billing-account`: what billing keeps of the viewer for invoices (D32). */
export interface BillingAccountView {
  /** The viewer's state or union territory, the place of supply of later invoices; null until given. */
  stateCode: string | null;
  /** A plan bought to start when the one held ends (D38); the profile shows it. */
  queued: QueuedPlanView | null;
}

export interface QueuedPlanView {
  planKey: PlanKey;
  planName: string;
  validFrom: string;
  validTill: string;
}

/** One line of the viewer's payment history (D14). */
export interface PaymentView {
  _id: string;
  paymentId: string;
  orderId: string;
  planKey: PlanKey;
  planName: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  status: PaymentStatus;
  method: string | null;
  /** Why a failed payment failed, as the provider said. */
  failureReason: string | null;
  at: string;
  receipt: { _id: string; number: string } | null;
  /** Paise refunded (processed refunds, D39). */
  refunded: number;
  /** The credit notes its refunds issued against the receipt, oldest first (D32, D39). */
  creditNotes: Array<{ _id: string; number: string; amount: number }>;
}

/** The sandbox window's Fail (D19): what Razorpay Checkout's `payment.failed` carries. */
export interface SandboxFailure {
  error: { code: string; description: string; reason: string };
}

/** Texts people see, SPEC §8 with the wording of DECISIONS D15. */
export const PaymentMessages = {
  loginToSubscribe: 'Please log in to subscribe.',
  loginToContinue: SignInMessages.loginRequired,
  initializing: 'Initializing payment...',
  processing: 'Processing... Please wait',
  cancelled: 'Payment cancelled by user.',
  checkoutFailed: 'Checkout failed. Please try again later.',
  verificationFailed: 'Payment verification failed.',
  paymentFailed: 'Payment failed. No money was taken; please try again.',
  success: 'Payment Successful!',
  verified: 'Payment verified. Your plan is active.',
} as const;

/** GST included in every price (D18), in percent. */
export const GST_RATE_PERCENT = 18;

/** The taxable value and GST inside a GST-inclusive amount, in paise; the two add up to the amount. */
export function splitGst(
  amountPaise: number,
  ratePercent = GST_RATE_PERCENT,
): { taxable: number; gst: number } {
  const taxable = Math.round((amountPaise * 100) / (100 + ratePercent));
  return { taxable, gst: amountPaise - taxable };
}

/** ₹ in the Indian grouping: 120000 paise → '₹1,200.00'. */
export function formatRupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
}
