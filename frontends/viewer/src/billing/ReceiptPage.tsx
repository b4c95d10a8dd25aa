import { formatRupees } from '@chitram/contracts/src/billing-answers';
import type { ReceiptView } from '@chitram/contracts/src/billing-answers';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { failureMessage } from '../app/api';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { ErrorLine, LoadingLine } from '../components/LoadStatus';
import { formatDate, formatDateTime } from './billing-rules';
import { downloadReceipt } from './receipt-download';
import '../styles/billing.css';

/** /profile/receipts/{id} (DECISIONS D18): a receipt on screen, with GST shown, and its PDF. */
export function ReceiptPage() {
  useDocumentTitle('Receipt');
  const host = useHost();
  const { receiptId = '' } = useParams();
  const receipt = useLoader(
    (signal) =>
      host.api.get(`user/receipts/${encodeURIComponent(receiptId)}`, { signal }).json<ReceiptView>(),
    [receiptId],
  );
  const [downloading, setDownloading] = useState(false);

  async function download(view: ReceiptView) {
    setDownloading(true);
    try {
      await downloadReceipt(host.api, view._id, view.number);
    } catch (error) {
      host.toast(failureMessage(host, error), 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="vw-page vw-receipt" aria-labelledby="vw-receipt-title">
      <p>
        <Link to="/profile">← Your profile</Link>
      </p>
      {receipt.status === 'loading' && !receipt.data && <LoadingLine />}
      {receipt.status === 'error' && <ErrorLine message={receipt.error} onRetry={receipt.reload} />}
      {receipt.data && (
        <article className="vw-receipt__card">
          <h1 id="vw-receipt-title" className="vw-receipt__title">
            Receipt {receipt.data.number}
          </h1>
          <p className="vw-receipt__seller">
            {receipt.data.seller.name}, {receipt.data.seller.address} · GSTIN {receipt.data.seller.gstin}
          </p>
          <dl className="vw-receipt__facts">
            <div>
              <dt>Date</dt>
              <dd>{formatDateTime(receipt.data.issuedAt)}</dd>
            </div>
            <div>
              <dt>Customer</dt>
              <dd>{receipt.data.phoneNumber ?? 'Deleted account'}</dd>
            </div>
            <div>
              <dt>Plan</dt>
              <dd>
                {receipt.data.planName}, {formatDate(receipt.data.validFrom)} to{' '}
                {formatDate(receipt.data.validTill)}
              </dd>
            </div>
            <div>
              <dt>Taxable value</dt>
              <dd>{formatRupees(receipt.data.taxableValue)}</dd>
            </div>
            <div>
              <dt>GST @ {receipt.data.gstRatePercent}%</dt>
              <dd>{formatRupees(receipt.data.gst)}</dd>
            </div>
            <div className="vw-receipt__total">
              <dt>Total paid</dt>
              <dd>{formatRupees(receipt.data.amount)}</dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd>{receipt.data.paymentId}</dd>
            </div>
          </dl>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void download(receipt.data!)}
            disabled={downloading}
          >
            Download PDF
          </button>
        </article>
      )}
    </section>
  );
}
