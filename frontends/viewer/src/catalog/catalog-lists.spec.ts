import { LANGUAGES as LISTED_LANGUAGES } from '@chitram/contracts/web';
import { LANGUAGES } from '../app/languages';
import { genreForGroup } from './catalog-lists';

describe('catalogue lists (SPEC §5)', () => {
  it('names the eight languages of the contracts library, in the same order', () => {
    expect(LANGUAGES.map((l) => l.name)).toEqual([...LISTED_LANGUAGES]);
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
