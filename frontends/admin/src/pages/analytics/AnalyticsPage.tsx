import { type ReactNode, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../app/use-document-title';
import { ChartCanvas } from '../../analytics/ChartCanvas';
import { DailyTable } from '../../analytics/DailyTable';
import { FilterSelect } from '../../analytics/FilterSelect';
import { RangeSwitch } from '../../analytics/RangeSwitch';
import { TopTitles } from '../../analytics/TopTitles';
import { searchOfView, viewFromSearch, type AnalyticsView } from '../../analytics/analytics-query';
import {
  analyticsCsv,
  csvFileName,
  dailyRows,
  PLAN_NAMES,
  periodTotals,
} from '../../analytics/analytics-table';
import {
  breakdownChart,
  chartColours,
  dailyBars,
  subscriptionsChart,
  viewingChart,
} from '../../analytics/chart-configs';
import { downloadText } from '../../analytics/download';
import { endpoints } from '../../analytics/endpoints';
import {
  AnalyticsMessages,
  formatRupees,
  indiaDayOf,
  LANGUAGES,
  NO_PLAN,
  PLAN_KEYS,
  type AdminAnalyticsAnswer,
  type Language,
  type PlanOrNone,
} from '../../analytics/types';
import { formatCount, formatDate } from '../../back-office/display-rules';
import { PartView } from '../../back-office/PartView';
import { useResource } from '../../components/use-resource';
import '../../analytics/analytics.css';

/** The top titles' plan filter: each plan, and viewers without one. */
const PLAN_FILTERS: PlanOrNone[] = [...PLAN_KEYS, NO_PLAN];

/** A titled panel of the page: a chart or a list, over one service's part. */
function Panel({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`ad-tile an-panel${wide ? ' an-panel--wide' : ''}`} aria-labelledby={id}>
      <h2 id={id} className="ad-tile__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Total({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="ad-tile an-total">
      <p className="ad-tile__title">{label}</p>
      <p className="ad-tile__value" data-total={label}>
        {value ?? '—'}
      </p>
    </div>
  );
}

/** /admin/analytics (SPEC §2.13, DECISIONS D12): the period's figures per day as charts, top titles, CSV. */
export function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const [params, setParams] = useSearchParams();
  const view = viewFromSearch(params);
  const query = searchOfView(view);
  const answer = useResource<AdminAnalyticsAnswer>(endpoints.analytics(query));
  const data = answer.data?.data;
  const status = answer.status;
  const today = indiaDayOf(new Date());

  const rows = useMemo(() => (data ? dailyRows(data) : []), [data]);
  const totals = periodTotals(rows);
  const colours = useMemo(() => chartColours(), []);
  const charts = useMemo(
    () => ({
      viewing: viewingChart(rows, colours),
      signUps: dailyBars(rows, 'New viewers', (r) => r.newViewers, colours.series[2], colours),
      revenue: dailyBars(rows, 'Revenue (₹)', (r) => r.revenue, colours.accent, colours),
      subscriptions: subscriptionsChart(rows, colours),
      byPlan: data?.viewing.available
        ? breakdownChart(data.viewing.byPlan, (p) => PLAN_NAMES[p.planKey], colours)
        : null,
      byLanguage: data?.viewing.available
        ? breakdownChart(data.viewing.byLanguage, (l) => l.language ?? 'No language', colours)
        : null,
    }),
    [rows, data, colours],
  );
  const quiet = data !== undefined && totals.plays === 0 && totals.revenue === 0 && totals.newViewers === 0;

  const change = (next: Partial<AnalyticsView>) =>
    setParams(new URLSearchParams(searchOfView({ ...view, ...next })), { replace: true });

  return (
    <section className="ad-page an-page" aria-busy={status === 'loading'}>
      <header className="ad-page__header ad-page__header--row">
        <div>
          <h1 className="ad-page__title">Analytics</h1>
          <p className="ad-page__subtitle">
            {data
              ? `${formatDate(`${data.period.from}T12:00:00+05:30`)} – ${formatDate(`${data.period.to}T12:00:00+05:30`)}, days in India`
              : 'Loading...'}
          </p>
        </div>
        <div className="an-actions">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={answer.reload}
            disabled={status === 'loading'}
          >
            {status === 'loading' && data ? 'Refreshing…' : 'Refresh'}
          </button>
          <button
            type="button"
            className="button button--primary button--small"
            disabled={!data}
            onClick={() => data && downloadText(csvFileName(data), analyticsCsv(data))}
          >
            Export CSV
          </button>
        </div>
      </header>

      <RangeSwitch view={view} today={today} onChange={change} />

      {status === 'error' && (
        <div className="ad-table-note ad-table-note--error ad-error-banner" role="alert">
          Error: {answer.error}
          <button type="button" className="button button--ghost button--small" onClick={answer.reload}>
            Try again
          </button>
        </div>
      )}
      {answer.data && answer.data.message !== AnalyticsMessages.loaded && (
        <p className="ad-notice" role="status">
          {answer.data.message}
        </p>
      )}
      {!data && status === 'loading' && <p className="ad-table-note">Loading...</p>}

      {data && (
        <>
          <div className="an-totals">
            <Total label="Plays" value={totals.plays === null ? null : formatCount(totals.plays)} />
            <Total
              label="Watch time (hours)"
              value={totals.watchHours === null ? null : String(totals.watchHours)}
            />
            <Total
              label="New viewers"
              value={totals.newViewers === null ? null : formatCount(totals.newViewers)}
            />
            <Total
              label="Revenue"
              value={totals.revenue === null ? null : formatRupees(Math.round(totals.revenue * 100))}
            />
            <Total
              label="Active subscriptions"
              value={totals.activeAtEnd === null ? null : formatCount(totals.activeAtEnd)}
            />
          </div>
          {quiet && <p className="ad-table-note">No plays, sign-ups or payments in this period yet.</p>}

          <div className="an-grid">
            <Panel title="Plays and watch time" wide>
              <PartView part={data.viewing} status={status}>
                {() => <ChartCanvas config={charts.viewing} label="Plays and hours watched per day" />}
              </PartView>
            </Panel>
            <Panel title="New viewers">
              <PartView part={data.signUps} status={status}>
                {() => <ChartCanvas config={charts.signUps} label="New viewers per day" />}
              </PartView>
            </Panel>
            <Panel title="Revenue">
              <PartView part={data.billing} status={status}>
                {() => <ChartCanvas config={charts.revenue} label="Revenue in rupees per day" />}
              </PartView>
            </Panel>
            <Panel title="Active subscriptions by plan" wide>
              <PartView part={data.billing} status={status}>
                {() => (
                  <ChartCanvas
                    config={charts.subscriptions}
                    label="Running subscriptions per plan, per day"
                  />
                )}
              </PartView>
            </Panel>
            <Panel title="Plays by plan">
              <PartView part={data.viewing} status={status}>
                {() =>
                  charts.byPlan && <ChartCanvas config={charts.byPlan} label="Plays of the period per plan" />
                }
              </PartView>
            </Panel>
            <Panel title="Plays by language">
              <PartView part={data.viewing} status={status}>
                {() =>
                  charts.byLanguage && (
                    <ChartCanvas config={charts.byLanguage} label="Plays of the period per language" />
                  )
                }
              </PartView>
            </Panel>
          </div>

          <Panel title="Top titles" wide>
            <div className="an-filters">
              <FilterSelect<Language | ''>
                label="Language"
                value={view.language}
                options={[
                  { value: '', label: 'All languages' },
                  ...LANGUAGES.map((language) => ({ value: language, label: language })),
                ]}
                onChange={(language) => change({ language })}
              />
              <FilterSelect<PlanOrNone | ''>
                label="Plan"
                value={view.plan}
                options={[
                  { value: '', label: 'All viewers' },
                  ...PLAN_FILTERS.map((plan) => ({ value: plan, label: PLAN_NAMES[plan] })),
                ]}
                onChange={(plan) => change({ plan })}
              />
            </div>
            <PartView part={data.viewing} status={status}>
              {(viewing) => (
                <div className="an-tops">
                  <TopTitles caption="By plays" titles={viewing.topTitles.byPlays} />
                  <TopTitles caption="By watch time" titles={viewing.topTitles.byWatchTime} />
                </div>
              )}
            </PartView>
          </Panel>

          <DailyTable rows={rows} />
        </>
      )}
    </section>
  );
}
