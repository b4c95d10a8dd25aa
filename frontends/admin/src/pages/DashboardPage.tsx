import { Link } from 'react-router';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import '../styles/admin-dashboard.css';

/** What the dashboard will show once the back-office issue lands (DECISIONS D13). */
const COMING = [
  'Viewers and new sign-ups',
  'Active subscribers by plan',
  'Revenue today, over 30 days and all time',
  'Movies, series and episodes',
  'The latest payments',
];

/** /admin/dashboard (SPEC §2.13): for now, who is signed in and what the page will hold. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { useSession } = useHost();
  const email = useSession((s) => s.admin?.email ?? '');

  return (
    <section className="ad-page">
      <header className="ad-page__header">
        <h1 className="ad-page__title">Dashboard</h1>
      </header>
      <div className="ad-welcome">
        <span className="ad-welcome__avatar" aria-hidden="true">
          {(email[0] ?? 'A').toUpperCase()}
        </span>
        <div>
          <p className="ad-welcome__label">Signed in as</p>
          <p className="ad-welcome__email">{email || 'an administrator'}</p>
        </div>
      </div>
      <div className="ad-placeholder">
        <p className="ad-placeholder__badge">Coming soon</p>
        <p className="ad-placeholder__text">The figures of the back office will appear here:</p>
        <ul className="ad-welcome__list">
          {COMING.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <Link className="button button--primary button--small" to="/admin/movies">
          Manage movies
        </Link>
      </div>
    </section>
  );
}
