import { Link } from 'react-router';
import { useDocumentTitle } from '../app/use-document-title';

/** A route whose screen is not built yet: says so plainly, and offers a way on. */
export function ComingSoon({ title, text }: { title: string; text: string }) {
  useDocumentTitle(title);
  return (
    <section className="vw-page vw-soon">
      <p className="vw-eyebrow">Coming soon</p>
      <h1 className="vw-page__title">{title}</h1>
      <p className="vw-soon__text">{text}</p>
      <Link className="button button--ghost" to="/">
        Back to Home
      </Link>
    </section>
  );
}
