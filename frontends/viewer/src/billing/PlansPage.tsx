import type { PlanQuote, StoredPlan } from '@chitram/contracts/web';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHost } from '../app/host';
import { usePreload } from '../app/lazy-page';
import { CheckoutPage } from '../app/pages';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { ErrorLine } from '../components/LoadStatus';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { checkoutPath } from './billing-rules';
import { usePlanWords } from './plan-words';
import { PlanSkeletons } from './PlanSkeletons';
import { DeviceNotice, PlanDeviceNote, useDeviceConfirm } from './DeviceNotice';
import { type AppliedCoupon, CouponField, CouponNote, TrialOfferCard } from './Promotions';
import '../styles/billing.css';

/**
 * /subscribe (SPEC §2.8, §4.4; DECISIONS D16, D17, D38, D43): one card per plan, priced by the server,
 * with a change finance has scheduled shown ahead of its date; for a viewer with a plan, what each would
 * cost now: an upgrade's credit for the unused days, a lower plan's queued start.
 */
export function PlansPage() {
  const { t } = useViewerTranslation();
  const { rupees, price, date, number } = useFormats();
  const words = usePlanWords();
  useDocumentTitle(t('plans.documentTitle'));
  const { api, toast, useSession } = useHost();
  usePreload(CheckoutPage);
  const navigate = useNavigate();
  const signedIn = useSession((s) => Boolean(s.user?.token));
  const current = useSession((s) => (s.user?.isSubscribed ? s.user.activeSubscription : null));
  const { answerEarly } = useHost();
  // On a first visit the shell has asked for them already, as the page opened.
  const plans = useLoader(
    (signal) => answerEarly('plans', {}, () => api.get('plans', { signal }).json<StoredPlan[]>()),
    [],
  );
  // What each plan costs this viewer now (D38); asked again when the plan held changes.
  const quotes = useLoader(
    (signal) =>
      signedIn && current
        ? api.get('checkout/quotes', { signal }).json<PlanQuote[]>()
        : Promise.resolve([] as PlanQuote[]),
    [signedIn, current?.planKey, current?.validTill],
  );
  const deviceCheck = useDeviceConfirm();
  // A coupon the server priced for each plan (D33); the chosen plan's checkout carries its code.
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);

  function choose(plan: StoredPlan) {
    if (!signedIn) {
      toast(t('plans.loginToSubscribe'), 'error');
      void navigate('/login', { state: { returnTo: '/subscribe' } });
      return;
    }
    // The checkout asks again only when it is opened without this page's answer (a shared link).
    const withCoupon =
      coupon && typeof coupon.quotes.get(plan.planKey) === 'object' ? coupon.code : undefined;
    deviceCheck.confirm(
      plan,
      () => void navigate(checkoutPath(plan, withCoupon), { state: { devicesConfirmed: true } }),
    );
  }

  return (
    <section className="vw-page vw-plans" aria-labelledby="vw-plans-title">
      <p className="vw-eyebrow">{t('plans.eyebrow')}</p>
      <h1 id="vw-plans-title" className="vw-page__title">
        {t('plans.title')}
      </h1>
      {current && (
        <p className="vw-plans__current" role="status">
          <Trans
            t={t}
            i18nKey="plans.current"
            values={{
              plan: words.name(current.planName),
              date: date(current.validTill) ?? t('common.notAvailable'),
            }}
            components={{ strong: <strong /> }}
          />
        </p>
      )}
      {!plans.data && plans.status !== 'error' && <PlanSkeletons />}
      {plans.status === 'error' && <ErrorLine message={plans.error} onRetry={plans.reload} />}
      {plans.data && <DeviceNotice plans={plans.data} />}
      <TrialOfferCard signedIn={signedIn} subscribed={Boolean(current)} />
      {plans.data && signedIn && <CouponField plans={plans.data} applied={coupon} onApplied={setCoupon} />}
      {plans.data && (
        <ul className="vw-plans__grid">
          {plans.data.map((plan) => {
            const yours = current?.planName === plan.plan;
            const withCoupon = coupon?.quotes.get(plan.planKey);
            const couponQuote = typeof withCoupon === 'object' ? withCoupon : undefined;
            const priced = couponQuote ?? quotes.data?.find((q) => q.planKey === plan.planKey);
            return (
              <li key={plan.planKey} className={yours ? 'vw-plan vw-plan--current' : 'vw-plan'}>
                <h2 className="vw-plan__name">{words.name(plan.planKey).toUpperCase()}</h2>
                {yours && <p className="vw-plan__badge">{t('plans.yours')}</p>}
                <p className="vw-plan__price">
                  <span className="vw-plan__amount">{rupees(plan.amount)}</span>
                  <span className="vw-plan__period">
                    {' '}
                    {t('plans.perPeriod', { period: words.period(plan) })}
                  </span>
                </p>
                {plan.upcoming && (
                  <p className="vw-plan__upcoming">
                    {t('plans.priceFrom', {
                      date: date(plan.upcoming.effectiveFrom) ?? t('common.notAvailable'),
                      price: rupees(plan.upcoming.amount),
                    })}
                  </p>
                )}
                <dl className="vw-plan__facts">
                  <div>
                    <dt>{t('plans.quality')}</dt>
                    <dd>{words.quality(plan)}</dd>
                  </div>
                  <div>
                    <dt>{t('plans.devices')}</dt>
                    <dd>{words.devices(plan.devices)}</dd>
                  </div>
                  <div>
                    <dt>{t('plans.screens')}</dt>
                    <dd>{number(plan.maxStreams)}</dd>
                  </div>
                </dl>
                <PlanDeviceNote plan={plan} />
                {priced && <QuoteNote quote={priced} />}
                <CouponNote result={withCoupon} />
                <button
                  type="button"
                  className="button button--primary button--block"
                  onClick={() => choose(plan)}
                  disabled={priced?.blocked}
                >
                  {priced?.kind === 'upgrade'
                    ? t('plans.upgradePay', { plan: words.name(plan.planKey), pay: rupees(priced.amount) })
                    : couponQuote?.discount
                      ? t('promo.pay', { pay: rupees(couponQuote.amount) })
                      : t('plans.pay', { price: plan.price, amount: price(plan.price) })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="vw-plans__note">{t('plans.note')}</p>
      {deviceCheck.dialog}
    </section>
  );
}

/** A card's word on what buying it does now (D38): the credit, a queued start, or why it must wait. */
function QuoteNote({ quote }: { quote: PlanQuote }) {
  const { t } = useViewerTranslation();
  const { rupees, date } = useFormats();
  const words = usePlanWords();
  if (quote.blocked) return <p className="vw-plan__quote">{t('plans.blocked')}</p>;
  // A free trial earns no credit (D33): nothing to say then.
  if (quote.kind === 'upgrade' && quote.creditPlanKey && quote.credit > 0)
    return (
      <p className="vw-plan__quote">
        {t('plans.creditFrom', { credit: rupees(quote.credit), plan: words.name(quote.creditPlanKey) })}
        {quote.extraDays > 0 && <> {t('plans.extraDays', { count: quote.extraDays })}</>}
      </p>
    );
  if (quote.kind === 'queue')
    return <p className="vw-plan__quote">{t('plans.queuedStart', { date: date(quote.startsAt) })}</p>;
  if (quote.kind === 'extend-queued')
    return <p className="vw-plan__quote">{t('plans.queuedExtend', { date: date(quote.startsAt) })}</p>;
  return null;
}
