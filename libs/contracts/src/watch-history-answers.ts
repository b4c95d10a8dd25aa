import type { Episode, Movie } from './catalog-answers';

// Watch history (issue 22): what a profile watched, kept by the catalogue's watch data (the places the
// player reports). Types only, so the front ends import this module.

/** How many entries one page of history holds. */
export const HISTORY_PAGE_SIZE = 20;

/** One title the profile watched, with its film or episode as the catalogue shows it (the other is null). */
export interface HistoryEntry {
  kind: 'movie' | 'episode';
  titleId: string;
  /** Where the profile stopped, and the title's length as known (0 when not known). */
  positionSeconds: number;
  durationSeconds: number;
  /** Watched to its end credits: resuming starts it again. */
  finished: boolean;
  /** When the profile last watched it. */
  watchedAt: string;
  movie: Movie | null;
  episode: Episode | null;
}

/** `GET /api/user/history?page=`: newest first. */
export interface HistoryPage {
  entries: HistoryEntry[];
  page: number;
  totalPages: number;
  total: number;
}

/** `DELETE /api/user/history[/{titleId}]`: how many titles left the history. */
export interface HistoryRemoved {
  removed: number;
}
