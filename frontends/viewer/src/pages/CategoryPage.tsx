import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useApi } from '../app/api';
import { useDocumentTitle } from '../app/use-document-title';
import { usePreload } from '../app/lazy-page';
import { EpisodePage } from '../app/pages';
import { useLoader } from '../app/use-loader';
import type { Category } from '../catalog/catalog-lists';
import { castLine, categoryCast } from '../catalog/catalog-rules';
import {
  episodePath,
  type EpisodeGroup,
  type EpisodeNavigationState,
  groupBySeries,
} from '../catalog/episode-groups';
import { seriesAnchor } from '../catalog/search-results';
import type { CategoryEpisodes, Episode } from '../catalog/types';
import { ComingSoon } from '../components/ComingSoon';
import { ErrorLine, LoadingLine } from '../components/LoadStatus';
import { SmartImage } from '../components/SmartImage';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { EPISODE_BANNER_SIZES, HERO_IMAGE_SIZES, LOGO_SIZES } from '../catalog/image-sizes';

type Tab = 'episodes' | 'info';

const PLAY: EpisodeNavigationState = { autoplay: true };

function EpisodeItem({ category, episode }: { category: Category; episode: Episode }) {
  const { t } = useViewerTranslation();
  const { releaseDate, runTime } = useFormats();
  const heading = t('episode.heading', { number: episode.episodeNumber, title: episode.title });
  return (
    <li className="vw-episode" id={`episode-${episode._id}`}>
      <SmartImage
        src={episode.bannerUrl}
        alt=""
        width={320}
        height={180}
        sizes={EPISODE_BANNER_SIZES}
        className="vw-episode__banner"
        fallback={<span className="vw-episode__number">{episode.episodeNumber}</span>}
      />
      <div className="vw-episode__body">
        <h3 className="vw-episode__title">{heading}</h3>
        <p className="vw-episode__facts">
          <time dateTime={episode.releaseDate}>{releaseDate(episode.releaseDate)}</time>
          <span aria-hidden="true"> · </span>
          <span>{runTime(episode.duration)}</span>
          <span aria-hidden="true"> · </span>
          <span className="vw-badge vw-badge--rating" title={t('common.rating')}>
            {episode.rating}
          </span>
        </p>
        <p className="vw-episode__text">{episode.description}</p>
        {episode.playable ? (
          <Link
            className="button button--ghost button--small"
            to={episodePath(category, episode)}
            state={PLAY}
          >
            {t('title.play')} <span className="visually-hidden">{heading}</span>
          </Link>
        ) : (
          <ComingSoon badge />
        )}
      </div>
    </li>
  );
}

/** One series (or the episodes of none) under its heading, its episodes in order. */
function SeriesGroup({ category, group, index }: { category: Category; group: EpisodeGroup; index: number }) {
  const { t } = useViewerTranslation();
  const headingId = `vw-series-${index}`;
  return (
    <section
      className="vw-series"
      id={group.seriesId ? seriesAnchor(group.seriesId) : undefined}
      aria-labelledby={headingId}
    >
      <div className="vw-series__head">
        <h2 id={headingId} className="vw-series__title">
          {group.title ?? t('category.singleEpisodes')}
        </h2>
        <p className="vw-series__count">{t('category.episodeCount', { count: group.episodes.length })}</p>
      </div>
      <ol className="vw-episodes">
        {group.episodes.map((episode) => (
          <EpisodeItem key={episode._id} category={category} episode={episode} />
        ))}
      </ol>
    </section>
  );
}

/**
 * SPEC §2.11 show-category page: /political, /health, /education. Its episodes are grouped by series
 * (issue 11); Watch Now and each episode open the episode's own page, which plays it.
 */
export function CategoryPage({ category }: { category: Category }) {
  const { t } = useViewerTranslation();
  const { releaseDate } = useFormats();
  const title = t(`category.${category}.title`);
  const about = t(`category.${category}.about`);
  useDocumentTitle(title);
  const api = useApi();
  const [tab, setTab] = useState<Tab>('episodes');
  usePreload(EpisodePage);

  const result = useLoader(
    (signal) => api.get(`series/category/${category}/episodes`, { signal }).json<CategoryEpisodes>(),
    [api, category],
  );
  const groups = useMemo(() => groupBySeries(result.data), [result.data]);
  // A series found by search opens here at the series (issue 19), once the episodes are on the page.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash && result.data) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, result.data]);
  const episodes = result.data?.episodes ?? [];
  const first = groups[0]?.episodes[0];

  return (
    <div className="vw-category">
      <section className="vw-category__hero" aria-labelledby="vw-category-title">
        <div className="vw-category__art" aria-hidden="true">
          <SmartImage
            src={first?.bannerUrl}
            alt=""
            width={1920}
            height={720}
            sizes={HERO_IMAGE_SIZES}
            priority
            className="vw-category__banner"
            fallback={
              <span className={`vw-category__banner-fallback vw-category__banner-fallback--${category}`} />
            }
          />
        </div>
        <div className="vw-category__content">
          {first?.titlePngUrl && (
            <SmartImage
              src={first.titlePngUrl}
              alt={first.title}
              width={420}
              height={160}
              sizes={LOGO_SIZES}
              priority
              className="vw-category__logo"
              fallback={<span />}
            />
          )}
          <h1 id="vw-category-title" className="vw-category__title">
            {title}
          </h1>
          <p className="vw-category__text">{first?.description ?? about}</p>
          {first ? (
            <Link
              className="button button--primary vw-category__watch"
              to={episodePath(category, first)}
              state={PLAY}
            >
              {t('category.watchNow')}
            </Link>
          ) : (
            <button type="button" className="button button--primary vw-category__watch" disabled>
              {t('category.watchNow')}
            </button>
          )}
        </div>
      </section>

      <div className="vw-category__panel">
        <div className="vw-tabs" role="tablist" aria-label={title}>
          {(['episodes', 'info'] as const).map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`vw-tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`vw-tabpanel-${id}`}
              className="vw-tabs__tab"
              onClick={() => setTab(id)}
            >
              {id === 'episodes' ? t('category.episodes') : t('category.moreInfo')}
            </button>
          ))}
        </div>

        {tab === 'episodes' && (
          <div role="tabpanel" id="vw-tabpanel-episodes" aria-labelledby="vw-tab-episodes">
            {result.status === 'loading' && <LoadingLine />}
            {result.status === 'error' && <ErrorLine message={result.error} onRetry={result.reload} />}
            {result.status === 'success' && episodes.length === 0 && (
              <p className="vw-status">{t('category.noEpisodes')}</p>
            )}
            {groups.map((group, index) => (
              <SeriesGroup key={group.seriesId ?? 'none'} category={category} group={group} index={index} />
            ))}
          </div>
        )}

        {tab === 'info' && (
          <div role="tabpanel" id="vw-tabpanel-info" aria-labelledby="vw-tab-info" className="vw-info">
            <p className="vw-info__about">{about}</p>
            <dl className="vw-info__facts">
              <div>
                <dt>{t('category.episodes')}</dt>
                <dd>{episodes.length}</dd>
              </div>
              {first && (
                <div>
                  <dt>{t('category.latest')}</dt>
                  <dd>
                    {releaseDate(
                      episodes
                        .map((e) => e.releaseDate)
                        .sort()
                        .at(-1),
                    )}
                  </dd>
                </div>
              )}
              {categoryCast(episodes).length > 0 && (
                <div>
                  <dt>{t('category.cast')}</dt>
                  <dd>{castLine(categoryCast(episodes))}</dd>
                </div>
              )}
              {first && (
                <div>
                  <dt>{t('category.ratings')}</dt>
                  <dd>{[...new Set(episodes.map((e) => e.rating))].join(', ')}</dd>
                </div>
              )}
            </dl>
          </div>
        )}
      </div>
    </div>
  );
}
