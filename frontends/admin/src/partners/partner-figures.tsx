import { formatCount } from '../back-office/display-rules';
import { watchHours } from '../analytics/analytics-table';
import { FilterSelect } from '../analytics/FilterSelect';
import { formatRupees } from '../analytics/types';
import { PARTNER_SHARE_METHOD, type PartnerPeriodTotals } from './types';

/** Money that billing could not tell just now. */
export const money = (paise: number | null) => (paise === null ? 'Unavailable' : formatRupees(paise));

/** '12.5%' of a 0–1 fraction. */
export const percentOf = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

export const hours = (seconds: number) => `${watchHours(seconds)} h`;

/** The period's pool and what titles without a partner took, with the method stated. */
export function ShareMethod({ totals }: { totals: PartnerPeriodTotals }) {
  return (
    <div className="pt-method">
      <p>
        <strong>How the share is worked out.</strong> {PARTNER_SHARE_METHOD}
      </p>
      <dl className="ad-figures">
        <div className="ad-figures__row">
          <dt>Revenue pool of the period</dt>
          <dd data-figure="pool">{money(totals.pool)}</dd>
        </div>
        <div className="ad-figures__row">
          <dt>All plays / watch time</dt>
          <dd>
            {formatCount(totals.plays)} / {hours(totals.watchSeconds)}
          </dd>
        </div>
        <div className="ad-figures__row">
          <dt>Titles without a partner</dt>
          <dd>
            {hours(totals.unpartnered.watchSeconds)} · {money(totals.unpartnered.attributableRevenue)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** The range select of the partner pages: 7, 30 or 90 days ending today. */
export function PeriodSelect({ value, onChange }: { value: number; onChange(days: number): void }) {
  return (
    <FilterSelect
      label="Period"
      value={String(value)}
      options={['7', '30', '90'].map((days) => ({ value: days, label: `Last ${days} days` }))}
      onChange={(days) => onChange(Number(days))}
    />
  );
}
