import { LANGUAGES, languageFromSlug } from './languages';

describe('languages (DECISIONS D27)', () => {
  it('has exactly the eight languages of the spec', () => {
    expect(LANGUAGES.map((l) => l.name)).toEqual([
      'English',
      'Hindi',
      'Tamil',
      'Telugu',
      'Malayalam',
      'Bhojpuri',
      'Kannada',
      'Bengali',
    ]);
  });

  it('reads a URL segment in any letter case', () => {
    expect(languageFromSlug('Telugu')).toBe('Telugu');
    expect(languageFromSlug('telugu')).toBe('Telugu');
    expect(languageFromSlug('Marathi')).toBeNull();
    expect(languageFromSlug(undefined)).toBeNull();
  });
});
