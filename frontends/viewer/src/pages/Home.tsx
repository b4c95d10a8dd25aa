import { Fragment, useEffect, useMemo } from 'react';
import { Trans } from 'react-i18next';
import { mediaImageSrcSet } from '@chitram/contracts/web';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { LANGUAGES, type LanguageName, languageFromSlug } from '../app/languages';
import { preloadFromHome } from '../app/pages';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { heroMovie, homeRails, isVideoUrl } from '../catalog/catalog-rules';
import type { HomeContent, Movie } from '../catalog/types';
import { HERO_IMAGE_SIZES } from '../catalog/image-sizes';
import { FeatureHero } from '../components/FeatureHero';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { EmptyState, ErrorLine } from '../components/LoadStatus';
import { Rail } from '../components/Rail';
import { SkeletonRail } from '../components/Skeleton';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { MyListRail } from '../my-list/MyListRail';
import { BecauseYouWatchedRail, TopTodayRail } from '../picks/PickedRails';
import { ContinueWatchingRail } from '../playback/ContinueWatchingRail';
import '../styles/player.css';

/**
 * How many rails the first screen can show below the hero (which takes up to 720px): the first two on
 * a phone or a laptop, up to four on a portrait monitor. Only these render their posters with the page;
 * each poster costs a phone's main thread, and eighty of them in one task held up its first paint (issue 19).
 */
function firstScreenRails(): number {
  return Math.min(4, Math.max(2, Math.ceil(window.innerHeight / 480)));
}

/**
 * Starts the hero's banner, the page's largest picture, as soon as the catalogue says which it is: it
 * then comes in while the rails render, and its <img> finds it loaded (or on its way). The shell's
 * server has usually named it in the page already (libs/web-server/hero-preload.mjs); then nothing is
 * added. The preload asks for the width the <img> will choose (the same srcset and sizes).
 */
function preloadHeroBanner(hero: Movie | null): void {
  if (!hero?.bannerUrl || isVideoUrl(hero.bannerUrl)) return;
  const srcSet = mediaImageSrcSet(hero.bannerUrl);
  const already = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].some(
    (link) => link.getAttribute('href') === hero.bannerUrl || link.getAttribute('imagesrcset') === srcSet,
  );
  if (already) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.fetchPriority = 'high';
  if (srcSet) {
    link.imageSrcset = srcSet;
    link.imageSizes = HERO_IMAGE_SIZES;
  } else {
    link.href = hero.bannerUrl;
  }
  document.head.appendChild(link);
}

/** Shown before the catalogue answers, or when it has nothing for the chosen language. */
function IntroHero() {
  const { t } = useViewerTranslation();
  const { price } = useFormats();
  return (
    <section className="vw-hero" aria-labelledby="vw-hero-title">
      <div className="vw-hero__art" aria-hidden="true">
        <span className="vw-hero__glow vw-hero__glow--one" />
        <span className="vw-hero__glow vw-hero__glow--two" />
        <span className="vw-hero__strip" />
      </div>
      <div className="vw-hero__content">
        <p className="vw-eyebrow">{t('home.introEyebrow')}</p>
        <h1 id="vw-hero-title" className="vw-hero__title">
          <Trans t={t} i18nKey="home.introTitle" components={{ accent: <span className="vw-accent" /> }} />
        </h1>
        <p className="vw-hero__lead">{t('home.introLead', { price: price(99) })}</p>
        <div className="vw-hero__actions">
          <Link className="button button--primary" to="/subscribe">
            {t('home.seePlans')}
          </Link>
          <Link className="button button--ghost" to="/movies">
            {t('home.browseMovies')}
          </Link>
        </div>
        <ul className="vw-language-chips vw-hero__languages" aria-label={t('home.languages')}>
          {LANGUAGES.map((language) => (
            <li key={language.name}>
              <Link className="vw-chip" to={`/languages/${language.name}`}>
                {t(`languages.${language.name}`)}
                {language.native !== t(`languages.${language.name}`) && (
                  <span className="vw-chip__native" lang={language.code} aria-hidden="true">
                    {language.native}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function RailSkeletons() {
  const { t } = useViewerTranslation();
  return (
    <div className="vw-skeletons" role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      {[0, 1, 2].map((row) => (
        <SkeletonRail key={row} />
      ))}
    </div>
  );
}

/** SPEC §2.1 home: a hero banner and rails of titles grouped by genre, for the chosen language. */
export function Home() {
  const { t } = useViewerTranslation();
  useDocumentTitle('');
  const api = useApi();
  const host = useHost();
  const [params, setParams] = useSearchParams();
  const language = languageFromSlug(params.get('language') ?? undefined);

  const content = useLoader(
    (signal) => {
      const searchParams: Record<string, string> = language ? { language } : {};
      // On a first visit the shell has asked for it already, as the page opened.
      return host
        .answerEarly('home/content', searchParams, () =>
          api.get('home/content', { searchParams, signal }).json<HomeContent>(),
        )
        .then((answer) => {
          preloadHeroBanner(heroMovie(homeRails(answer)));
          return answer;
        });
    },
    [api, host, language],
  );
  const rails = useMemo(() => homeRails(content.data), [content.data]);
  const hero = heroMovie(rails);
  // The first screen's rails render their posters at once; the rest draw their heads, and their
  // posters once scrolled near (Rail.tsx): the hero and the first titles are not held up by fourteen rails.
  const firstScreen = firstScreenRails();

  function chooseLanguage(next: LanguageName | null) {
    setParams(next ? { language: next } : {}, { replace: true, preventScrollReset: true });
  }

  // Once the rails are up, the pages a visitor most likely opens next load in the background.
  const railsShown = content.status === 'success';
  useEffect(() => (railsShown ? preloadFromHome() : undefined), [railsShown]);

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
          <h2 className="vw-home__bar-title">
            {language
              ? t('home.inLanguage', { language: t(`languages.${language}`) })
              : t('home.browseByGenre')}
          </h2>
          <LanguageSwitcher value={language} onChange={chooseLanguage} />
        </div>

        {content.status === 'error' && <ErrorLine message={content.error} onRetry={content.reload} />}
        {firstLoad && <RailSkeletons />}
        {content.status === 'success' && rails.length === 0 && (
          <EmptyState
            title={t('common.noData')}
            text={language ? t('home.noTitlesIn', { language: t(`languages.${language}`) }) : undefined}
          />
        )}
        <ContinueWatchingRail />
        <MyListRail />
        <div className={content.status === 'loading' ? 'vw-rails vw-rails--stale' : 'vw-rails'}>
          {rails.map((rail, index) => (
            <Fragment key={rail.genre}>
              <Rail rail={rail} priority={index === 0} firstScreen={index < firstScreen} />
              {/* The picked rows (issue 22) below the first genre: below the first screen, where their
                  arrival moves nothing the viewer sees. */}
              {index === 0 && (
                <>
                  <BecauseYouWatchedRail />
                  <TopTodayRail language={language} />
                </>
              )}
            </Fragment>
          ))}
        </div>
      </div>
    </div>
  );
}
