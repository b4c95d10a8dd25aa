import { formatRupees, PaymentMessages, type StoredPlan } from '@chitram/contracts/src/billing-answers';
import { useNavigate } from 'react-router';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { ErrorLine, LoadingLine } from '../components/LoadStatus';
import { checkoutPath, formatDate } from './billing-rules';
import '../styles/billing.css';

/** /subscribe (SPEC §2.8, §4.4; DECISIONS D16, D17): one card per plan, priced by the server. */
export function PlansPage() {
  useDocumentTitle('Plans');
  const { api, toast, useSession } = useHost();
  const navigate = useNavigate();
  const signedIn = useSession((s) => Boolean(s.user?.token));
  const current = useSession((s) => (s.user?.isSubscribed ? s.user.activeSubscription : null));
  const plans = useLoader((signal) => api.get('plans', { signal }).json<StoredPlan[]>(), []);

  function choose(plan: StoredPlan) {
    if (!signedIn) {
      toast(PaymentMessages.loginToSubscribe, 'error');
      void navigate('/login', { state: { returnTo: '/subscribe' } });
      return;
    }
    void navigate(checkoutPath(plan));
  }

  return (
    <section className="vw-page vw-plans" aria-labelledby="vw-plans-title">
      <p className="vw-eyebrow">Prepaid plans · no auto-renewal</p>
      <h1 id="vw-plans-title" className="vw-page__title">
        Choose the Best Plan for You
      </h1>
      {current && (
        <p className="vw-plans__current" role="status">
          Your plan: <strong>{current.planName}</strong>, valid till {formatDate(current.validTill)}. Buying
          it again adds to its validity; another plan replaces it from today.
        </p>
      )}
      {plans.status === 'loading' && !plans.data && <LoadingLine />}
      {plans.status === 'error' && <ErrorLine message={plans.error} onRetry={plans.reload} />}
      {plans.data && (
        <ul className="vw-plans__grid">
          {plans.data.map((plan) => {
            const yours = current?.planName === plan.plan;
            return (
              <li key={plan.planKey} className={yours ? 'vw-plan vw-plan--current' : 'vw-plan'}>
                <h2 className="vw-plan__name">{plan.plan.toUpperCase()}</h2>
                {yours && <p className="vw-plan__badge">Your plan</p>}
                <p className="vw-plan__price">
                  <span className="vw-plan__amount">{formatRupees(plan.amount)}</span>
                  <span className="vw-plan__period"> / {plan.month}</span>
                </p>
                <dl className="vw-plan__facts">
                  <div>
                    <dt>Quality</dt>
                    <dd>{plan.quality}</dd>
                  </div>
                  <div>
                    <dt>Device Access</dt>
                    <dd>{plan.device}</dd>
                  </div>
                  <div>
                    <dt>Screens at once</dt>
                    <dd>{plan.maxStreams}</dd>
                  </div>
                </dl>
                <button
                  type="button"
                  className="button button--primary button--block"
                  onClick={() => choose(plan)}
                >
                  Pay Rs {plan.price}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="vw-plans__note">
        Prices include 18% GST. Plans are prepaid and end on their expiry date; nothing renews by itself.
      </p>
    </section>
  );
}
