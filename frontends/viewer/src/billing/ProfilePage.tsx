import {
  type BillingAccountView,
  gstState,
  type PaymentView,
  type ViewerProfile,
} from '@chitram/contracts/web';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useFailureMessage } from '../app/api';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { EmptyState, ErrorLine, LoadingLine } from '../components/LoadStatus';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { SmsRemindersSwitch } from '../reminders/SmsRemindersSwitch';
import { usePlanWords } from './plan-words';
import { downloadCreditNote, downloadReceipt } from './receipt-download';
import { StateSelect } from './StatePicker';
import '../styles/billing.css';

/**
 * /profile (DECISIONS D14, D32): the number, the plan and its validity, the state for tax invoices,
 * payments with their invoices, account deletion.
 */
export function ProfilePage() {
  const { t } = useViewerTranslation();
  const { rupees, date, dateTime } = useFormats();
  const words = usePlanWords();
  useDocumentTitle(t('profile.documentTitle'));
  const { api, toast, getSession } = useHost();
  const failureMessage = useFailureMessage();
  const profile = useLoader((signal) => api.get('user/me', { signal }).json<ViewerProfile>(), []);
  const payments = useLoader((signal) => api.get('user/payments', { signal }).json<PaymentView[]>(), []);
  const account = useLoader(
    (signal) => api.get('user/billing-account', { signal }).json<BillingAccountView>(),
    [],
  );
  const queued = account.data?.queued ?? null;
  const [downloading, setDownloading] = useState<string | null>(null);

  // The header's panel follows what the server says now (a plan bought elsewhere, one that ran out);
  // when billing could not say (isSubscribed null, planStatus unknown) the session keeps what it had.
  useEffect(() => {
    const isSubscribed = profile.data?.isSubscribed;
    if (profile.data && typeof isSubscribed === 'boolean')
      getSession().updateSubscription(profile.data.activeSubscription, isSubscribed);
  }, [profile.data, getSession]);

  async function download(document: { _id: string; number: string }, kind: 'receipt' | 'credit-note') {
    setDownloading(document._id);
    try {
      await (kind === 'receipt' ? downloadReceipt : downloadCreditNote)(api, document._id, document.number);
    } catch (error) {
      toast(failureMessage(error), 'error');
    } finally {
      setDownloading(null);
    }
  }

  const plan = profile.data?.activeSubscription ?? null;
  // Billing could not say: a paying viewer is not shown "Free" nor asked to buy again (issue 20).
  const planUnknown = profile.data?.isSubscribed === null && !plan;
  return (
    <section className="vw-page vw-profile" aria-labelledby="vw-profile-title">
      <h1 id="vw-profile-title" className="vw-page__title">
        {t('profile.title')}
      </h1>
      {profile.status === 'loading' && !profile.data && <LoadingLine />}
      {profile.status === 'error' && <ErrorLine message={profile.error} onRetry={profile.reload} />}
      {profile.data && (
        <dl className="vw-profile__facts">
          <div>
            <dt>{t('profile.mobileNumber')}</dt>
            <dd>{profile.data.phoneNumber}</dd>
          </div>
          <div>
            <dt>{t('profile.plan')}</dt>
            <dd>
              {planUnknown ? (
                <span className="vw-profile__plan-note" role="status">
                  {t('profile.planUnknown')}{' '}
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={profile.reload}
                  >
                    {t('common.tryAgain')}
                  </button>
                </span>
              ) : plan ? (
                words.name(plan.planName)
              ) : (
                t('common.free')
              )}
              {plan && profile.data.planStatus === 'stale' && (
                <span className="vw-profile__plan-note">{t('profile.planStale')}</span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('profile.validTill')}</dt>
            <dd>{(plan && dateTime(plan.validTill)) ?? t('common.notAvailable')}</dd>
          </div>
          {queued && (
            <div>
              <dt>{t('profile.queued')}</dt>
              <dd>
                {t('profile.queuedPlan', {
                  plan: words.name(queued.planKey),
                  from: date(queued.validFrom),
                  till: date(queued.validTill),
                })}
              </dd>
            </div>
          )}
          {!planUnknown && (
            <div className="vw-profile__plan-action">
              <Link className="button button--primary button--small" to="/subscribe">
                {plan ? t('profile.extendOrChange') : t('profile.subscribe')}
              </Link>
            </div>
          )}
        </dl>
      )}

      {profile.data && account.data && (
        <InvoiceState held={account.data.stateCode ?? ''} onSaved={account.reload} />
      )}
      {profile.data && <SmsRemindersSwitch />}

      <h2 className="vw-profile__heading">{t('profile.payments')}</h2>
      {payments.status === 'loading' && !payments.data && <LoadingLine />}
      {payments.status === 'error' && <ErrorLine message={payments.error} onRetry={payments.reload} />}
      {payments.data?.length === 0 && (
        <EmptyState title={t('profile.noPayments')} text={t('profile.noPaymentsText')} />
      )}
      {payments.data && payments.data.length > 0 && (
        <ul className="vw-payments">
          {payments.data.map((payment) => (
            <li key={payment._id} className="vw-payment">
              <div className="vw-payment__main">
                <p className="vw-payment__plan">{words.name(payment.planName)}</p>
                <p className="vw-payment__meta">
                  {dateTime(payment.at)} · {rupees(payment.amount)} ·{' '}
                  <span className={`vw-payment__status vw-payment__status--${payment.status}`}>
                    {payment.status === 'captured' ? t('profile.paid') : t('profile.failed')}
                  </span>
                </p>
                {payment.failureReason && <p className="vw-payment__reason">{payment.failureReason}</p>}
                {payment.refunded > 0 && (
                  <p className="vw-payment__refunded">
                    {t('profile.refunded', { amount: rupees(payment.refunded) })}
                  </p>
                )}
              </div>
              {payment.receipt && (
                <div className="vw-payment__receipt">
                  <Link
                    className="button button--ghost button--small"
                    to={`/profile/receipts/${payment.receipt._id}`}
                  >
                    {t('profile.viewReceipt', { number: payment.receipt.number })}
                  </Link>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => void download(payment.receipt!, 'receipt')}
                    disabled={downloading === payment.receipt._id}
                  >
                    {t('profile.downloadPdf')}
                  </button>
                </div>
              )}
              {payment.creditNotes.map((note) => (
                <div key={note._id} className="vw-payment__receipt vw-payment__credit-note">
                  <span className="vw-payment__note-label">
                    {t('profile.creditNote', { number: note.number, amount: rupees(note.amount) })}
                  </span>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => void download(note, 'credit-note')}
                    disabled={downloading === note._id}
                    aria-label={t('profile.downloadCreditNote', { number: note.number })}
                  >
                    {t('profile.downloadPdf')}
                  </button>
                </div>
              ))}
            </li>
          ))}
        </ul>
      )}
      <p className="vw-profile__delete">
        <Link to="/delete-user">{t('profile.deleteAccount')}</Link>
        <span> · {t('profile.recordsKept')}</span>
      </p>
    </section>
  );
}

/** The viewer's state for later tax invoices (D32): what the first checkout asked, changeable here. */
function InvoiceState({ held, onSaved }: { held: string; onSaved(): void }) {
  const { t } = useViewerTranslation();
  const { api, toast } = useHost();
  const failureMessage = useFailureMessage();
  const selectId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const value = chosen ?? held;

  async function save() {
    setSaving(true);
    try {
      const saved = await api
        .put('user/billing-account', { json: { stateCode: value } })
        .json<BillingAccountView>();
      toast(
        t('profile.stateSaved', { state: gstState(saved.stateCode)?.name ?? saved.stateCode }),
        'success',
      );
      setChosen(null);
      onSaved();
    } catch (error) {
      toast(failureMessage(error), 'error');
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="vw-profile__state">
      <label htmlFor={selectId}>{t('profile.invoiceState')}</label>
      <StateSelect id={selectId} value={value} onChange={setChosen} disabled={saving} />
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => void save()}
        disabled={saving || !value || value === held}
      >
        {t('profile.saveState')}
      </button>
      {!held && <span className="vw-profile__plan-note">{t('profile.stateNotSet')}</span>}
    </div>
  );
}
