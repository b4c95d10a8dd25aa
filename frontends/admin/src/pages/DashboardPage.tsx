import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { useMayUse } from '../app/admin-role';
import { useDocumentTitle } from '../app/use-document-title';
import { counted, formatCount, formatDateTime, formatWatchTime } from '../back-office/display-rules';
import { endpoints, viewerPagePath } from '../back-office/endpoints';
import { PartView } from '../back-office/PartView';
import {
  BackOfficeMessages,
  formatRupees,
  type AdminDashboardAnswer,
  type ProfileFigures,
  type ServicePart,
} from '../back-office/types';
import { useResource } from '../components/use-resource';
import '../styles/admin-back-office.css';
import '../styles/admin-dashboard.css';

type LoadStatus = 'loading' | 'success' | 'error';

// The chart comes with the charting library, loaded after the figures so they show at once.
const ViewingChart = lazy(() =>
  import('../analytics/ViewingChart').then((m) => ({ default: m.ViewingChart })),
);

/** A tile or list of the dashboard: a titled region holding one service's part. */
function Panel<T>({
  title,
  part,
  status,
  wide = false,
  children,
}: {
  title: string;
  part: ServicePart<T> | undefined;
  status: LoadStatus;
  wide?: boolean;
  children(value: T): ReactNode;
}) {
  const id = useId();
  const unavailable = part?.available === false;
  return (
    <section
      className={`ad-tile${wide ? ' ad-tile--wide' : ''}${unavailable ? ' ad-tile--unavailable' : ''}`}
      aria-labelledby={id}
      aria-busy={status === 'loading'}
    >
      <h2 id={id} className="ad-tile__title">
        {title}
      </h2>
      <PartView part={part} status={status}>
        {children}
      </PartView>
    </section>
  );
}

/** Label and figure rows inside a tile. */
function Figures({ rows }: { rows: Array<[label: string, value: ReactNode, tone?: 'danger']> }) {
  return (
    <dl className="ad-figures">
      {rows.map(([label, value, tone]) => (
        <div key={label} className={tone ? `ad-figures__row ad-figures__row--${tone}` : 'ad-figures__row'}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `1.4 profiles per account`: the mean over the accounts that have profiles (every account has one). */
function perAccount({ total, accountsByProfiles }: ProfileFigures): string {
  const accounts = accountsByProfiles.reduce((sum, row) => sum + row.accounts, 0);
  if (accounts === 0) return 'No accounts yet';
  const mean = (total / accounts).toLocaleString('en-IN', { maximumFractionDigits: 1 });
  return `${mean} ${total === accounts ? 'profile' : 'profiles'} per account`;
}

/**
 * /admin/dashboard (SPEC §2.13, DECISIONS D13): viewers and their profiles per account, subscribers,
 * revenue, titles, plays and watch time (today, 30 days, and a chart of the 30 days), latest payments and sign-ups; numbers masked.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const dashboard = useResource<AdminDashboardAnswer>(endpoints.dashboard);
  const data = dashboard.data?.data;
  const status = dashboard.status;
  // Money is for the owner and finance (issue 20): the gateway leaves it out for other roles.
  const money = useMayUse('finance');

  return (
    <section className="ad-page">
      <header className="ad-page__header ad-page__header--row">
        <div>
          <h1 className="ad-page__title">Dashboard</h1>
          <p className="ad-page__subtitle">
            {data ? `Figures as of ${formatDateTime(data.at)}` : 'Loading...'}
          </p>
        </div>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={dashboard.reload}
          disabled={status === 'loading'}
        >
          {status === 'loading' && data ? 'Refreshing…' : 'Refresh'}
        </button>
      </header>

      {status === 'error' && (
        <div className="ad-table-note ad-table-note--error ad-error-banner" role="alert">
          Error: {dashboard.error}
          <button type="button" className="button button--ghost button--small" onClick={dashboard.reload}>
            Try again
          </button>
        </div>
      )}
      {dashboard.data && dashboard.data.message !== BackOfficeMessages.dashboardLoaded && (
        <p className="ad-notice" role="status">
          {dashboard.data.message}
        </p>
      )}

      <div className="ad-tiles">
        <Panel title="Viewers" part={data?.users} status={status}>
          {(users) => (
            <>
              <p className="ad-tile__value">{formatCount(users.total)}</p>
              <p className="ad-tile__sub">{formatCount(users.newThisWeek)} new in the last 7 days</p>
            </>
          )}
        </Panel>
        <Panel title="Profiles" part={data?.users} status={status}>
          {({ profiles }) => (
            <>
              <p className="ad-tile__value">{formatCount(profiles.total)}</p>
              <p className="ad-tile__sub">{perAccount(profiles)}</p>
              <Figures
                rows={[
                  ...profiles.accountsByProfiles.map(({ profiles: n, accounts }): [string, string] => [
                    `Accounts with ${counted(n, 'profile')}`,
                    formatCount(accounts),
                  ]),
                  ['Kids profiles', formatCount(profiles.kids)],
                ]}
              />
            </>
          )}
        </Panel>
        {money && (
          <>
            <Panel title="Active subscribers" part={data?.billing} status={status}>
              {(billing) => (
                <>
                  <p className="ad-tile__value">{formatCount(billing.activeSubscribers.total)}</p>
                  <Figures
                    rows={billing.activeSubscribers.byPlan.map((plan) => [
                      plan.planName,
                      formatCount(plan.subscribers),
                    ])}
                  />
                </>
              )}
            </Panel>
            <Panel title="Revenue" part={data?.billing} status={status}>
              {(billing) => (
                <>
                  <p className="ad-tile__value">{formatRupees(billing.revenue.today)}</p>
                  <p className="ad-tile__sub">today (India)</p>
                  <Figures
                    rows={[
                      ['Last 30 days', formatRupees(billing.revenue.last30Days)],
                      ['All time', formatRupees(billing.revenue.allTime)],
                    ]}
                  />
                </>
              )}
            </Panel>
          </>
        )}
        <Panel title="Titles" part={data?.catalog} status={status}>
          {(catalog) => (
            <>
              <p className="ad-tile__value">{formatCount(catalog.movies)}</p>
              <p className="ad-tile__sub">{catalog.movies === 1 ? 'movie' : 'movies'}</p>
              <Figures
                rows={[
                  ['Series', formatCount(catalog.series)],
                  ['Episodes', formatCount(catalog.episodes)],
                  ['Videos transcoding', formatCount(catalog.videos.transcoding)],
                  [
                    'Videos failed',
                    formatCount(catalog.videos.failed),
                    catalog.videos.failed > 0 ? 'danger' : undefined,
                  ],
                ]}
              />
            </>
          )}
        </Panel>
      </div>

      <div className="ad-dash-viewing">
        <Panel title="Plays" part={data?.catalog} status={status}>
          {({ viewing }) => (
            <>
              <p className="ad-tile__value">{formatCount(viewing.today.plays)}</p>
              <p className="ad-tile__sub">today (India)</p>
              <Figures rows={[['Last 30 days', formatCount(viewing.last30Days.plays)]]} />
            </>
          )}
        </Panel>
        <Panel title="Watch time" part={data?.catalog} status={status}>
          {({ viewing }) => (
            <>
              <p className="ad-tile__value">{formatWatchTime(viewing.today.watchSeconds)}</p>
              <p className="ad-tile__sub">today (India)</p>
              <Figures rows={[['Last 30 days', formatWatchTime(viewing.last30Days.watchSeconds)]]} />
            </>
          )}
        </Panel>
        <Panel title="Plays and watch time, last 30 days" part={data?.catalog} status={status} wide>
          {({ viewing }) => (
            <Suspense fallback={<div className="an-chart" aria-hidden="true" />}>
              <ViewingChart days={viewing.days} />
            </Suspense>
          )}
        </Panel>
      </div>

      <div className="ad-dash-lists">
        {money && (
          <Panel title="Latest payments" part={data?.billing} status={status} wide>
            {(billing) =>
              billing.latestPayments.length === 0 ? (
                <p className="ad-part-note">No payments yet.</p>
              ) : (
                <ul className="ad-activity">
                  {billing.latestPayments.map((payment) => (
                    <li key={payment._id} className="ad-activity__item">
                      <span className="ad-activity__main">
                        <strong>{formatRupees(payment.amount)}</strong> {payment.planName}
                        {payment.refundDue && <span className="ad-pill ad-pill--warn">Refund due</span>}
                      </span>
                      <span className="ad-activity__who">
                        {payment.viewerId ? (
                          <Link className="ad-link" to={viewerPagePath(payment.viewerId)}>
                            {payment.maskedPhoneNumber ?? 'Viewer'}
                          </Link>
                        ) : (
                          'Deleted account'
                        )}
                      </span>
                      <time className="ad-activity__when" dateTime={payment.at}>
                        {formatDateTime(payment.at)}
                      </time>
                    </li>
                  ))}
                </ul>
              )
            }
          </Panel>
        )}
        <Panel title="Latest sign-ups" part={data?.users} status={status} wide>
          {(users) =>
            users.latestSignUps.length === 0 ? (
              <p className="ad-part-note">No viewers yet.</p>
            ) : (
              <ul className="ad-activity">
                {users.latestSignUps.map((viewer) => (
                  <li key={viewer._id} className="ad-activity__item">
                    <span className="ad-activity__main">
                      <Link className="ad-link" to={viewerPagePath(viewer._id)}>
                        {viewer.maskedPhoneNumber}
                      </Link>
                    </span>
                    <time className="ad-activity__when" dateTime={viewer.createdAt}>
                      {formatDateTime(viewer.createdAt)}
                    </time>
                  </li>
                ))}
              </ul>
            )
          }
        </Panel>
      </div>
      {data?.users.available && (
        <p className="ad-page__subtitle ad-dash-foot">
          {counted(data.users.total, 'viewer')} in all.{' '}
          <Link className="ad-link" to="/admin/users">
            Find a viewer
          </Link>
        </p>
      )}
    </section>
  );
}
