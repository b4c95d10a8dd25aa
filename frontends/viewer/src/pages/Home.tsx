import { Link } from 'react-router';
import { LANGUAGES } from '../app/languages';
import { useDocumentTitle } from '../app/use-document-title';

/** SPEC §2.1 home. The genre rails arrive with the catalogue; until then a hero and an honest note. */
export function Home() {
  useDocumentTitle('');
  return (
    <div className="vw-home">
      <section className="vw-hero" aria-labelledby="vw-hero-title">
        <div className="vw-hero__art" aria-hidden="true">
          <span className="vw-hero__glow vw-hero__glow--one" />
          <span className="vw-hero__glow vw-hero__glow--two" />
          <span className="vw-hero__strip" />
        </div>
        <div className="vw-hero__content">
          <p className="vw-eyebrow">Films and series in eight Indian languages</p>
          <h1 id="vw-hero-title" className="vw-hero__title">
            Stories in your <span className="vw-accent">language</span>
          </h1>
          <p className="vw-hero__lead">
            Blockbusters and quiet gems, political series, health and fitness and learning: in Telugu, Tamil,
            Hindi, Malayalam, Kannada, Bengali, Bhojpuri and English. Plans from ₹99, no auto-renewal.
          </p>
          <div className="vw-hero__actions">
            <Link className="button button--primary" to="/subscribe">
              See plans
            </Link>
            <Link className="button button--ghost" to="/movies">
              Browse movies
            </Link>
          </div>
          <ul className="vw-language-chips vw-hero__languages" aria-label="Languages">
            {LANGUAGES.map((language) => (
              <li key={language.name}>
                <Link className="vw-chip" to={`/languages/${language.name}`} title={language.native}>
                  {language.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="vw-note" aria-live="polite">
        <span className="vw-note__pulse" aria-hidden="true" />
        <div>
          <h2 className="vw-note__title">The catalogue is on its way</h2>
          <p className="vw-note__text">
            New titles are being added to Chitram. Rows of films and series, grouped by genre in your
            language, will appear right here.
          </p>
        </div>
      </section>
    </div>
  );
}
