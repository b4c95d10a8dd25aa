import { Link, useSearchParams } from 'react-router';
import { useApi } from '../app/api';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import {
  foundGroups,
  groupAnchor,
  NO_RESULTS,
  resultCount,
  type SearchGroup,
  seriesPath,
} from '../catalog/search-results';
import type { Series, TitleSearchResults } from '../catalog/types';
import { EmptyState, FullScreenSpinner } from '../components/LoadStatus';
import { EpisodeCard } from '../components/EpisodeCard';
import { MovieGrid } from '../components/MovieGrid';
import { SmartImage } from '../components/SmartImage';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { FOUND_SIZES } from '../catalog/image-sizes';

/** A series found: its title image, name and facts, opening its category page at the series. */
function SeriesCard({ series }: { series: Series }) {
  const { t } = useViewerTranslation();
  return (
    <Link className="vw-found" to={seriesPath(series)} data-testid="series-result">
      <SmartImage
        src={series.titlePngUrl}
        alt=""
        width={320}
        height={120}
        sizes={FOUND_SIZES}
        className="vw-found__art vw-found__art--series"
        fallback={<span className="vw-found__initial">{series.title.slice(0, 1)}</span>}
      />
      <span className="vw-found__body">
        <span className="vw-found__title">{series.title}</span>
        <span className="vw-found__meta">
          {t(`category.${series.category}.title`)} · {t(`languages.${series.language}`)} ·{' '}
          {t('category.episodeCount', { count: series.episodeCount })}
        </span>
        {series.cast.length > 0 && <span className="vw-found__text">{series.cast.join(', ')}</span>}
      </span>
    </Link>
  );
}

/** One group of results under its heading. */
function ResultGroup({ group, results }: { group: SearchGroup; results: TitleSearchResults }) {
  const { t } = useViewerTranslation();
  const headingId = `${groupAnchor(group)}-title`;
  return (
    <section className="vw-results" id={groupAnchor(group)} aria-labelledby={headingId}>
      <h2 id={headingId} className="vw-results__title">
        {t(`search.${group}`)}{' '}
        <span className="vw-results__count">{t('common.titleCount', { count: results[group].length })}</span>
      </h2>
      {group === 'movies' && <MovieGrid movies={results.movies} />}
      {group === 'series' && (
        <ul className="vw-found-list">
          {results.series.map((series) => (
            <li key={series._id}>
              <SeriesCard series={series} />
            </li>
          ))}
        </ul>
      )}
      {group === 'episodes' && (
        <ul className="vw-found-list">
          {results.episodes.map((episode) => (
            <li key={episode._id}>
              <EpisodeCard episode={episode} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * SPEC §2.11 search page, with series and episodes beside the films (issue 19): the results in their
 * groups, links to each group at the top, 'No data found' when nothing is found, a full-screen spinner
 * while loading.
 */
export function Search() {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const api = useApi();
  const { t } = useViewerTranslation();
  useDocumentTitle(term ? t('lists.resultsFor', { term }) : t('lists.searchTitle'));

  // SPEC §7: a failed search shows as no results.
  const answer = useLoader(
    term
      ? (signal) =>
          api
            .get('search', { searchParams: { q: term }, signal })
            .json<TitleSearchResults>()
            .catch((error: unknown) => {
              if (signal.aborted) throw error;
              return NO_RESULTS;
            })
      : null,
    [api, term],
  );
  const results = (term && answer.data) || NO_RESULTS;
  const groups = foundGroups(results);
  const loading = Boolean(term) && (answer.status === 'loading' || answer.status === 'idle');

  return (
    <section className="vw-page vw-list">
      <h1 className="vw-page__title">{term ? t('lists.resultsFor', { term }) : t('lists.searchTitle')}</h1>
      {loading && <FullScreenSpinner label={t('lists.searchingFor', { term })} />}
      {!term && <EmptyState title={t('lists.searchHint')} text={t('lists.searchHintText')} />}
      {term && !loading && groups.length === 0 && (
        <EmptyState title={t('common.noData')} text={t('lists.noResultsText')} />
      )}
      {term && !loading && groups.length > 0 && (
        <>
          <p className="vw-list__count">{t('common.titleCount', { count: resultCount(results) })}</p>
          {groups.length > 1 && (
            <nav className="vw-results__jump" aria-label={t('search.groups')}>
              {groups.map(({ group, count }) => (
                <a key={group} className="vw-chip" href={`#${groupAnchor(group)}`}>
                  {t(`search.${group}`)} <span className="vw-results__jump-count">{count}</span>
                </a>
              ))}
            </nav>
          )}
          {groups.map(({ group }) => (
            <ResultGroup key={group} group={group} results={results} />
          ))}
        </>
      )}
    </section>
  );
}
