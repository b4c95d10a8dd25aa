import type { GstState, ReceiptView } from '@chitram/contracts/web';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useFailureMessage } from '../app/api';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { ErrorLine, LoadingLine } from '../components/LoadStatus';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { usePlanWords } from './plan-words';
import { downloadReceipt } from './receipt-download';
import '../styles/billing.css';

/** 'Telangana (36)': the state's name as GST records write it, and its code. */
function stateName(state: GstState | null): string | undefined {
  return state ? `${state.name} (${state.code})` : undefined;
}

/**
 * /profile/receipts/{id} (DECISIONS D18, D32): a payment's GST tax invoice on screen, and its PDF: the
 * supplier with GSTIN and state, the place of supply, SAC, taxable value, CGST + SGST or IGST, and the
 * total in figures and in words (the invoice's own English words, as the PDF prints them).
 */
export function ReceiptPage() {
  const { t } = useViewerTranslation();
  const { rupees, date, dateTime } = useFormats();
  const words = usePlanWords();
  useDocumentTitle(t('receipt.documentTitle'));
  const host = useHost();
  const failureMessage = useFailureMessage();
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
      host.toast(failureMessage(error), 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="vw-page vw-receipt" aria-labelledby="vw-receipt-title">
      <p>
        <Link to="/profile">
          <span aria-hidden="true">← </span>
          {t('receipt.backToProfile')}
        </Link>
      </p>
      {receipt.status === 'loading' && !receipt.data && <LoadingLine />}
      {receipt.status === 'error' && <ErrorLine message={receipt.error} onRetry={receipt.reload} />}
      {receipt.data && (
        <article className="vw-receipt__card">
          <h1 id="vw-receipt-title" className="vw-receipt__title">
            {t('receipt.title', { number: receipt.data.number })}
          </h1>
          <p className="vw-receipt__seller">
            <strong>{receipt.data.seller.name}</strong>
            <br />
            {receipt.data.seller.address}
            <br />
            GSTIN {receipt.data.seller.gstin} · {stateName(receipt.data.seller.state)}
          </p>
          <dl className="vw-receipt__facts">
            <div>
              <dt>{t('receipt.date')}</dt>
              <dd>{dateTime(receipt.data.issuedAt)}</dd>
            </div>
            <div>
              <dt>{t('receipt.customer')}</dt>
              <dd>{receipt.data.phoneNumber ?? t('receipt.deletedAccount')}</dd>
            </div>
            <div>
              <dt>{t('receipt.customerState')}</dt>
              <dd>{stateName(receipt.data.placeOfSupply) ?? t('receipt.notRecorded')}</dd>
            </div>
            <div>
              <dt>{t('receipt.placeOfSupply')}</dt>
              <dd>{stateName(receipt.data.placeOfSupply ?? receipt.data.seller.state)}</dd>
            </div>
            <div>
              <dt>{t('receipt.plan')}</dt>
              <dd>
                {t('receipt.planPeriod', {
                  plan: words.name(receipt.data.planName),
                  from: date(receipt.data.validFrom),
                  till: date(receipt.data.validTill),
                })}{' '}
                <span className="vw-receipt__sac">SAC {receipt.data.sac}</span>
              </dd>
            </div>
          </dl>
          <dl className="vw-receipt__sums">
            {receipt.data.credit && (
              <>
                <div>
                  <dt>{t('receipt.listPrice')}</dt>
                  <dd>{rupees(receipt.data.listPrice)}</dd>
                </div>
                <div>
                  <dt>{t('receipt.credit', { plan: words.name(receipt.data.credit.planName) })}</dt>
                  <dd>−{rupees(receipt.data.credit.amount)}</dd>
                </div>
              </>
            )}
            <div>
              <dt>{t('receipt.taxableValue')}</dt>
              <dd>{rupees(receipt.data.taxableValue)}</dd>
            </div>
            {receipt.data.taxes.map((tax) => (
              <div key={tax.name}>
                <dt>{t('receipt.gst', { name: tax.name, rate: tax.ratePercent })}</dt>
                <dd>{rupees(tax.amount)}</dd>
              </div>
            ))}
            <div className="vw-receipt__total">
              <dt>{t('receipt.total')}</dt>
              <dd>{rupees(receipt.data.amount)}</dd>
            </div>
          </dl>
          <dl className="vw-receipt__facts">
            <div>
              <dt>{t('receipt.amountInWords')}</dt>
              <dd lang="en">{receipt.data.amountInWords}</dd>
            </div>
            <div>
              <dt>{t('receipt.payment')}</dt>
              <dd>{receipt.data.paymentId}</dd>
            </div>
          </dl>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void download(receipt.data!)}
            disabled={downloading}
          >
            {t('profile.downloadPdf')}
          </button>
        </article>
      )}
    </section>
  );
}
