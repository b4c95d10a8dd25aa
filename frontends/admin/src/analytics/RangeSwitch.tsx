import { type FormEvent, useState } from 'react';
import { customPeriodProblem, type AnalyticsView } from './analytics-query';
import { ANALYTICS_RANGES, type AnalyticsRangeDays } from './types';

/** 7, 30 or 90 days ending today, or a custom period from one day to another (India's days). */
export function RangeSwitch({
  view,
  today,
  onChange,
}: {
  view: Pick<AnalyticsView, 'range' | 'from' | 'to'>;
  today: string;
  onChange(next: Pick<AnalyticsView, 'range' | 'from' | 'to'>): void;
}) {
  const [custom, setCustom] = useState(view.range === 'custom');
  const [from, setFrom] = useState(view.from);
  const [to, setTo] = useState(view.to || today);
  const [problem, setProblem] = useState('');

  const pick = (range: AnalyticsRangeDays) => {
    setCustom(false);
    setProblem('');
    onChange({ range, from: '', to: '' });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const why = customPeriodProblem(from, to);
    setProblem(why ?? '');
    if (!why) onChange({ range: 'custom', from, to });
  };

  return (
    <div className="an-range">
      <div className="an-range__choices" role="group" aria-label="Period">
        {ANALYTICS_RANGES.map((range) => (
          <button
            key={range}
            type="button"
            className={`an-range__choice${!custom && view.range === range ? ' an-range__choice--on' : ''}`}
            aria-pressed={!custom && view.range === range}
            onClick={() => pick(range)}
          >
            {range} days
          </button>
        ))}
        <button
          type="button"
          className={`an-range__choice${custom ? ' an-range__choice--on' : ''}`}
          aria-pressed={custom}
          onClick={() => setCustom(true)}
        >
          Custom
        </button>
      </div>
      {custom && (
        <form className="an-range__custom" onSubmit={apply} noValidate>
          <label className="an-range__day">
            From
            <input type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className="an-range__day">
            To
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <button type="submit" className="button button--primary button--small">
            Apply
          </button>
          {problem && (
            <span className="an-range__problem" role="alert">
              {problem}
            </span>
          )}
        </form>
      )}
    </div>
  );
}
