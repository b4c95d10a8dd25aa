import type { CheckoutOrder, PaymentConfirmation } from '@chitram/contracts/web';

/** Razorpay's own checkout window, loaded from Razorpay when a payment starts (DECISIONS D18). */
const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (answer: { error: { description?: string } }) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

export interface CheckoutHandlers {
  onPaid(confirmation: PaymentConfirmation): void;
  onDismiss(): void;
  onFailed(reason: string): void;
}

function loadScript(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Razorpay Checkout could not be loaded.'));
    document.head.append(script);
  });
}

/** Opens Razorpay Checkout for the order; its answers go to the handlers. */
export async function openRazorpayCheckout(order: CheckoutOrder, handlers: CheckoutHandlers): Promise<void> {
  await loadScript();
  if (!window.Razorpay) throw new Error('Razorpay Checkout is not available.');
  const checkout = new window.Razorpay({
    key: order.key,
    amount: order.amount,
    currency: order.currency,
    order_id: order.orderId,
    name: 'Chitram',
    description: order.planName,
    prefill: { contact: order.contact },
    theme: { color: '#f5a524' },
    handler: (answer: PaymentConfirmation) => handlers.onPaid(answer),
    modal: { ondismiss: () => handlers.onDismiss() },
  });
  // Checkout stays open after a failed attempt so the viewer can try another way; say why it failed.
  checkout.on('payment.failed', (answer) => handlers.onFailed(answer.error.description ?? ''));
  checkout.open();
}
