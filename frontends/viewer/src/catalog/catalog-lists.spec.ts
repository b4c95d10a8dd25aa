import { LANGUAGES } from '../app/languages';
import { CATEGORIES, GENRES, RATINGS, genreForGroup, genreSlug } from './catalog-lists';

// The contracts library is the single source of these lists; the browser keeps a copy (see the file).
const contracts = jest.requireActual<{
  LANGUAGES: readonly string[];
  GENRES: readonly string[];
  RATINGS: readonly string[];
  CATEGORIES: readonly string[];
  genreSlug(genre: string): string;
}>('@chitram/contracts');

describe('catalogue lists (SPEC §5)', () => {
  it('are exactly the lists of @chitram/contracts, in the same order', () => {
    expect([...GENRES]).toEqual([...contracts.GENRES]);
    expect([...RATINGS]).toEqual([...contracts.RATINGS]);
    expect([...CATEGORIES]).toEqual([...contracts.CATEGORIES]);
    expect(LANGUAGES.map((l) => l.name)).toEqual([...contracts.LANGUAGES]);
  });

  it('writes genres into URLs the way the API reads them', () => {
    for (const genre of GENRES) expect(genreSlug(genre)).toBe(contracts.genreSlug(genre));
    expect(genreSlug('South Favourites')).toBe('south-favourites');
  });

  it('knows a view-all group only when it names a genre', () => {
    expect(genreForGroup('trending')).toBe('Trending');
    expect(genreForGroup('south-favourites')).toBe('South Favourites');
    expect(genreForGroup('SCI-FI')).toBe('Sci-Fi');
    expect(genreForGroup('about-us')).toBeUndefined();
    expect(genreForGroup('--')).toBeUndefined();
    expect(genreForGroup(undefined)).toBeUndefined();
  });
});
