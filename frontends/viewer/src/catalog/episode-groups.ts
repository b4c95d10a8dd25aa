import type { Category } from './catalog-lists';
import type { CategoryEpisodes, Episode } from './types';

/** One series of a category page, or (`seriesId` null) the category's episodes that belong to none. */
export interface EpisodeGroup {
  seriesId: string | null;
  /** The series' title; null for the episodes without a series, or a series the answer did not name. */
  title: string | null;
  episodes: Episode[];
}

const byNumber = (a: Episode, b: Episode) =>
  a.episodeNumber - b.episodeNumber || a.releaseDate.localeCompare(b.releaseDate);

/**
 * A category page's episodes grouped by series (issue 11): each series under its title, its episodes
 * in episode order; series in the order the answer names them, the episodes of no series last.
 */
export function groupBySeries(answer: CategoryEpisodes | null | undefined): EpisodeGroup[] {
  const episodes = answer?.episodes ?? [];
  const titles = new Map((answer?.series ?? []).map((s) => [s._id, s.title]));
  const order = [...titles.keys()];
  for (const episode of episodes)
    if (episode.seriesId && !order.includes(episode.seriesId)) order.push(episode.seriesId);
  const groups: EpisodeGroup[] = order.map((seriesId) => ({
    seriesId,
    title: titles.get(seriesId) ?? null,
    episodes: episodes.filter((e) => e.seriesId === seriesId).sort(byNumber),
  }));
  groups.push({ seriesId: null, title: null, episodes: episodes.filter((e) => !e.seriesId).sort(byNumber) });
  return groups.filter((group) => group.episodes.length > 0);
}

/** The group an episode belongs to, with the episode's place in it. */
export function groupOf(groups: EpisodeGroup[], episodeId: string): EpisodeGroup | undefined {
  return groups.find((group) => group.episodes.some((e) => e._id === episodeId));
}

/** An episode's own page, where it plays (issue 11): `/political/episode/{id}`. */
export function episodePath(category: Category, episode: Pick<Episode, '_id'>): string {
  return `/${category}/episode/${encodeURIComponent(episode._id)}`;
}

/** What a link to an episode page may carry: play at once (Watch Now, Play, Next). */
export interface EpisodeNavigationState {
  autoplay: boolean;
}

export function wantsAutoplay(state: unknown): boolean {
  return (state as Partial<EpisodeNavigationState> | null)?.autoplay === true;
}
