import { randomUUID } from 'node:crypto';
import { FEWEST_CO_WATCHED } from '@chitram/contracts';
import { storedRow } from '../testing/in-memory-writes';
import type { MovieEntity } from '../titles/movie.entity';
import { PickedRows } from './picked-rows';
import type { FinishedMovie, PicksRepository } from './picks.repository';

/**
 * PickedRows' rules (too little co-watching is filled from X's genre and language; Top 10 asks for the
 * last 24 hours) with its storage in memory; the SQL and the counts: picks.integration-spec.ts.
 */

const film = (title: string) =>
  storedRow<MovieEntity>({ title, genre: ['Drama'], language: 'Tamil', cast: [] }) as FinishedMovie;

function setUp(coWatched: MovieEntity[], kin: MovieEntity[]) {
  const x = film('X');
  const asked: Array<{ leaveOut: string[]; limit: number }> = [];
  let since: Date | null = null;
  const store = {
    lastFinishedMovie: (profileId: string) => Promise.resolve(profileId === 'nobody' ? null : x),
    coWatched: () => Promise.resolve(coWatched),
    sameGenreAndLanguage: (_p: string, like: { leaveOut: string[] }, limit: number) => {
      asked.push({ leaveOut: like.leaveOut, limit });
      return Promise.resolve(kin);
    },
    mostPlayed: (_language: string, from: Date) => {
      since = from;
      return Promise.resolve([{ ...film('Top'), plays: 7 }]);
    },
  };
  const rows = new PickedRows(store as unknown as PicksRepository);
  return { rows, x, asked, since: () => since };
}

describe('PickedRows (storage in memory)', () => {
  it('rests on co-watching when there is enough of it, and asks for no filling', async () => {
    const shared = Array.from({ length: FEWEST_CO_WATCHED }, (_, i) => film(`Shared ${i}`));
    const { rows, asked } = setUp(shared, [film('Kin')]);
    const row = await rows.becauseYouWatched(randomUUID());
    expect(row?.basis).toBe('co-watching');
    expect(row?.movies.map((m) => m.title)).toEqual(shared.map((m) => m.title));
    expect(asked).toEqual([]);
  });

  it('fills a row with too little co-watching from X’s genre and language, leaving out X and what is there', async () => {
    const shared = [film('Shared')];
    const { rows, x, asked } = setUp(shared, [film('Kin')]);
    const row = await rows.becauseYouWatched(randomUUID());
    expect(row).toMatchObject({ basis: 'genre-and-language', watched: { _id: x.id } });
    expect(row?.movies.map((m) => m.title)).toEqual(['Shared', 'Kin']);
    expect(asked).toEqual([{ leaveOut: [x.id, shared[0].id], limit: 19 }]);
  });

  it('answers no row before the profile has finished a film', async () => {
    expect(await setUp([], []).rows.becauseYouWatched('nobody')).toBeNull();
  });

  it('counts the plays of the last 24 hours for Top 10, with their number', async () => {
    const { rows, since } = setUp([], []);
    const now = new Date('2026-11-27T12:00:00Z');
    const answer = await rows.topToday('Tamil', now);
    expect(since()).toEqual(new Date('2026-11-26T12:00:00Z'));
    expect(answer).toMatchObject({ language: 'Tamil', movies: [{ title: 'Top', plays: 7 }] });
  });
});
