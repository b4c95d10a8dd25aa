import { type AdminPayment, type AdminPaymentPage, formatRupees } from '@chitram/contracts/web';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../back-office/display-rules';
import { viewerPagePath } from '../back-office/endpoints';
import { TableFrame } from '../components/TableTools';
import { RefundDialog } from './RefundDialog';

const REFUND_STATUS_WORDS = { pending: 'Pending', processed: 'Refunded', failed: 'Failed' } as const;

/**
 * Payments with their refunds and a Refund button where something is left (D39): the Payments page's
 * list and a viewer's payments on their page.
 */
export function PaymentsTable({
  list,
  emptyText,
  onChanged,
  showViewer = true,
}: {
  list: {
    status: 'loading' | 'success' | 'error';
    data: AdminPaymentPage | null;
    error: string;
    reload(): void;
  };
  emptyText: string;
  onChanged(): void;
  showViewer?: boolean;
}) {
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const payments = list.data?.payments ?? [];
  return (
    <>
      <TableFrame
        status={list.status}
        error={list.error}
        empty={payments.length === 0}
        emptyText={emptyText}
        onRetry={list.reload}
      >
        <table className="ad-table ad-payments">
          <thead>
            <tr>
              <th scope="col">When</th>
              {showViewer && <th scope="col">Viewer</th>}
              <th scope="col">Plan</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Invoice</th>
              <th scope="col">Refunds</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment._id}>
                <td className="ad-table__nowrap">{formatDateTime(payment.at)}</td>
                {showViewer && (
                  <td className="ad-table__nowrap">
                    {payment.viewerId && payment.phoneNumber ? (
                      <Link className="ad-link" to={viewerPagePath(payment.viewerId)}>
                        {payment.phoneNumber}
                      </Link>
                    ) : (
                      <span className="ad-table__sub">Deleted account</span>
                    )}
                  </td>
                )}
                <td>{payment.planName}</td>
                <td className="ad-table__nowrap">{formatRupees(payment.amount)}</td>
                <td>
                  <span className={`ad-pill ad-pill--${payment.status}`}>
                    {payment.status === 'captured' ? 'Paid' : 'Failed'}
                  </span>
                  {payment.refundDue && <span className="ad-table__sub">Refund due</span>}
                  <span className="ad-table__sub ad-table__code">{payment.paymentId}</span>
                </td>
                <td className="ad-table__nowrap">{payment.receipt?.number ?? '—'}</td>
                <td className="ad-payments__refunds">
                  {payment.refunds.length === 0
                    ? '—'
                    : payment.refunds.map((refund) => (
                        <span key={refund._id} className="ad-payments__refund">
                          {formatRupees(refund.amount)} · {REFUND_STATUS_WORDS[refund.status]}
                          {refund.creditNote && ` · ${refund.creditNote.number}`}
                          <span className="ad-table__sub">{refund.reason}</span>
                        </span>
                      ))}
                </td>
                <td className="ad-table__actions">
                  {payment.refundable > 0 && (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => setRefunding(payment)}
                      aria-label={`Refund ${payment.paymentId}`}
                    >
                      Refund
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {refunding && (
        <RefundDialog
          payment={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={() => {
            setRefunding(null);
            onChanged();
          }}
        />
      )}
    </>
  );
}
