import { GST_STATE_CODES, PLAN_KEYS, type PlanKey } from '@chitram/contracts';
import { EventServiceConfig } from '@chitram/nest-kit';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export type PaymentProviderSetting = (typeof PAYMENT_PROVIDERS)[number];

/** The sandbox's keys (DECISIONS D19): development values that production refuses. */
export const SANDBOX_KEYS = {
  keyId: 'rzp_test_chitramsandbox',
  keySecret: 'development-only-sandbox-key-secret',
  webhookSecret: 'development-only-sandbox-webhook-secret',
} as const;

const DEV_TRIAL_HASH_SECRET = 'development-only-trial-hash-secret';

/** The billing service's settings, read and validated once at start-up (DECISIONS D16–D19). */
export class BillingConfig extends EventServiceConfig {
  /** `sandbox` (D19) takes payments on this machine with a test window; `razorpay` takes real ones. */
  @IsIn(PAYMENT_PROVIDERS)
  PAYMENT_PROVIDER: PaymentProviderSetting = 'sandbox';

  /** Razorpay's key id (`rzp_live_…`), also handed to the browser's checkout. */
  @IsString()
  @MaxLength(100)
  RAZORPAY_KEY_ID: string = SANDBOX_KEYS.keyId;

  /** Signs payments (HMAC-SHA256 of `order_id|payment_id`) and authenticates API calls. */
  @IsString()
  @MaxLength(200)
  RAZORPAY_KEY_SECRET: string = SANDBOX_KEYS.keySecret;

  /** Signs webhooks (HMAC-SHA256 of the raw body), set in Razorpay's dashboard. */
  @IsString()
  @MaxLength(200)
  RAZORPAY_WEBHOOK_SECRET: string = SANDBOX_KEYS.webhookSecret;

  /** Tests only: a local stand-in of Razorpay's HTTP API. Empty: Razorpay's own. */
  @IsString()
  RAZORPAY_API_BASE_URL = '';

  /** A viewer who asks again for the same plan within this window gets the same open order. */
  @IsInt()
  @Min(0)
  @Max(86_400)
  ORDER_REUSE_SECONDS = 15 * 60;

  /** An order still open after this long is asked about at the provider (closed tab, lost webhook). */
  @IsInt()
  @Min(1)
  @Max(86_400)
  RECONCILE_AFTER_SECONDS = 3 * 60;

  /** How often reconciliation and the expiry sweep run (once across all instances). */
  @IsInt()
  @Min(1)
  @Max(3600)
  BILLING_SWEEP_SECONDS = 60;

  /** How often the plan-end reminders due are looked for (once across all instances, D40). */
  @IsInt()
  @Min(1)
  @Max(3600)
  PLAN_END_REMINDER_SWEEP_SECONDS = 300;

  /** The sandbox sends its webhook this long after a payment, as Razorpay does a moment after checkout. */
  @IsInt()
  @Min(0)
  @Max(600_000)
  SANDBOX_WEBHOOK_DELAY_MS = 2000;

  // ---- The supplier on tax invoices (D18, D32). The development values are a demo company in
  // Hyderabad, Telangana (GST state code 36); production sets its own. ----

  /** The supplier's legal name, as registered for GST. */
  @IsString()
  @MaxLength(200)
  SELLER_NAME = 'Chitram Media Private Limited';

  @IsString()
  @MaxLength(400)
  SELLER_ADDRESS = 'Plot 42, Film Nagar, Jubilee Hills, Hyderabad, Telangana 500096, India';

  /** Chitram's GST registration; the development value is a well-formed placeholder. */
  @IsString()
  @MaxLength(15)
  SELLER_GSTIN = '36AABCC1234D1Z5';

  @IsString()
  @MaxLength(200)
  SELLER_EMAIL = 'billing@chitram.in';

  /**
   * The supplier's state, its GST state code (GSTIN's first two digits): a viewer in this state pays
   * CGST + SGST, anyone else IGST (D32).
   */
  @IsIn(GST_STATE_CODES)
  SELLER_STATE_CODE = '36';

  // ---- Promotions (D33). ----

  /** The plan a free trial gives (`none`: no trial is offered). */
  @IsIn([...PLAN_KEYS, 'none'])
  TRIAL_PLAN: PlanKey | 'none' = 'basic';

  /** How long the free trial lasts. */
  @IsInt()
  @Min(1)
  @Max(90)
  TRIAL_DAYS = 7;

  /**
   * Key of the HMAC under which numbers that had a trial are kept (once per number, ever, D33): the
   * record outlives the account (D25) without holding the number itself.
   */
  @IsString()
  TRIAL_HASH_SECRET = DEV_TRIAL_HASH_SECRET;

  /** An order made with a coupon holds one of its redemptions this long if it is not paid. */
  @IsInt()
  @Min(60)
  @Max(7 * 86_400)
  COUPON_HOLD_SECONDS = 30 * 60;

  // ---- Plan terms (D43). ----

  /**
   * How long an instance keeps the plans' terms before reading them again: finance's change made on
   * another instance reaches this one within this time (a change scheduled ahead needs no reload).
   */
  @IsInt()
  @Min(1)
  @Max(3600)
  PLAN_TERMS_REFRESH_SECONDS = 30;

  get usesSandbox(): boolean {
    return this.PAYMENT_PROVIDER === 'sandbox';
  }

  crossCheck(): string[] {
    const problems: string[] = [];
    if (!this.SELLER_GSTIN.startsWith(this.SELLER_STATE_CODE))
      problems.push('SELLER_STATE_CODE: must be the first two digits of SELLER_GSTIN');
    if (!this.isProduction) return problems;
    if (this.usesSandbox)
      problems.push(
        'PAYMENT_PROVIDER: "sandbox" is for development only; production takes payments with razorpay',
      );
    if (this.TRIAL_HASH_SECRET === DEV_TRIAL_HASH_SECRET || this.TRIAL_HASH_SECRET.length < 32)
      problems.push('TRIAL_HASH_SECRET: production needs a secret of its own, at least 32 characters');
    if (this.RAZORPAY_API_BASE_URL)
      problems.push('RAZORPAY_API_BASE_URL: is for tests only; production talks to Razorpay');
    const keys = [
      ['RAZORPAY_KEY_ID', this.RAZORPAY_KEY_ID, SANDBOX_KEYS.keyId],
      ['RAZORPAY_KEY_SECRET', this.RAZORPAY_KEY_SECRET, SANDBOX_KEYS.keySecret],
      ['RAZORPAY_WEBHOOK_SECRET', this.RAZORPAY_WEBHOOK_SECRET, SANDBOX_KEYS.webhookSecret],
    ] as const;
    for (const [name, value, development] of keys)
      if (!value || value === development) problems.push(`${name}: production needs Razorpay's own value`);
    return problems;
  }
}
