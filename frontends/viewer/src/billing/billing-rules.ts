import { DEVICE_CLASSES, type DeviceClass, PLAN_KEYS, type PlanKey } from '@chitram/contracts/web';

// Rules of the plans, checkout and profile screens (SPEC §2.8, §2.9, §4.4; DECISIONS D14, D16), kept
// apart from React so they are tested directly.

/** SPEC §2.1's checkout query: `?plan=&planName=&device=&price=`. The price is for display only (D16). */
export interface CheckoutRequest {
  planKey: PlanKey;
  planName: string;
  device: string;
  price: string;
  /** A coupon's code chosen on the plans page (D33), or null. */
  coupon: string | null;
}

export function checkoutPath(
  plan: {
    planKey: PlanKey;
    plan: string;
    device: string;
    price: string;
  },
  coupon?: string,
): string {
  const query = new URLSearchParams({
    plan: plan.planKey,
    planName: plan.plan,
    device: plan.device,
    price: plan.price,
  });
  // A coupon's code only (D33): the server prices it again when the order is made.
  if (coupon) query.set('coupon', coupon);
  return `/checkout?${query.toString()}`;
}

/** The checkout's plan from its query, or null when it names no plan the product sells. */
export function checkoutRequestFrom(search: URLSearchParams): CheckoutRequest | null {
  const planKey = search.get('plan') ?? '';
  if (!(PLAN_KEYS as readonly string[]).includes(planKey)) return null;
  return {
    planKey: planKey as PlanKey,
    planName: (search.get('planName') ?? '').slice(0, 60),
    device: (search.get('device') ?? '').slice(0, 80),
    price: /^\d{1,6}$/.test(search.get('price') ?? '') ? (search.get('price') as string) : '',
    coupon: /^[A-Za-z0-9_-]{1,32}$/.test(search.get('coupon') ?? '') ? search.get('coupon') : null,
  };
}

/** What the success page shows (SPEC §2.9), handed over from the checkout. */
export interface PaymentSuccess {
  planName: string;
  price: string;
  device: string;
  /** The devices the order sold (D43), which finance may have changed from the plan table's; null if unknown. */
  devices: DeviceClass[] | null;
  validTill: string | null;
}

const isDeviceList = (value: unknown): value is DeviceClass[] =>
  Array.isArray(value) && value.every((d) => (DEVICE_CLASSES as readonly unknown[]).includes(d));

export function paymentSuccessFrom(state: unknown): PaymentSuccess | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = state as Record<string, unknown>;
  if (
    typeof value.planName !== 'string' ||
    typeof value.price !== 'string' ||
    typeof value.device !== 'string'
  )
    return null;
  return {
    planName: value.planName,
    price: value.price,
    device: value.device,
    devices: isDeviceList(value.devices) ? value.devices : null,
    validTill: typeof value.validTill === 'string' ? value.validTill : null,
  };
}

/** SPEC §4.4: on an Android phone's browser the success page opens the app after a second. */
export const APP_PAYMENT_SUCCESS_LINK = 'chitram://payment-success';
export const APP_LINK_DELAY_MS = 1000;

export function isAndroidPhoneBrowser(userAgent: string): boolean {
  return /Android/i.test(userAgent) && /Mobile/i.test(userAgent);
}

/** `chitram-receipt-….pdf` from a Content-Disposition header, else a name from the receipt number. */
export function downloadName(contentDisposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return match?.[1] ?? fallback;
}
