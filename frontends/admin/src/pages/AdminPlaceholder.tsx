import { Link } from 'react-router';
import { useDocumentTitle } from '../app/use-document-title';

/** An admin screen that is not built yet: its title and what it will hold. */
export function AdminPlaceholder({ title, text }: { title: string; text: string }) {
  useDocumentTitle(title);
  return (
    <section className="ad-page">
      <header className="ad-page__header">
        <h1 className="ad-page__title">{title}</h1>
      </header>
      <div className="ad-placeholder">
        <p className="ad-placeholder__badge">Coming soon</p>
        <p className="ad-placeholder__text">{text}</p>
      </div>
    </section>
  );
}

export function AdminNotFound() {
  useDocumentTitle('Not found');
  return (
    <section className="ad-page">
      <header className="ad-page__header">
        <h1 className="ad-page__title">Page not found</h1>
      </header>
      <div className="ad-placeholder">
        <p className="ad-placeholder__text">There is no admin page at this address.</p>
        <Link className="button button--primary button--small" to="/admin/dashboard">
          Go to Dashboard
        </Link>
      </div>
    </section>
  );
}
