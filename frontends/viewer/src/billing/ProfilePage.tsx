import { formatRupees } from '@chitram/contracts/src/billing-answers';
import type { PaymentView } from '@chitram/contracts/src/billing-answers';
import type { ViewerProfile } from '@chitram/contracts/src/identity';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { failureMessage } from '../app/api';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { EmptyState, ErrorLine, LoadingLine } from '../components/LoadStatus';
import { formatDateTime } from './billing-rules';
import { downloadReceipt } from './receipt-download';
import '../styles/billing.css';

/** /profile (DECISIONS D14): the number, the plan and its validity, payments with receipts, account deletion. */
export function ProfilePage() {
  useDocumentTitle('Your profile');
  const host = useHost();
  const { api, toast, getSession } = host;
  const profile = useLoader((signal) => api.get('user/me', { signal }).json<ViewerProfile>(), []);
  const payments = useLoader((signal) => api.get('user/payments', { signal }).json<PaymentView[]>(), []);
  const [downloading, setDownloading] = useState<string | null>(null);

  // The header's panel follows what the server says now (a plan bought elsewhere, one that ran out).
  useEffect(() => {
    if (profile.data)
      getSession().updateSubscription(profile.data.activeSubscription, profile.data.isSubscribed);
  }, [profile.data, getSession]);

  async function download(receipt: { _id: string; number: string }) {
    setDownloading(receipt._id);
    try {
      await downloadReceipt(api, receipt._id, receipt.number);
    } catch (error) {
      toast(failureMessage(host, error), 'error');
    } finally {
      setDownloading(null);
    }
  }

  const plan = profile.data?.activeSubscription ?? null;
  return (
    <section className="vw-page vw-profile" aria-labelledby="vw-profile-title">
      <h1 id="vw-profile-title" className="vw-page__title">
        Your profile
      </h1>
      {profile.status === 'loading' && !profile.data && <LoadingLine />}
      {profile.status === 'error' && <ErrorLine message={profile.error} onRetry={profile.reload} />}
      {profile.data && (
        <dl className="vw-profile__facts">
          <div>
            <dt>Mobile number</dt>
            <dd>{profile.data.phoneNumber}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{plan ? plan.planName : 'Free'}</dd>
          </div>
          <div>
            <dt>Valid till</dt>
            <dd>{plan ? formatDateTime(plan.validTill) : 'N/A'}</dd>
          </div>
          <div className="vw-profile__plan-action">
            <Link className="button button--primary button--small" to="/subscribe">
              {plan ? 'Extend or change plan' : 'Subscribe'}
            </Link>
          </div>
        </dl>
      )}

      <h2 className="vw-profile__heading">Payment history</h2>
      {payments.status === 'loading' && !payments.data && <LoadingLine />}
      {payments.status === 'error' && <ErrorLine message={payments.error} onRetry={payments.reload} />}
      {payments.data?.length === 0 && (
        <EmptyState title="No payments yet." text="Plans you buy appear here with their receipts." />
      )}
      {payments.data && payments.data.length > 0 && (
        <ul className="vw-payments">
          {payments.data.map((payment) => (
            <li key={payment._id} className="vw-payment">
              <div className="vw-payment__main">
                <p className="vw-payment__plan">{payment.planName}</p>
                <p className="vw-payment__meta">
                  {formatDateTime(payment.at)} · {formatRupees(payment.amount)} ·{' '}
                  <span className={`vw-payment__status vw-payment__status--${payment.status}`}>
                    {payment.status === 'captured' ? 'Paid' : 'Failed'}
                  </span>
                </p>
                {payment.failureReason && <p className="vw-payment__reason">{payment.failureReason}</p>}
              </div>
              {payment.receipt && (
                <div className="vw-payment__receipt">
                  <Link
                    className="button button--ghost button--small"
                    to={`/profile/receipts/${payment.receipt._id}`}
                  >
                    View receipt {payment.receipt.number}
                  </Link>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => void download(payment.receipt!)}
                    disabled={downloading === payment.receipt._id}
                  >
                    Download PDF
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="vw-profile__delete">
        <Link to="/delete-user">Delete account</Link>
        <span> · Your payments and receipts are kept, without your number, for tax records.</span>
      </p>
    </section>
  );
}
