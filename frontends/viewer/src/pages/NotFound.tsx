import { Link } from 'react-router';
import { useDocumentTitle } from '../app/use-document-title';

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <section className="vw-page vw-soon">
      <p className="vw-404" aria-hidden="true">
        404
      </p>
      <h1 className="vw-page__title">Page not found</h1>
      <p className="vw-soon__text">
        The page you were looking for isn&apos;t here. It may have moved, or the link may be wrong.
      </p>
      <Link className="button button--primary" to="/">
        Go to Home
      </Link>
    </section>
  );
}
