import { formatRupees } from '@chitram/contracts/src/billing-answers';
import type {
  CheckoutOrder,
  PaymentConfirmation,
  SandboxFailure,
} from '@chitram/contracts/src/billing-answers';
import { useEffect, useRef, useState } from 'react';
import { useHost } from '../app/host';
import type { CheckoutHandlers } from './razorpay-checkout';

/**
 * DECISIONS D19: in development, payments are taken by the sandbox instead of Razorpay, and this window
 * stands in for Razorpay Checkout with Pay, Fail and Dismiss. What Pay hands back is signed like
 * Razorpay's, so the checkout verifies it exactly as it would a real payment.
 */
export function SandboxPaymentWindow({
  order,
  handlers,
}: {
  order: CheckoutOrder;
  handlers: CheckoutHandlers;
}) {
  const { api, problemOf } = useHost();
  const [busy, setBusy] = useState<'pay' | 'fail' | null>(null);
  const payButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    payButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) handlers.onDismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [busy, handlers]);

  async function press(action: 'pay' | 'fail') {
    setBusy(action);
    try {
      const json = { orderId: order.orderId };
      if (action === 'pay') {
        handlers.onPaid(await api.post('dev/payments-sandbox/pay', { json }).json<PaymentConfirmation>());
      } else {
        const { error } = await api.post('dev/payments-sandbox/fail', { json }).json<SandboxFailure>();
        handlers.onFailed(error.description);
      }
    } catch (error) {
      handlers.onFailed(problemOf(error, 'The sandbox did not answer.').message);
    }
  }

  return (
    <div className="vw-sandbox" role="presentation">
      <div className="vw-sandbox__window" role="dialog" aria-modal="true" aria-labelledby="vw-sandbox-title">
        <button
          type="button"
          className="vw-sandbox__close"
          aria-label="Dismiss"
          onClick={handlers.onDismiss}
          disabled={busy !== null}
        >
          ×
        </button>
        <p className="vw-sandbox__tag">Sandbox · test mode, no money moves</p>
        <h2 id="vw-sandbox-title" className="vw-sandbox__title">
          Chitram
        </h2>
        <p className="vw-sandbox__plan">{order.planName}</p>
        <p className="vw-sandbox__amount">{formatRupees(order.amount)}</p>
        <p className="vw-sandbox__contact">Paying as {order.contact}</p>
        <div className="vw-sandbox__actions">
          <button
            ref={payButton}
            type="button"
            className="button button--primary button--block"
            onClick={() => void press('pay')}
            disabled={busy !== null}
          >
            {busy === 'pay' ? 'Paying…' : `Pay ${formatRupees(order.amount)}`}
          </button>
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={() => void press('fail')}
            disabled={busy !== null}
          >
            Fail
          </button>
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={handlers.onDismiss}
            disabled={busy !== null}
          >
            Dismiss
          </button>
        </div>
        <p className="vw-sandbox__order">Order {order.orderId}</p>
      </div>
    </div>
  );
}
