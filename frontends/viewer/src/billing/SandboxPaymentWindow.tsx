import type { CheckoutOrder, PaymentConfirmation, SandboxFailure } from '@chitram/contracts/web';
import { useEffect, useRef, useState } from 'react';
import { useHost } from '../app/host';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { usePlanWords } from './plan-words';
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
  const { t } = useViewerTranslation();
  const { rupees } = useFormats();
  const words = usePlanWords();
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
      handlers.onFailed(problemOf(error, t('checkout.sandboxSilent')).message);
    }
  }

  return (
    <div className="vw-sandbox" role="presentation">
      <div className="vw-sandbox__window" role="dialog" aria-modal="true" aria-labelledby="vw-sandbox-title">
        <button
          type="button"
          className="vw-sandbox__close"
          aria-label={t('checkout.dismiss')}
          onClick={handlers.onDismiss}
          disabled={busy !== null}
        >
          ×
        </button>
        <p className="vw-sandbox__tag">{t('checkout.sandboxTag')}</p>
        <h2 id="vw-sandbox-title" className="vw-sandbox__title">
          Chitram
        </h2>
        <p className="vw-sandbox__plan">{words.name(order.planKey)}</p>
        <p className="vw-sandbox__amount">{rupees(order.amount)}</p>
        <p className="vw-sandbox__contact">{t('checkout.payingAs', { contact: order.contact })}</p>
        <div className="vw-sandbox__actions">
          <button
            ref={payButton}
            type="button"
            className="button button--primary button--block"
            onClick={() => void press('pay')}
            disabled={busy !== null}
          >
            {busy === 'pay'
              ? t('checkout.paying')
              : t('checkout.payAmount', { amount: rupees(order.amount) })}
          </button>
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={() => void press('fail')}
            disabled={busy !== null}
          >
            {t('checkout.fail')}
          </button>
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={handlers.onDismiss}
            disabled={busy !== null}
          >
            {t('checkout.dismiss')}
          </button>
        </div>
        <p className="vw-sandbox__order">{t('checkout.order', { id: order.orderId })}</p>
      </div>
    </div>
  );
}
