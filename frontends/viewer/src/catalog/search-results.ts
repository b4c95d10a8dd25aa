import type { Series, TitleSearchResults } from './types';

/** The groups of the search page (issue 19), in the order they are shown. */
export const SEARCH_GROUPS = ['movies', 'series', 'episodes'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** What a search that found nothing, or failed, shows (SPEC §7: a failed search shows as no results). */
export const NO_RESULTS: TitleSearchResults = { movies: [], series: [], episodes: [] };

/** The groups that found something, each with how much, in the page's order. */
export function foundGroups(results: TitleSearchResults): Array<{ group: SearchGroup; count: number }> {
  return SEARCH_GROUPS.map((group) => ({ group, count: results[group].length })).filter(
    ({ count }) => count > 0,
  );
}

/** Everything a search found, over its groups. */
export function resultCount(results: TitleSearchResults): number {
  return SEARCH_GROUPS.reduce((sum, group) => sum + results[group].length, 0);
}

/** A series' place on its category page (issue 11 groups the category's episodes by series). */
export function seriesAnchor(seriesId: string): string {
  return `series-${seriesId}`;
}

/** Where a series found by search opens: its category page, at the series. */
export function seriesPath(series: Pick<Series, '_id' | 'category'>): string {
  return `/${series.category}#${seriesAnchor(series._id)}`;
}

/** The section of the search page that holds a group, for the links at its top. */
export function groupAnchor(group: SearchGroup): string {
  return `search-${group}`;
}
