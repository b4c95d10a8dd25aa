import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  HISTORY_PAGE_SIZE,
  type HistoryEntry,
  type HistoryPage,
  type HistoryRemoved,
} from '@chitram/contracts';
import { toPublicEpisode } from '../shows/show.view';
import { toMovie } from '../titles/movie.view';
import { WatchHistoryRepository } from './watch-history.repository';

/** What WatchHistory needs of its storage: the repository, or an in-memory fake in unit tests. */
export type WatchHistoryStore = Pick<WatchHistoryRepository, keyof WatchHistoryRepository>;

/**
 * A profile's watch history (issue 22): the titles it watched, newest first, with where it stopped and
 * the film or episode as the catalogue shows it now; one title or all of them can be taken out, and a
 * title taken out leaves Continue watching too (its place is forgotten). Keyed by the profile's id: for
 * an account's first profile, the viewer's.
 */
@Injectable()
export class WatchHistory {
  constructor(private readonly history: WatchHistoryRepository) {}

  async page(profileId: string, page = 1): Promise<HistoryPage> {
    const rows = await this.history.page(profileId, HISTORY_PAGE_SIZE, (page - 1) * HISTORY_PAGE_SIZE);
    const total = rows[0]?.total ?? (page > 1 ? await this.history.count(profileId) : 0);
    const idsOf = (kind: HistoryEntry['kind']) => rows.filter((r) => r.kind === kind).map((r) => r.title_id);
    const [movies, episodes] = await Promise.all([
      this.history.moviesById(idsOf('movie')),
      this.history.episodesById(idsOf('episode')),
    ]);
    const movieById = new Map(movies.map((m) => [m.id, toMovie(m)]));
    const episodeById = new Map(episodes.map((e) => [e.id, toPublicEpisode(e)]));
    const entries: HistoryEntry[] = rows.map((row) => ({
      kind: row.kind,
      titleId: row.title_id,
      positionSeconds: row.position_seconds,
      durationSeconds: row.duration_seconds,
      finished: row.finished,
      watchedAt: new Date(row.updated_at).toISOString(),
      movie: (row.kind === 'movie' && movieById.get(row.title_id)) || null,
      episode: (row.kind === 'episode' && episodeById.get(row.title_id)) || null,
    }));
    return {
      // A title deleted between the two reads is left out.
      entries: entries.filter((entry) => entry.movie || entry.episode),
      page,
      totalPages: Math.ceil(total / HISTORY_PAGE_SIZE),
      total,
    };
  }

  /** Takes one title out; a title this profile has no history of is NOT_FOUND (another's is never named). */
  async remove(profileId: string, titleId: string): Promise<HistoryRemoved> {
    const removed = await this.history.remove(profileId, titleId);
    if (!removed) throw new DomainError(ErrorCode.NOT_FOUND, 'This title is not in your watch history.');
    return { removed };
  }

  async clear(profileId: string): Promise<HistoryRemoved> {
    return { removed: await this.history.clear(profileId) };
  }
}
