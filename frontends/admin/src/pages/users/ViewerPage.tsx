import { Link, useNavigate, useParams } from 'react-router';
import type { AdminPaymentPage } from '@chitram/contracts/web';
import { useApi } from '../../app/api';
import { useMayUse } from '../../app/admin-role';
import { paymentEndpoints } from '../../payments/endpoints';
import { PaymentsTable } from '../../payments/PaymentsTable';
import { useDocumentTitle } from '../../app/use-document-title';
import {
  CHANGE_LABELS,
  formatDate,
  formatDateTime,
  planSummary,
  watchedText,
} from '../../back-office/display-rules';
import { endpoints } from '../../back-office/endpoints';
import { PhoneNumberReveal } from '../../back-office/PhoneNumberReveal';
import { useViewerActivity, ViewerActivity } from '../../back-office/ViewerActivity';
import { ViewerSection as Section } from '../../back-office/ViewerSection';
import {
  BackOfficeMessages,
  formatRupees,
  type AdminViewerActionDone,
  type AdminViewerDetails,
} from '../../back-office/types';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useResource } from '../../components/use-resource';
import '../../styles/admin-back-office.css';
import '../../styles/admin-users.css';
import '../../styles/admin-payments.css';

/**
 * /admin/users/{id} (SPEC §2.13 Users, DECISIONS D14, D25): the viewer's account (the number masked
 * until Reveal, issue 19), plan, subscription history, payments with receipts and watch history; Sign out
 * everywhere and Delete, each confirmed first.
 * Their active streams and signed-in sessions come apart (ViewerActivity), each from its own service.
 */
export function ViewerPage() {
  const { viewerId = '' } = useParams();
  const navigate = useNavigate();
  const { api } = useApi();
  const details = useResource<AdminViewerDetails>(endpoints.viewer(viewerId));
  const viewer = details.data?.viewer;
  const billing = details.data?.billing;
  const watching = details.data?.watching;
  const activity = useViewerActivity(viewerId);
  // An owner refunds from here too (D39); finance, without the viewers' area, from the Payments page.
  const mayRefund = useMayUse('finance');
  useDocumentTitle(viewer ? viewer.maskedPhoneNumber : 'Viewer');

  const signOut = useConfirmedAction({
    run: () => api.post(endpoints.signOutViewer(viewerId)).json<AdminViewerActionDone>(),
    text: BackOfficeMessages.confirmSignOut,
    confirmLabel: 'Yes, sign out',
    busyLabel: 'Signing out…',
    onDone: activity.reload,
  });
  const deletion = useConfirmedAction({
    run: () => api.delete(endpoints.deleteViewer(viewerId)).json<AdminViewerActionDone>(),
    text: BackOfficeMessages.confirmDeleteViewer,
    confirmLabel: 'Yes, delete it!',
    busyLabel: 'Deleting…',
    onDone: () => void navigate('/admin/users'),
  });

  const plan = billing?.available ? planSummary(billing.plan) : planSummary(null, false);
  return (
    <section className="ad-page ad-viewer">
      <Link className="ad-crumb" to="/admin/users">
        ‹ All users
      </Link>
      <header className="ad-page__header ad-page__header--row">
        <div>
          <h1 className="ad-page__title">{viewer?.maskedPhoneNumber ?? 'Viewer'}</h1>
          {viewer && <p className="ad-page__subtitle">Account {viewer._id}</p>}
        </div>
        {viewer && (
          <div className="ad-viewer__actions">
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={signOut.ask}
              disabled={signOut.busy}
            >
              Sign out everywhere
            </button>
            <button type="button" className="button button--danger button--small" onClick={deletion.ask}>
              Delete
            </button>
          </div>
        )}
      </header>

      {details.status === 'error' && (
        <div className="ad-table-note ad-table-note--error ad-error-banner" role="alert">
          Error: {details.error}
          <button type="button" className="button button--ghost button--small" onClick={details.reload}>
            Try again
          </button>
        </div>
      )}
      {details.status === 'loading' && !viewer && <p className="ad-part-note">Loading...</p>}

      {viewer && (
        <>
          <dl className="ad-facts">
            <div>
              <dt>Mobile number</dt>
              <dd>
                <PhoneNumberReveal key={viewer._id} viewerId={viewer._id} masked={viewer.maskedPhoneNumber} />
              </dd>
            </div>
            <div>
              <dt>Signed up</dt>
              <dd>{formatDateTime(viewer.createdAt)}</dd>
            </div>
            <div>
              <dt>Last seen</dt>
              <dd>{formatDateTime(viewer.lastSeenAt)}</dd>
            </div>
            <div>
              <dt>Plan</dt>
              <dd>
                <span className={`ad-plan ad-plan--${plan.tone}`}>{plan.name}</span>
              </dd>
            </div>
            <div>
              <dt>Validity</dt>
              <dd>{plan.validity}</dd>
            </div>
          </dl>

          <ViewerActivity activity={activity} />

          <Section title="Subscription history" part={billing} status={details.status}>
            {({ subscriptions }) =>
              subscriptions.length === 0 ? (
                <p className="ad-part-note">No plan bought yet.</p>
              ) : (
                <div className="ad-table-wrap">
                  <table className="ad-table">
                    <thead>
                      <tr>
                        <th scope="col">Plan</th>
                        <th scope="col">Change</th>
                        <th scope="col">From</th>
                        <th scope="col">Till</th>
                        <th scope="col">Receipt</th>
                      </tr>
                    </thead>
                    <tbody>
                      {subscriptions.map((period) => (
                        <tr key={period._id}>
                          <th scope="row">{period.planName}</th>
                          <td>{CHANGE_LABELS[period.change]}</td>
                          <td className="ad-table__nowrap">{formatDate(period.validFrom)}</td>
                          <td className="ad-table__nowrap">{formatDate(period.validTill)}</td>
                          <td className="ad-table__nowrap">{period.receiptNumber ?? '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )
            }
          </Section>

          {mayRefund ? (
            <ViewerPayments viewerId={viewerId} onChanged={details.reload} />
          ) : (
            <Section title="Payments" part={billing} status={details.status}>
              {({ payments }) =>
                payments.length === 0 ? (
                  <p className="ad-part-note">No payments yet.</p>
                ) : (
                  <div className="ad-table-wrap">
                    <table className="ad-table">
                      <thead>
                        <tr>
                          <th scope="col">When</th>
                          <th scope="col">Amount</th>
                          <th scope="col">Plan</th>
                          <th scope="col">Status</th>
                          <th scope="col">Receipt</th>
                          <th scope="col">Payment id</th>
                        </tr>
                      </thead>
                      <tbody>
                        {payments.map((payment) => (
                          <tr key={payment._id}>
                            <td className="ad-table__nowrap">{formatDateTime(payment.at)}</td>
                            <td className="ad-table__nowrap">{formatRupees(payment.amount)}</td>
                            <td>{payment.planName}</td>
                            <td>
                              <span className={`ad-pill ad-pill--${payment.status}`}>
                                {payment.status === 'captured' ? 'Paid' : 'Failed'}
                              </span>
                              {payment.failureReason && (
                                <span className="ad-table__sub">{payment.failureReason}</span>
                              )}
                            </td>
                            <td className="ad-table__nowrap">{payment.receipt?.number ?? '—'}</td>
                            <td className="ad-table__nowrap ad-table__code">{payment.paymentId}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )
              }
            </Section>
          )}

          <Section title="Watch history" part={watching} status={details.status}>
            {({ history }) =>
              history.length === 0 ? (
                <p className="ad-part-note">Nothing watched yet.</p>
              ) : (
                <div className="ad-table-wrap">
                  <table className="ad-table">
                    <thead>
                      <tr>
                        <th scope="col">Title</th>
                        <th scope="col">Kind</th>
                        <th scope="col">Watched</th>
                        <th scope="col">Last watched</th>
                      </tr>
                    </thead>
                    <tbody>
                      {history.map((entry) => (
                        <tr key={`${entry.kind}:${entry.titleId}`}>
                          <th scope="row">
                            {entry.title ?? <span className="ad-table__sub">Title removed</span>}
                          </th>
                          <td className="ad-table__category">{entry.kind}</td>
                          <td className="ad-table__nowrap">{watchedText(entry)}</td>
                          <td className="ad-table__nowrap">{formatDateTime(entry.updatedAt)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )
            }
          </Section>
        </>
      )}
      {signOut.dialog}
      {deletion.dialog}
    </section>
  );
}

/** The viewer's payments with their refunds, each refundable here (an owner, D39). */
function ViewerPayments({ viewerId, onChanged }: { viewerId: string; onChanged(): void }) {
  const payments = useResource<AdminPaymentPage>(paymentEndpoints.list({ page: 1, viewerId }));
  return (
    <section className="ad-card ad-viewer__section" aria-label="Payments">
      <h2 className="ad-card__title">Payments</h2>
      <PaymentsTable
        list={payments}
        emptyText="No payments yet."
        onChanged={() => {
          payments.reload();
          onChanged();
        }}
        showViewer={false}
      />
    </section>
  );
}
