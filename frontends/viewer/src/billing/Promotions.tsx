import type { PlanQuote, StoredPlan, SubscriptionStatus, TrialOffer } from '@chitram/contracts/web';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useHost } from '../app/host';
import { useLoader } from '../app/use-loader';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { usePlanWords } from './plan-words';

/** The refusals of a coupon (D33), each with its own message at the field. */
const COUPON_CODES = [
  'COUPON_UNKNOWN',
  'COUPON_EXPIRED',
  'COUPON_NOT_FOR_PLAN',
  'COUPON_USED_UP',
  'COUPON_FIRST_PURCHASE_ONLY',
] as const;
type CouponRefusal = (typeof COUPON_CODES)[number];

export function isCouponRefusal(code: string): code is CouponRefusal {
  return (COUPON_CODES as readonly string[]).includes(code);
}

/** A coupon applied on the plans page: its code and each plan's price with it (a refusal per plan). */
export interface AppliedCoupon {
  code: string;
  quotes: Map<string, PlanQuote | CouponRefusal>;
}

/**
 * The coupon field (D33): the code is priced by the server for each plan (the browser sends only the
 * code); a refusal shows at the field, in the viewer's language. The chosen plan's checkout carries it.
 */
export function CouponField({
  plans,
  applied,
  onApplied,
}: {
  plans: StoredPlan[];
  applied: AppliedCoupon | null;
  onApplied: (coupon: AppliedCoupon | null) => void;
}) {
  const { t } = useViewerTranslation();
  const { api, problemOf } = useHost();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim().toUpperCase();
    if (!typed) return;
    setBusy(true);
    setError(null);
    const quotes = new Map<string, PlanQuote | CouponRefusal>();
    let otherProblem: string | null = null;
    await Promise.all(
      plans.map(async (plan) => {
        try {
          const quote = await api
            .get('checkout/quote', { searchParams: { planKey: plan.planKey, coupon: typed } })
            .json<PlanQuote>();
          quotes.set(plan.planKey, quote);
        } catch (failure) {
          const problem = problemOf(failure, t('promo.failed'));
          if (isCouponRefusal(problem.code)) quotes.set(plan.planKey, problem.code);
          else otherProblem = t('promo.failed');
        }
      }),
    );
    setBusy(false);
    const usable = [...quotes.values()].some((q) => typeof q !== 'string');
    if (usable) {
      onApplied({ code: typed, quotes });
      return;
    }
    // Refused for every plan: the first plan's reason is the coupon's (dates, limits, first purchase).
    const reason = quotes.get(plans[0]?.planKey ?? '');
    setError(otherProblem ?? t(`promo.errors.${typeof reason === 'string' ? reason : 'COUPON_UNKNOWN'}`));
    onApplied(null);
  }

  if (applied)
    return (
      <div className="vw-promo vw-promo--applied" role="status">
        <span>{t('promo.applied', { code: applied.code })}</span>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            onApplied(null);
            setCode('');
          }}
        >
          {t('promo.remove')}
        </button>
      </div>
    );
  return (
    <form className="vw-promo" onSubmit={(event) => void apply(event)} noValidate>
      <label htmlFor="vw-promo-code">{t('promo.codeLabel')}</label>
      <div className="vw-promo__row">
        <input
          id="vw-promo-code"
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'vw-promo-error' : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="button button--ghost" disabled={busy || !code.trim()}>
          {t('promo.apply')}
        </button>
      </div>
      {error && (
        <p id="vw-promo-error" className="vw-promo__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** A plan card's word on a coupon: what it saves, or why it does not apply to this plan. */
export function CouponNote({ result }: { result: PlanQuote | CouponRefusal | undefined }) {
  const { t } = useViewerTranslation();
  const { rupees } = useFormats();
  if (!result) return null;
  if (typeof result === 'string') return <p className="vw-plan__quote">{t(`promo.errors.${result}`)}</p>;
  if (!result.discount) return null;
  return (
    <p className="vw-plan__quote vw-plan__quote--saving">
      {t('promo.saves', { code: result.couponCode, amount: rupees(result.discount) })}
    </p>
  );
}

/**
 * The free trial (D33): offered to a signed-in viewer whose number never had one while no plan runs;
 * started with no payment, it is the viewer's plan at once.
 */
export function TrialOfferCard({ signedIn, subscribed }: { signedIn: boolean; subscribed: boolean }) {
  const { t } = useViewerTranslation();
  const words = usePlanWords();
  const { api, toast, problemOf, getSession } = useHost();
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const offer = useLoader(
    (signal) =>
      signedIn && !subscribed
        ? api.get('checkout/trial', { signal }).json<TrialOffer>()
        : Promise.resolve(null),
    [signedIn, subscribed],
  );
  const trial = offer.data;
  if (!trial?.eligible || !trial.planKey) return null;

  async function start() {
    setStarting(true);
    try {
      const status = await api.post('checkout/trial').json<SubscriptionStatus>();
      getSession().updateSubscription(status.activeSubscription, status.isSubscribed);
      toast(t('promo.trialStarted'), 'success');
      void navigate('/');
    } catch (failure) {
      const problem = problemOf(failure, t('promo.failed'));
      toast(problem.code === 'TRIAL_NOT_AVAILABLE' ? t('promo.trialTaken') : t('promo.failed'), 'error');
      offer.reload();
    } finally {
      setStarting(false);
    }
  }

  return (
    <div className="vw-trial">
      <p className="vw-trial__text">
        {t('promo.trialNote', { plan: words.name(trial.planKey), count: trial.days })}
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void start()}
        disabled={starting}
      >
        {t('promo.startTrial', { count: trial.days })}
      </button>
    </div>
  );
}
