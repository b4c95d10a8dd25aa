import {
  foundGroups,
  groupAnchor,
  NO_RESULTS,
  resultCount,
  seriesAnchor,
  seriesPath,
} from './search-results';
import type { Episode, Movie, Series, TitleSearchResults } from './types';

const results = (movies: number, series: number, episodes: number): TitleSearchResults => ({
  movies: Array.from({ length: movies }, (_, i) => ({ _id: `m${i}` }) as Movie),
  series: Array.from({ length: series }, (_, i) => ({ _id: `s${i}` }) as Series),
  episodes: Array.from({ length: episodes }, (_, i) => ({ _id: `e${i}` }) as Episode),
});

describe('the grouped search results (issue 19)', () => {
  it('shows the groups that found something, films first, then series, then episodes', () => {
    expect(foundGroups(results(3, 1, 2))).toEqual([
      { group: 'movies', count: 3 },
      { group: 'series', count: 1 },
      { group: 'episodes', count: 2 },
    ]);
    expect(foundGroups(results(0, 2, 0))).toEqual([{ group: 'series', count: 2 }]);
    expect(foundGroups(NO_RESULTS)).toEqual([]);
  });

  it('counts everything found over the groups', () => {
    expect(resultCount(results(3, 1, 2))).toBe(6);
    expect(resultCount(NO_RESULTS)).toBe(0);
  });

  it('opens a series on its category page at the series, whose section carries the anchor', () => {
    expect(seriesPath({ _id: 'abc', category: 'health' })).toBe('/health#series-abc');
    expect(seriesAnchor('abc')).toBe('series-abc');
    expect(groupAnchor('episodes')).toBe('search-episodes');
  });
});
