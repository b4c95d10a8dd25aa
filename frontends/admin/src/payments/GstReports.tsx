import { todayInIndia } from '@chitram/contracts/web';
import { useId, useState } from 'react';
import { downloadText } from '../analytics/download';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { paymentEndpoints } from './endpoints';

/** The month before this one in India: the one a GST return is filed for. */
function lastMonth(): string {
  const [year, month] = todayInIndia().split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** Finance's monthly GST summary and invoice register, as CSV downloads (D39). */
export function GstReports() {
  const { api, problemOf } = useApi();
  const { toast } = useHost();
  const monthId = useId();
  const [month, setMonth] = useState(lastMonth);
  const [busy, setBusy] = useState<string | null>(null);

  async function download(kind: 'summary' | 'register') {
    setBusy(kind);
    try {
      const path =
        kind === 'summary' ? paymentEndpoints.gstSummary(month) : paymentEndpoints.invoiceRegister(month);
      const response = await api.get(path);
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
      downloadText(name ?? `${kind}-${month}.csv`, await response.text());
    } catch (failure) {
      toast(problemOf(failure).message, 'error');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="ad-card ad-gst" aria-labelledby={`${monthId}-title`}>
      <h2 id={`${monthId}-title`} className="ad-card__title">
        GST reports
      </h2>
      <div className="ad-gst__row">
        <label className="ad-gst__month" htmlFor={monthId}>
          Month
          <input
            id={monthId}
            className="ad-field__input"
            type="month"
            value={month}
            max={todayInIndia().slice(0, 7)}
            onChange={(event) => event.target.value && setMonth(event.target.value)}
          />
        </label>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => void download('summary')}
          disabled={busy !== null}
        >
          {busy === 'summary' ? 'Preparing…' : 'GST summary (CSV)'}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void download('register')}
          disabled={busy !== null}
        >
          {busy === 'register' ? 'Preparing…' : 'Invoice register (CSV)'}
        </button>
      </div>
      <p className="ad-part-note">
        B2C supplies by place of supply and rate, credit notes subtracted; the register lists every invoice
        and credit note of the month.
      </p>
    </section>
  );
}
