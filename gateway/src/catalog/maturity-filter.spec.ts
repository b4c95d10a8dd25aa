import { ErrorCode } from '@chitram/contracts';
import type { FastifyRequest } from 'fastify';
import { namesProfile, titleWithinMaturity, withinMaturity } from './maturity-filter';

const film = (id: string, rating: string) => ({ _id: id, title: id, rating });
const bearerWith = (claims: object) =>
  ({
    headers: {
      authorization: `Bearer e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`,
    },
  }) as unknown as FastifyRequest;

describe('a kids profile’s catalogue answers (D37)', () => {
  it('leaves out every rated title above the level, wherever its list is', () => {
    const home = { genreMovies: { Comedy: [film('u', 'U'), film('ua', 'U/A'), film('a', 'A')], Drama: [] } };
    expect(withinMaturity(home, 'kids')).toEqual({ genreMovies: { Comedy: [film('u', 'U')], Drama: [] } });
    const found = { movies: [film('a', 'A')], series: [film('s', 'U/A')], episodes: [film('e', 'U')] };
    expect(withinMaturity(found, 'kids-ua')).toEqual({
      movies: [],
      series: [film('s', 'U/A')],
      episodes: [film('e', 'U')],
    });
    const page = { paginatedEpisodes: [film('e', 'A')], currentPage: 1, totalEpisodes: 1, totalPages: 1 };
    expect(withinMaturity(page, 'kids')).toMatchObject({ paginatedEpisodes: [], totalEpisodes: 1 });
    // Lists of plain values and unrated objects stay.
    expect(withinMaturity({ cast: ['A'], series: [{ _id: 's', title: 'x' }] }, 'kids')).toEqual({
      cast: ['A'],
      series: [{ _id: 's', title: 'x' }],
    });
    expect(withinMaturity([film('a', 'A')], 'adult')).toEqual([film('a', 'A')]);
  });

  it('refuses one title above the level with a stable code', () => {
    expect(() => titleWithinMaturity({ meta: film('a', 'A') }, 'kids-ua')).toThrow(
      expect.objectContaining({ code: ErrorCode.PROFILE_MATURITY_BLOCKED }),
    );
    expect(titleWithinMaturity({ meta: film('u', 'U') }, 'kids')).toEqual({ meta: film('u', 'U') });
  });

  it('keeps from the cache only a request whose token names a profile', () => {
    expect(namesProfile(bearerWith({ sub: 'a', prf: 'p' }))).toBe(true);
    expect(namesProfile(bearerWith({ sub: 'a' }))).toBe(false);
    expect(namesProfile({ headers: {} } as FastifyRequest)).toBe(false);
    expect(namesProfile({ headers: { authorization: 'Bearer not.a-json.token' } } as FastifyRequest)).toBe(
      false,
    );
  });
});
