import { useEffect, useMemo, useReducer, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useApi } from '../app/api';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import type { Category } from '../catalog/catalog-lists';
import { castLine } from '../catalog/catalog-rules';
import {
  episodePath,
  type EpisodeNavigationState,
  groupBySeries,
  groupOf,
  wantsAutoplay,
} from '../catalog/episode-groups';
import type { CategoryEpisodes, Episode } from '../catalog/types';
import { ErrorLine, LoadingLine } from '../components/LoadStatus';
import { SmartImage } from '../components/SmartImage';
import { PlayAction } from '../components/PlayAction';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { NextEpisodeCard } from '../playback/NextEpisodeCard';
import { PlaybackProblem } from '../playback/PlaybackProblem';
import { Player } from '../playback/Player';
import { AUTOPLAY_WAITING, autoplayCard, nextEpisode } from '../playback/playback-rules';
import { usePlayback } from '../playback/use-playback';
import { MyListButton } from '../my-list/MyListButton';
import { MoreLikeThis } from '../sharing/MoreLikeThis';
import { HERO_IMAGE_SIZES } from '../catalog/image-sizes';

const PLAY: EpisodeNavigationState = { autoplay: true };

/** The episode, its series' other episodes, and the player (a view per episode: nothing carries over). */
function EpisodeView({
  category,
  episode,
  answer,
}: {
  category: Category;
  episode: Episode;
  answer: CategoryEpisodes;
}) {
  const { t } = useViewerTranslation();
  const { releaseDate, runTime } = useFormats();
  const location = useLocation();
  const navigate = useNavigate();
  const { playing, problem, starting, play, stop, playButton } = usePlayback();
  const [ended, setEnded] = useState(false);
  const [card, updateCard] = useReducer(autoplayCard, AUTOPLAY_WAITING);
  const group = groupOf(groupBySeries(answer), episode._id);
  const next = nextEpisode(answer.episodes, episode._id);
  const heading = t('episode.heading', { number: episode.episodeNumber, title: episode.title });
  const headingOf = (e: Episode) => t('episode.heading', { number: e.episodeNumber, title: e.title });
  useDocumentTitle(heading);
  // The next episode takes this one's place in the history: Back from it returns to this page.
  const playNext = (e: Episode) => void navigate(episodePath(category, e), { state: PLAY, replace: true });

  // Watch Now, Play and Next come here to play at once.
  const autoplay = wantsAutoplay(location.state);
  useEffect(() => {
    if (!autoplay) return;
    // Once: coming Back to this page later shows the episode without playing it again.
    void navigate(`${location.pathname}${location.search}`, {
      replace: true,
      state: { ...(location.state as object), autoplay: false },
    });
    if (episode.playable) void play('episode', episode._id);
    // Once per episode page: the view is keyed by the episode.
  }, []);

  return (
    <article className="vw-title vw-episode-page">
      {playing ? (
        // The player takes the hero's place, at the top where the viewer looks.
        <div className="vw-stage">
          <Player
            stream={playing.stream}
            title={heading}
            kind="episode"
            titleId={episode._id}
            poster={episode.bannerUrl}
            startAt={playing.startAt}
            onClose={stop}
            onEnded={() => setEnded(true)}
            onProgress={(positionSeconds, durationSeconds) =>
              updateCard({
                type: 'progress',
                positionSeconds,
                durationSeconds,
                now: Date.now(),
                creditsStartSeconds: playing.stream.markers.credits?.startSeconds,
              })
            }
            overlay={
              next &&
              card.phase === 'counting' && (
                <NextEpisodeCard
                  heading={headingOf(next)}
                  deadline={card.deadline}
                  onPlayNow={() => playNext(next)}
                  onCancel={() => updateCard({ type: 'cancel' })}
                />
              )
            }
          />
        </div>
      ) : (
        <div className="vw-title__art" aria-hidden="true">
          <SmartImage
            src={episode.bannerUrl}
            alt=""
            width={1920}
            height={820}
            sizes={HERO_IMAGE_SIZES}
            priority
            className="vw-title__banner"
            fallback={
              <span className={`vw-category__banner-fallback vw-category__banner-fallback--${category}`} />
            }
          />
        </div>
      )}
      <div className="vw-title__content">
        <Link className="vw-back" to={`/${category}`}>
          <span aria-hidden="true">←</span>{' '}
          {t('episode.backTo', { category: t(`category.${category}.title`) })}
        </Link>
        <div className="vw-episode-page__main">
          {group?.title && <p className="vw-eyebrow">{t('episode.inSeries', { series: group.title })}</p>}
          <h1 className="vw-title__heading vw-episode-page__heading">{heading}</h1>
          <ul className="vw-facts" aria-label={t('title.aboutTitle')}>
            <li>
              <span className="vw-badge vw-badge--rating" title={t('common.rating')}>
                {episode.rating}
              </span>
            </li>
            <li>
              <time dateTime={episode.releaseDate}>{releaseDate(episode.releaseDate)}</time>
            </li>
            <li>{runTime(episode.duration)}</li>
          </ul>
          <p className="vw-title__text">{episode.description}</p>
          <div className="vw-feature__actions">
            <PlayAction
              playable={episode.playable}
              label={t('title.play')}
              buttonRef={playButton}
              onPlay={() => {
                setEnded(false);
                updateCard({ type: 'reset' });
                void play('episode', episode._id);
              }}
              disabled={starting}
            />
            <MyListButton titleId={episode._id} title={episode.title} />
          </div>
          {problem && <PlaybackProblem problem={problem} />}
          {ended && next && card.phase === 'cancelled' && (
            <p className="vw-category__next">
              <button type="button" className="button button--primary" onClick={() => playNext(next)}>
                {t('episode.next', { episode: headingOf(next) })}
              </button>
            </p>
          )}
          {episode.cast.length > 0 && (
            <dl className="vw-title__details">
              <div>
                <dt>{t('title.cast')}</dt>
                <dd>{castLine(episode.cast)}</dd>
              </div>
            </dl>
          )}
        </div>

        {group && group.episodes.length > 1 && (
          <nav className="vw-episode-page__list" aria-labelledby="vw-series-episodes">
            <h2 id="vw-series-episodes" className="vw-series__title">
              {group.title ?? t('category.singleEpisodes')}
            </h2>
            <ol className="vw-episode-links">
              {group.episodes.map((e) => (
                <li key={e._id}>
                  <Link
                    className="vw-episode-links__link"
                    to={episodePath(category, e)}
                    state={PLAY}
                    aria-current={e._id === episode._id ? 'page' : undefined}
                  >
                    {headingOf(e)}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
        )}
        {/* Films like its series; an episode without a series has none. */}
        {episode.seriesId && <MoreLikeThis route={`series/episodes/${episode._id}/more-like-this`} />}
      </div>
    </article>
  );
}

/**
 * An episode's own page (issue 11): `/{category}/episode/{id}`, opened by Watch Now and by each episode
 * of a category page, and playing at once when they ask. The end of one offers the next of its series.
 */
export function EpisodePage({ category }: { category: Category }) {
  const { t } = useViewerTranslation();
  const episodeId = useParams().episodeId ?? '';
  const api = useApi();
  const result = useLoader(
    (signal) => api.get(`series/category/${category}/episodes`, { signal }).json<CategoryEpisodes>(),
    [api, category],
  );
  const episode = useMemo(
    () => result.data?.episodes.find((e) => e._id === episodeId),
    [result.data, episodeId],
  );

  if (result.data && episode)
    return <EpisodeView key={episode._id} category={category} episode={episode} answer={result.data} />;
  return (
    <section className="vw-page">
      {result.status === 'error' && <ErrorLine message={result.error} onRetry={result.reload} />}
      {result.status === 'success' && (
        <>
          <h1 className="vw-page__title">{t('episode.notFound')}</h1>
          <Link className="button button--ghost" to={`/${category}`}>
            {t('episode.backTo', { category: t(`category.${category}.title`) })}
          </Link>
        </>
      )}
      {(result.status === 'loading' || result.status === 'idle') && <LoadingLine />}
    </section>
  );
}
