import { randomUUID } from 'node:crypto';
import { DomainError, ErrorCode, HISTORY_PAGE_SIZE } from '@chitram/contracts';
import type { EpisodeEntity } from '../shows/episode.entity';
import { storedRow } from '../testing/in-memory-writes';
import type { MovieEntity } from '../titles/movie.entity';
import { WatchHistory, type WatchHistoryStore } from './watch-history';
import type { HistoryRow, WatchHistoryRepository } from './watch-history.repository';

/**
 * WatchHistory's rules (pages newest first with the titles as the catalogue shows them, a title not in
 * the profile's history is NOT_FOUND) with its storage in memory; the SQL is tested against Postgres
 * through the gateway (gateway/src/users/watch-history.integration-spec.ts).
 */

type Place = Omit<HistoryRow, 'total'> & { profile_id: string };

class InMemoryHistory implements WatchHistoryStore {
  readonly places: Place[] = [];
  readonly movies = new Map<string, MovieEntity>();
  readonly episodes = new Map<string, EpisodeEntity>();

  private of(profileId: string) {
    return this.places
      .filter((p) => p.profile_id === profileId && (p.position_seconds > 0 || p.finished))
      .sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime());
  }

  page(profileId: string, limit: number, offset: number) {
    const all = this.of(profileId);
    return Promise.resolve(all.slice(offset, offset + limit).map((p) => ({ ...p, total: all.length })));
  }

  count(profileId: string) {
    return Promise.resolve(this.of(profileId).length);
  }

  moviesById(ids: string[]) {
    return Promise.resolve(ids.flatMap((id) => this.movies.get(id) ?? []));
  }

  episodesById(ids: string[]) {
    return Promise.resolve(ids.flatMap((id) => this.episodes.get(id) ?? []));
  }

  private drop(keep: (p: Place) => boolean) {
    const before = this.places.length;
    this.places.splice(0, before, ...this.places.filter(keep));
    return Promise.resolve(before - this.places.length);
  }

  remove(profileId: string, titleId: string) {
    return this.drop((p) => p.profile_id !== profileId || p.title_id !== titleId);
  }

  clear(profileId: string) {
    return this.drop((p) => p.profile_id !== profileId);
  }
}

function setUp() {
  const store = new InMemoryHistory();
  const history = new WatchHistory(store as unknown as WatchHistoryRepository);
  const profileId = randomUUID();
  let minute = 0;
  const watched = (kind: 'movie' | 'episode', position: number, who = profileId) => {
    const row =
      kind === 'movie'
        ? storedRow<MovieEntity>({ title: 'A film', genre: ['Drama'], language: 'Tamil', cast: [] })
        : storedRow<EpisodeEntity>({ title: 'An episode', category: 'news', cast: [], videoUrl: 'x' });
    if (kind === 'movie') store.movies.set(row.id, row as MovieEntity);
    else store.episodes.set(row.id, row as EpisodeEntity);
    store.places.push({
      profile_id: who,
      kind,
      title_id: row.id,
      position_seconds: position,
      duration_seconds: 3000,
      finished: position >= 2990,
      updated_at: new Date(Date.UTC(2026, 10, 27, 10, minute++)),
    });
    return row.id;
  };
  return { store, history, profileId, watched };
}

describe('WatchHistory (storage in memory)', () => {
  it('answers the newest first with each title as the catalogue shows it, and an episode without its link', async () => {
    const { history, profileId, watched } = setUp();
    const film = watched('movie', 600);
    const episode = watched('episode', 2995);
    const page = await history.page(profileId);
    expect(page).toMatchObject({ page: 1, totalPages: 1, total: 2 });
    expect(page.entries.map((e) => [e.titleId, e.finished, e.movie?._id ?? e.episode?._id])).toEqual([
      [episode, true, episode],
      [film, false, film],
    ]);
    expect(page.entries[0].episode).not.toHaveProperty('videoUrl');
    expect(page.entries[1].watchedAt).toBe('2026-11-27T10:00:00.000Z');
  });

  it('pages by HISTORY_PAGE_SIZE and tells the page count past the end too', async () => {
    const { history, profileId, watched } = setUp();
    for (let i = 0; i < HISTORY_PAGE_SIZE + 1; i++) watched('movie', 10);
    expect(await history.page(profileId, 2)).toMatchObject({ page: 2, totalPages: 2, total: 21 });
    expect(await history.page(profileId, 5)).toMatchObject({ entries: [], totalPages: 2, total: 21 });
  });

  it('leaves out a title the catalogue no longer answers', async () => {
    const { store, history, profileId, watched } = setUp();
    const gone = watched('movie', 10);
    store.movies.delete(gone);
    expect((await history.page(profileId)).entries).toEqual([]);
  });

  it('removes one title of the profile, and calls another profile’s title not found', async () => {
    const { history, profileId, watched } = setUp();
    const mine = watched('movie', 10);
    const theirs = watched('movie', 10, randomUUID());
    expect(await history.remove(profileId, mine)).toEqual({ removed: 1 });
    const refused = history.remove(profileId, theirs);
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await history.clear(profileId)).toEqual({ removed: 0 });
  });
});
