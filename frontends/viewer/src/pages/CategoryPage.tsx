import { useRef, useState } from 'react';
import { useApi } from '../app/api';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import type { Category } from '../catalog/catalog-lists';
import { castLine, categoryCast, episodeHeading, formatReleaseDate } from '../catalog/catalog-rules';
import { CATEGORY_PAGES } from '../catalog/categories';
import type { CategoryEpisodes, Episode } from '../catalog/types';
import { SmartImage } from '../components/SmartImage';
import { PlaybackProblem } from '../playback/PlaybackProblem';
import { Player } from '../playback/Player';
import { nextEpisode } from '../playback/playback-rules';
import { usePlayback } from '../playback/use-playback';

type Tab = 'episodes' | 'info';

function EpisodeItem({ episode, onPlay }: { episode: Episode; onPlay(): void }) {
  return (
    <li className="vw-episode" id={`episode-${episode._id}`} tabIndex={-1}>
      <SmartImage
        src={episode.bannerUrl}
        alt=""
        width={320}
        height={180}
        className="vw-episode__banner"
        fallback={<span className="vw-episode__number">{episode.episodeNumber}</span>}
      />
      <div className="vw-episode__body">
        <h3 className="vw-episode__title">{episodeHeading(episode)}</h3>
        <p className="vw-episode__facts">
          <time dateTime={episode.releaseDate}>{formatReleaseDate(episode.releaseDate)}</time>
          <span aria-hidden="true"> · </span>
          <span>{episode.duration}</span>
          <span aria-hidden="true"> · </span>
          <span className="vw-badge vw-badge--rating" title="Rating">
            {episode.rating}
          </span>
        </p>
        <p className="vw-episode__text">{episode.description}</p>
        <button type="button" className="button button--ghost button--small" onClick={onPlay}>
          Play <span className="visually-hidden">{episodeHeading(episode)}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * SPEC §2.11 show-category page: /political, /health, /education. Watch Now plays the first episode,
 * each episode plays on the page, and the end of one offers the next (issue 8).
 */
export function CategoryPage({ category }: { category: Category }) {
  const page = CATEGORY_PAGES[category];
  useDocumentTitle(page.title);
  const api = useApi();
  const [tab, setTab] = useState<Tab>('episodes');
  const list = useRef<HTMLOListElement>(null);

  const result = useLoader(
    (signal) => api.get(`series/category/${category}/episodes`, { signal }).json<CategoryEpisodes>(),
    [api, category],
  );
  const episodes = result.data?.episodes ?? [];
  const first = episodes[0];
  const { playing, problem, play, stop } = usePlayback();
  const current = playing ? episodes.findIndex((e) => e._id === playing.titleId) : -1;
  const next = playing ? nextEpisode(episodes, playing.titleId) : undefined;
  const [ended, setEnded] = useState(false);
  const player = useRef<HTMLDivElement>(null);

  function playEpisode(episode: Episode) {
    setEnded(false);
    void play('episode', episode._id).then(() =>
      requestAnimationFrame(() => player.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })),
    );
  }

  function watchNow() {
    if (first) playEpisode(first);
    setTab('episodes');
    // The episode list is rendered by the tab switch; move to its first entry on the next frame.
    requestAnimationFrame(() => {
      const target = list.current?.querySelector<HTMLElement>('.vw-episode');
      target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      target?.focus({ preventScroll: true });
    });
  }

  return (
    <div className="vw-category">
      <section className="vw-category__hero" aria-labelledby="vw-category-title">
        <div className="vw-category__art" aria-hidden="true">
          <SmartImage
            src={first?.bannerUrl}
            alt=""
            width={1920}
            height={720}
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
              priority
              className="vw-category__logo"
              fallback={<span />}
            />
          )}
          <h1 id="vw-category-title" className="vw-category__title">
            {page.title}
          </h1>
          <p className="vw-category__text">{first?.description ?? page.about}</p>
          <button
            type="button"
            className="button button--primary vw-category__watch"
            onClick={watchNow}
            disabled={!first}
          >
            Watch Now
          </button>
        </div>
      </section>

      <div className="vw-category__panel">
        <div className="vw-tabs" role="tablist" aria-label={page.title}>
          {(
            [
              ['episodes', 'Episodes'],
              ['info', 'More Info'],
            ] as const
          ).map(([id, label]) => (
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
              {label}
            </button>
          ))}
        </div>

        {tab === 'episodes' && (
          <div role="tabpanel" id="vw-tabpanel-episodes" aria-labelledby="vw-tab-episodes">
            {result.status === 'loading' && <p className="vw-status">Loading...</p>}
            {result.status === 'error' && (
              <p className="vw-status vw-status--error" role="alert">
                Error: {result.error}
              </p>
            )}
            <div ref={player}>
              {problem && <PlaybackProblem problem={problem} />}
              {playing && current >= 0 && (
                <Player
                  key={playing.titleId}
                  stream={playing.stream}
                  title={episodeHeading(episodes[current])}
                  kind="episode"
                  titleId={playing.titleId}
                  poster={episodes[current].bannerUrl}
                  startAt={playing.startAt}
                  onClose={stop}
                  onEnded={() => setEnded(true)}
                />
              )}
              {ended && next && (
                <p className="vw-category__next">
                  <button type="button" className="button button--primary" onClick={() => playEpisode(next)}>
                    Next: {episodeHeading(next)}
                  </button>
                </p>
              )}
            </div>
            {result.status === 'success' && episodes.length === 0 && (
              <p className="vw-status">No episodes found.</p>
            )}
            {episodes.length > 0 && (
              <ol className="vw-episodes" ref={list}>
                {episodes.map((episode) => (
                  <EpisodeItem key={episode._id} episode={episode} onPlay={() => playEpisode(episode)} />
                ))}
              </ol>
            )}
          </div>
        )}

        {tab === 'info' && (
          <div role="tabpanel" id="vw-tabpanel-info" aria-labelledby="vw-tab-info" className="vw-info">
            <p className="vw-info__about">{page.about}</p>
            <dl className="vw-info__facts">
              <div>
                <dt>Episodes</dt>
                <dd>{episodes.length}</dd>
              </div>
              {first && (
                <div>
                  <dt>Latest</dt>
                  <dd>
                    {formatReleaseDate(
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
                  <dt>Cast</dt>
                  <dd>{castLine(categoryCast(episodes))}</dd>
                </div>
              )}
              {first && (
                <div>
                  <dt>Ratings</dt>
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
