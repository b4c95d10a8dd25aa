import {
  CATEGORIES,
  GENRES,
  LANGUAGES,
  MIN_RELEASE_YEAR,
  RATINGS,
  TITLE_TYPES,
  ADMIN_PAGE_SIZE,
} from './catalog-lists';

// The contracts library is the single source of these lists; the browser keeps a copy (see the file).
const contracts = jest.requireActual<Record<string, unknown>>('@chitram/contracts');

describe('catalogue lists (SPEC §5)', () => {
  it('are exactly those of @chitram/contracts, in the same order', () => {
    expect(LANGUAGES).toEqual(contracts.LANGUAGES);
    expect(GENRES).toEqual(contracts.GENRES);
    expect(RATINGS).toEqual(contracts.RATINGS);
    expect(CATEGORIES).toEqual(contracts.CATEGORIES);
    expect(TITLE_TYPES).toEqual(contracts.TITLE_TYPES);
    expect(MIN_RELEASE_YEAR).toBe(contracts.MIN_RELEASE_YEAR);
    expect(ADMIN_PAGE_SIZE).toBe(contracts.ADMIN_PAGE_SIZE);
  });
});
