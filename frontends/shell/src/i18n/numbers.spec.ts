import { createInstance } from 'i18next';
import { writeNumbersInTheLanguage } from './i18n';
import { FALLBACK_LANGUAGES } from './languages';

// Numbers in the wordings (counts, seconds, episode numbers) are written with the digits of the
// language's own prices and dates: Bengali digits in Bengali (bn-IN, as Bengali print writes them),
// Latin digits with Indian grouping elsewhere, Hindi's way in Bhojpuri.

describe('numbers inside the wordings (issue 11)', () => {
  const i18n = createInstance();

  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      fallbackLng: FALLBACK_LANGUAGES,
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      resources: {
        en: { t: { titles_one: '{{count, number}} title', titles_other: '{{count, number}} titles' } },
        hi: { t: { titles_one: '{{count, number}} टाइटल', titles_other: '{{count, number}} टाइटल' } },
        bn: { t: { titles_one: '{{count, number}}টি টাইটেল', titles_other: '{{count, number}}টি টাইটেল' } },
        ta: { t: { titles_one: '{{count, number}} தலைப்பு', titles_other: '{{count, number}} தலைப்புகள்' } },
      },
    });
    writeNumbersInTheLanguage(i18n);
  });

  // A wording of this test's own, outside the typed catalogues.
  const titles = (count: number, lng: string) =>
    (i18n.t as (key: string, options: object) => string)('titles', { ns: 't', count, lng });

  it('writes Bengali counts in Bengali digits, like Bengali prices', () => {
    expect(titles(3, 'bn')).toBe('৩টি টাইটেল');
    expect(titles(120_000, 'bn')).toBe('১,২০,০০০টি টাইটেল');
  });

  it('writes the other languages in Latin digits with the Indian grouping', () => {
    expect(titles(1, 'en')).toBe('1 title');
    expect(titles(120_000, 'en')).toBe('1,20,000 titles');
    expect(titles(120_000, 'hi')).toBe('1,20,000 टाइटल');
    expect(titles(120_000, 'ta')).toBe('1,20,000 தலைப்புகள்');
  });

  it('writes Bhojpuri as Hindi does (its Intl locale is hi-IN)', () => {
    expect(titles(120_000, 'bho')).toBe('1,20,000 टाइटल');
  });
});
