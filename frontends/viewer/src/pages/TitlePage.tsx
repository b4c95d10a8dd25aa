import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { genreSlug } from '../catalog/catalog-lists';
import { castLine } from '../catalog/catalog-rules';
import type { Movie, MovieMeta } from '../catalog/types';
import { TitleFacts, TitleLogo } from '../components/FeatureHero';
import { ErrorLine, LoadingLine } from '../components/LoadStatus';
import type { TitleNavigationState } from '../components/PosterCard';
import { SmartImage } from '../components/SmartImage';
import { PlayAction } from '../components/PlayAction';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { Player } from '../playback/Player';
import { HeroTrailerControls, HeroTrailerVideo, useHeroTrailer } from '../playback/HeroTrailer';
import { PlaybackProblem } from '../playback/PlaybackProblem';
import { usePlayback } from '../playback/use-playback';
import { MoreLikeThis } from '../sharing/MoreLikeThis';
import { MyListButton } from '../my-list/MyListButton';
import { ShareButton } from '../sharing/ShareButton';
import { HERO_IMAGE_SIZES, TITLE_POSTER_SIZES } from '../catalog/image-sizes';

function handedMovie(state: unknown, slug: string): Movie | null {
  const movie = (state as Partial<TitleNavigationState> | null)?.movie;
  return movie && movie.slug === slug ? movie : null;
}

/**
 * DECISIONS D10: `/movie/{slug}/play`. A title handed over by the page before shows at once; the slug
 * is always resolved through the API, so a refresh or a shared link works. Play asks for the stream and
 * opens the player on the page.
 */
export function TitlePage() {
  const slug = useParams().slug ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const { playing, problem, starting, play, stop, playButton } = usePlayback();
  const api = useApi();
  const { t } = useViewerTranslation();
  const { runTime, year } = useFormats();

  const host = useHost();
  // Opened from its address, the shell has asked for the title already, as the page opened.
  const result = useLoader(
    (signal) =>
      host.answerEarly(`movie/${encodeURIComponent(slug)}`, {}, () =>
        api.get(`movie/${encodeURIComponent(slug)}`, { signal }).json<MovieMeta>(),
      ),
    [api, host, slug],
  );
  const movie = result.data?.meta ?? handedMovie(location.state, slug);
  // D45: the trailer plays muted over the hero picture, and stops for good once Play is pressed.
  const trailer = useHeroTrailer(slug, Boolean(playing) || starting);
  useDocumentTitle(movie?.title ?? t('title.documentTitle'));

  function back() {
    // Back to where the visitor came from; a shared link opened directly goes home instead.
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/');
  }

  if (!movie) {
    return (
      <section className="vw-page">
        {result.status === 'error' ? (
          <>
            <h1 className="vw-page__title">{t('title.notAvailable')}</h1>
            <ErrorLine message={result.error} onRetry={result.reload} />
            <Link className="button button--ghost" to="/">
              {t('common.goHome')}
            </Link>
          </>
        ) : (
          <LoadingLine />
        )}
      </section>
    );
  }

  return (
    <article className="vw-title">
      {playing ? (
        // The player takes the hero's place, at the top where the viewer looks.
        <div className="vw-stage">
          <Player
            stream={playing.stream}
            title={movie.title}
            kind="movie"
            titleId={movie._id}
            poster={movie.bannerUrl}
            startAt={playing.startAt}
            onClose={stop}
            titleLanguage={movie.language}
          />
        </div>
      ) : (
        <div className="vw-title__art" aria-hidden="true">
          <SmartImage
            src={movie.bannerUrl}
            alt=""
            width={1920}
            height={820}
            sizes={HERO_IMAGE_SIZES}
            priority
            allowVideo
            className="vw-title__banner"
            fallback={<span className="vw-feature__banner-fallback" />}
          />
          <HeroTrailerVideo trailer={trailer} />
        </div>
      )}
      {!playing && <HeroTrailerControls trailer={trailer} />}
      <div className="vw-title__content">
        <button type="button" className="vw-back" onClick={back}>
          <span aria-hidden="true">←</span> {t('common.back')}
        </button>
        <div className="vw-title__layout">
          <SmartImage
            src={movie.thumbnailUrl}
            alt={t('title.poster', { title: movie.title })}
            width={240}
            height={360}
            sizes={TITLE_POSTER_SIZES}
            priority
            className="vw-title__poster"
          />
          <div className="vw-title__main">
            <h1 className="vw-title__heading">
              <TitleLogo movie={movie} />
            </h1>
            <TitleFacts movie={movie} />
            <p className="vw-title__text">{movie.description}</p>
            <div className="vw-feature__actions">
              <PlayAction
                playable={movie.playable}
                label={t('title.play')}
                buttonRef={playButton}
                onPlay={() => void play('movie', movie._id)}
                disabled={starting}
              />
              {movie.trailerUrl && (
                <a className="button button--ghost" href={movie.trailerUrl} target="_blank" rel="noreferrer">
                  {t('title.watchTrailer')}
                </a>
              )}
              <MyListButton titleId={movie._id} title={movie.title} />
              <ShareButton slug={movie.slug} title={movie.title} />
            </div>
            {problem && <PlaybackProblem problem={problem} />}
            <dl className="vw-title__details">
              <div>
                <dt>{t('title.cast')}</dt>
                <dd>{castLine(movie.cast)}</dd>
              </div>
              <div>
                <dt>{t('title.genres')}</dt>
                <dd className="vw-title__genres">
                  {movie.genre.map((g) => (
                    <Link key={g} className="vw-chip vw-chip--small" to={`/${genreSlug(g)}`}>
                      {t(`genres.${g}`)}
                    </Link>
                  ))}
                </dd>
              </div>
              <div>
                <dt>{t('title.language')}</dt>
                <dd>
                  <Link className="vw-title__link" to={`/languages/${movie.language}`}>
                    {t(`languages.${movie.language}`)}
                  </Link>
                </dd>
              </div>
              <div>
                <dt>{t('title.rating')}</dt>
                <dd>{movie.rating}</dd>
              </div>
              <div>
                <dt>{t('title.year')}</dt>
                <dd>{year(movie.releaseYear)}</dd>
              </div>
              <div>
                <dt>{t('title.duration')}</dt>
                <dd>{runTime(movie.duration)}</dd>
              </div>
            </dl>
          </div>
        </div>
        <MoreLikeThis route={`movie/${encodeURIComponent(movie.slug)}/more-like-this`} />
      </div>
    </article>
  );
}
