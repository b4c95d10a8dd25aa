import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../app/api';
import { LANGUAGES, type LanguageName, languageFromSlug } from '../app/languages';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { heroMovie, homeRails } from '../catalog/catalog-rules';
import type { HomeContent } from '../catalog/types';
import { FeatureHero } from '../components/FeatureHero';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { EmptyState, ErrorLine } from '../components/LoadStatus';
import { Rail } from '../components/Rail';
import { ContinueWatchingRail } from '../playback/ContinueWatchingRail';
import '../styles/player.css';

/** Shown before the catalogue answers, or when it has nothing for the chosen language. */
function IntroHero() {
  return (
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
  );
}

function RailSkeletons() {
  return (
    <div className="vw-skeletons" role="status" aria-live="polite">
      <span className="visually-hidden">Loading...</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="vw-skeleton-rail" aria-hidden="true">
          <span className="vw-skeleton vw-skeleton--heading" />
          <div className="vw-skeleton-rail__track">
            {[0, 1, 2, 3, 4, 5, 6].map((i) => (
              <span key={i} className="vw-skeleton vw-skeleton--poster" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** SPEC §2.1 home: a hero banner and rails of titles grouped by genre, for the chosen language. */
export function Home() {
  useDocumentTitle('');
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const language = languageFromSlug(params.get('language') ?? undefined);

  const content = useLoader(
    (signal) =>
      api.get('home/content', { searchParams: language ? { language } : {}, signal }).json<HomeContent>(),
    [api, language],
  );
  const rails = useMemo(() => homeRails(content.data), [content.data]);
  const hero = heroMovie(rails);

  function chooseLanguage(next: LanguageName | null) {
    setParams(next ? { language: next } : {}, { replace: true, preventScrollReset: true });
  }

  const firstLoad = content.data === null && (content.status === 'loading' || content.status === 'idle');

  return (
    <div className="vw-home">
      {hero ? (
        <FeatureHero movie={hero} />
      ) : firstLoad ? (
        <div className="vw-feature vw-feature--placeholder" />
      ) : (
        <IntroHero />
      )}

      <div className="vw-home__catalogue" aria-busy={content.status === 'loading'}>
        <div className="vw-home__bar">
          <h2 className="vw-home__bar-title">{language ? `In ${language}` : 'Browse by genre'}</h2>
          <LanguageSwitcher value={language} onChange={chooseLanguage} />
        </div>

        {content.status === 'error' && <ErrorLine message={content.error} onRetry={content.reload} />}
        {firstLoad && <RailSkeletons />}
        {content.status === 'success' && rails.length === 0 && (
          <EmptyState
            title="No data found"
            text={language ? `There are no ${language} titles yet. Try another language.` : undefined}
          />
        )}
        <ContinueWatchingRail />
        <div className={content.status === 'loading' ? 'vw-rails vw-rails--stale' : 'vw-rails'}>
          {rails.map((rail, index) => (
            <Rail key={rail.genre} rail={rail} priority={index === 0} />
          ))}
        </div>
      </div>
    </div>
  );
}
