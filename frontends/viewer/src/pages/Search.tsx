import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../app/use-document-title';

/** SPEC §2.11 search page. Search itself arrives with the catalogue, so every term finds nothing yet. */
export function Search() {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  useDocumentTitle(term ? `Results for “${term}”` : 'Search');

  return (
    <section className="vw-page">
      <h1 className="vw-page__title">{term ? <>Results for “{term}”</> : 'Search'}</h1>
      <div className="vw-empty">
        <p className="vw-empty__title">
          {term ? 'No data found' : 'Type a title, an actor or a language in the search box.'}
        </p>
        {term && (
          <p className="vw-empty__text">Try another spelling, or search in English or your language.</p>
        )}
      </div>
    </section>
  );
}
