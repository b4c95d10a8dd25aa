import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../app/use-document-title';
import { useHost } from '../app/host';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import {
  APP_LINK_DELAY_MS,
  APP_PAYMENT_SUCCESS_LINK,
  isAndroidPhoneBrowser,
  paymentSuccessFrom,
  type PaymentSuccess,
} from './billing-rules';
import { usePlanWords } from './plan-words';
import '../styles/billing.css';

/** /success-payment (SPEC §2.9, §4.4): the plan bought, and on an Android phone the app after a second. */
export function SuccessPage() {
  const { t } = useViewerTranslation();
  const { date, price } = useFormats();
  const words = usePlanWords();
  useDocumentTitle(t('success.documentTitle'));
  const { useSession } = useHost();
  const handedOver = paymentSuccessFrom(useLocation().state);
  // Opened directly (a refresh after the history entry lost its state): the session still knows the plan.
  const plan = useSession((s) => s.user?.activeSubscription ?? null);
  const success =
    handedOver ??
    (plan
      ? { planName: plan.planName, price: '', device: '', devices: null, validTill: plan.validTill }
      : null);

  // The devices the order sold (D43: finance may have changed the plan's), in the interface language;
  // else the plan table's, else the checkout's words for a plan it does not know.
  const devicesOf = ({ planName, device, devices }: PaymentSuccess) => {
    const sold = devices ?? words.plan(planName)?.devices;
    return sold ? words.devices(sold) : device;
  };

  useEffect(() => {
    if (!isAndroidPhoneBrowser(navigator.userAgent)) return;
    const timer = setTimeout(() => window.location.assign(APP_PAYMENT_SUCCESS_LINK), APP_LINK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <section className="vw-page vw-success" aria-labelledby="vw-success-title">
      <div className="vw-success__card">
        <div className="vw-success__mark" aria-hidden="true">
          ✓
        </div>
        <h1 id="vw-success-title" className="vw-success__title">
          {t('success.title')}
        </h1>
        {success && (
          <dl className="vw-success__facts">
            <div>
              <dt>{t('success.plan')}</dt>
              <dd>{words.name(success.planName)}</dd>
            </div>
            {success.price && (
              <div>
                <dt>{t('success.price')}</dt>
                <dd>{t('success.priceValue', { price: success.price, amount: price(success.price) })}</dd>
              </div>
            )}
            {success.device && (
              <div>
                <dt>{t('success.devices')}</dt>
                <dd>{devicesOf(success)}</dd>
              </div>
            )}
            {success.validTill && (
              <div>
                <dt>{t('success.validTill')}</dt>
                <dd>{date(success.validTill) ?? t('common.notAvailable')}</dd>
              </div>
            )}
          </dl>
        )}
        <div className="vw-success__actions">
          <Link className="button button--primary" to="/">
            {t('common.goHome')}
          </Link>
          <Link className="button button--ghost" to="/profile">
            {t('success.seeReceipt')}
          </Link>
        </div>
      </div>
    </section>
  );
}
