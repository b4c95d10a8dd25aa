import type { StoredPlan } from '@chitram/contracts/web';
import { Link, useLocation } from 'react-router';
import { useHost } from '../app/host';
import { useLoader } from '../app/use-loader';
import { checkoutPath } from '../billing/billing-rules';
import { upgradeFor } from '../billing/device-rules';
import { useDeviceWords } from '../billing/use-device-words';
import { QrCode } from '../components/QrCode';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';

/**
 * The way on when the viewer's plan does not play on this device (D20, DEVICE_NOT_ALLOWED): the cheapest
 * plan that does, with what it costs beyond theirs, or this title's page on a phone (every plan plays
 * there), as a link and a QR code to scan.
 */
export function DeviceWayOn({ message }: { message: string }) {
  const { t } = useViewerTranslation();
  const { rupees } = useFormats();
  const { api, useSession } = useHost();
  const { pathname } = useLocation();
  const { device, devicesOf } = useDeviceWords();
  const current = useSession((s) => s.user?.activeSubscription?.planName ?? null);
  const plans = useLoader((signal) => api.get('plans', { signal }).json<StoredPlan[]>(), [api]);
  const upgrade = plans.data ? upgradeFor(plans.data, device, current) : null;
  const pageUrl = `${window.location.origin}${pathname}`;

  return (
    <div className="vw-title__problem vw-way-on" role="alert">
      <p className="vw-way-on__message">{message}</p>
      <div className="vw-way-on__choices">
        {upgrade && (
          <section className="vw-way-on__choice" aria-labelledby="vw-way-on-upgrade">
            <h2 id="vw-way-on-upgrade" className="vw-way-on__title">
              {t('wayOn.upgradeTitle')}
            </h2>
            <p>
              {upgrade.difference === null || current === null
                ? t('wayOn.upgradeFor', {
                    plan: upgrade.plan.plan,
                    devices: devicesOf(upgrade.plan.devices),
                    amount: rupees(upgrade.plan.amount),
                  })
                : t('wayOn.upgradeBy', {
                    plan: upgrade.plan.plan,
                    devices: devicesOf(upgrade.plan.devices),
                    amount: rupees(upgrade.difference),
                    current,
                  })}
            </p>
            <Link
              className="button button--primary button--small"
              to={checkoutPath(upgrade.plan)}
              state={{ returnTo: pathname }}
            >
              {t('wayOn.upgrade', { plan: upgrade.plan.plan })}
            </Link>
          </section>
        )}
        <section className="vw-way-on__choice vw-way-on__phone" aria-labelledby="vw-way-on-phone">
          <h2 id="vw-way-on-phone" className="vw-way-on__title">
            {t('wayOn.phoneTitle')}
          </h2>
          <QrCode className="vw-way-on__qr" value={pageUrl} label={t('wayOn.qr')} />
          <p>{t('wayOn.scan')}</p>
          <a className="vw-way-on__link" href={pageUrl}>
            {pageUrl}
          </a>
        </section>
      </div>
    </div>
  );
}
