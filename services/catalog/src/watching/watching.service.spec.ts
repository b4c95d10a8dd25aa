import { randomUUID } from 'node:crypto';
import { Events, type SaveWatchRequest } from '@chitram/contracts';
import type { EntityManager } from 'typeorm';
import { recordingOutbox, storedRow } from '../testing/in-memory-writes';
import type { MovieEntity } from '../titles/movie.entity';
import type {
  ProgressKey,
  ProgressRow,
  ProgressWrite,
  WatchingRepository,
  WatchingStore,
} from './watching.repository';
import { WatchingService } from './watching.service';

/**
 * WatchingService's rules (a place kept per viewer and title, a film watched to its credits is
 * finished, Continue watching, plays and watch time announced) with its repository in memory; the SQL
 * is tested against Postgres in watching.integration-spec.ts.
 */

type Stored = ProgressRow & { viewer_id: string; finished: boolean };

class InMemoryWatching implements WatchingStore {
  readonly places: Stored[] = [];
  readonly movies = new Map<string, MovieEntity>();
  readonly videoSeconds = new Map<string, number>();

  private find(key: ProgressKey) {
    return this.places.find(
      (p) => p.viewer_id === key.viewerId && p.kind === key.kind && p.title_id === key.titleId,
    );
  }

  lockedProgress(_m: EntityManager, key: ProgressKey) {
    return Promise.resolve(this.find(key) ?? null);
  }

  videoDuration(_m: EntityManager, key: ProgressKey) {
    return Promise.resolve(this.videoSeconds.get(key.titleId) ?? null);
  }

  save(_m: EntityManager, place: ProgressWrite) {
    const row: Stored = {
      viewer_id: place.viewerId,
      kind: place.kind,
      title_id: place.titleId,
      position_seconds: place.positionSeconds,
      duration_seconds: place.durationSeconds,
      finished: place.finished,
      updated_at: place.at,
    };
    const previous = this.find(place);
    if (previous) this.places.splice(this.places.indexOf(previous), 1);
    this.places.push(row);
    return Promise.resolve(row);
  }

  unfinished(key: ProgressKey) {
    const row = this.find(key);
    return Promise.resolve(row && !row.finished ? row : null);
  }

  startedMovies(viewerId: string, limit: number) {
    const rows = this.places
      .filter((p) => p.viewer_id === viewerId && p.kind === 'movie' && !p.finished && p.position_seconds > 0)
      .filter((p) => this.movies.has(p.title_id))
      .sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime())
      .slice(0, limit);
    return Promise.resolve(rows.map((p) => ({ ...p, ...this.movies.get(p.title_id)! })));
  }

  forgetViewer(_m: EntityManager, viewerId: string) {
    this.places.splice(0, this.places.length, ...this.places.filter((p) => p.viewer_id !== viewerId));
    return Promise.resolve();
  }
}

function setUp() {
  const store = new InMemoryWatching();
  const { outbox, events } = recordingOutbox();
  const service = new WatchingService(store as unknown as WatchingRepository, outbox);
  const movie = () => {
    const row = storedRow<MovieEntity>({ title: 'A film', genre: ['drama'], language: 'telugu', cast: [] });
    store.movies.set(row.id, row);
    return row.id;
  };
  const viewerId = randomUUID();
  const report = (
    titleId: string,
    positionSeconds: number,
    durationSeconds = 5400,
    kind: 'movie' | 'episode' = 'movie',
  ) =>
    service.save({
      viewerId,
      kind,
      titleId,
      positionSeconds,
      durationSeconds,
      deviceClass: 'website',
    } satisfies SaveWatchRequest);
  const announced = () =>
    events.map(({ subject, payload }) => [subject, (payload as { seconds?: number }).seconds ?? null]);
  const rail = async () => (await service.continueWatching(viewerId)).map((entry) => entry.movie?._id);
  return { store, service, events, movie, viewerId, report, announced, rail };
}

const start = new Date('2026-11-27T10:00:00Z');
const later = (seconds: number) => jest.setSystemTime(new Date(start.getTime() + seconds * 1000));

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  jest.setSystemTime(start);
});
afterEach(() => jest.useRealTimers());

describe('WatchingService (repository in memory)', () => {
  it('keeps the viewer’s place and resumes there; a play starts once, heartbeats add the time that passed', async () => {
    const { service, movie, viewerId, report, announced } = setUp();
    const film = movie();
    await report(film, 0);
    later(10);
    await report(film, 10);
    later(20);
    // A seek forward is not watch time: only the 10 s that passed (and a little room) count.
    await report(film, 900);
    expect(await service.position({ viewerId, kind: 'movie', titleId: film })).toMatchObject({
      positionSeconds: 900,
      durationSeconds: 5400,
      updatedAt: new Date(start.getTime() + 20_000).toISOString(),
    });
    expect(announced()).toEqual([
      [Events.playStarted, null],
      [Events.watchTimeRecorded, 10],
      [Events.watchTimeRecorded, 15],
    ]);
    // Back after more than half an hour: a new play, no watch time for the gap.
    later(20 + 31 * 60);
    await report(film, 960);
    expect(announced().at(-1)).toEqual([Events.playStarted, null]);
  });

  it('never lets a player that cannot tell the length yet wipe out the one known; falls back to the video’s', async () => {
    const { store, service, movie, viewerId, report } = setUp();
    const film = movie();
    store.videoSeconds.set(film, 3600.7);
    expect(await report(film, 5, 0)).toMatchObject({ durationSeconds: 3600 });
    expect(await report(film, 6, 5400)).toMatchObject({ durationSeconds: 5400 });
    expect(await report(film, 7, 0)).toMatchObject({ durationSeconds: 5400 });
    expect(await service.position({ viewerId, kind: 'movie', titleId: film })).toMatchObject({
      positionSeconds: 7,
    });
  });

  it('finishes a film watched to its credits: no place to resume, off Continue watching, back on when rewatched', async () => {
    const { service, movie, viewerId, report, rail } = setUp();
    const film = movie();
    await report(film, 5380);
    expect(await rail()).toEqual([film]);
    later(10);
    await report(film, 5390);
    expect(await service.position({ viewerId, kind: 'movie', titleId: film })).toBeNull();
    expect(await rail()).toEqual([]);
    later(20);
    await report(film, 60);
    expect(await rail()).toEqual([film]);
  });

  it('announces a finish once when a title reaches its credits, and again after it is started over', async () => {
    const { events, movie, viewerId, report } = setUp();
    const film = movie();
    const finishes = () => events.filter((e) => e.subject === Events.titleFinished).map((e) => e.payload);
    await report(film, 5380);
    expect(finishes()).toEqual([]);
    later(10);
    await report(film, 5390);
    later(20);
    await report(film, 5395);
    expect(finishes()).toEqual([
      {
        profileId: viewerId,
        kind: 'movie',
        titleId: film,
        at: new Date(start.getTime() + 10_000).toISOString(),
      },
    ]);
    later(30);
    await report(film, 60);
    later(40);
    await report(film, 5399);
    expect(finishes()).toHaveLength(2);
  });

  it('lists started films only, the latest first, at most twenty; episodes are not on the rail', async () => {
    const { movie, report, rail } = setUp();
    const films = Array.from({ length: 22 }, movie);
    for (const [i, film] of films.entries()) {
      later(i);
      await report(film, 100);
    }
    const notStarted = movie();
    later(30);
    await report(notStarted, 0);
    await report(randomUUID(), 100, 1200, 'episode');
    expect(await rail()).toEqual(films.slice(2).reverse());
  });
});
