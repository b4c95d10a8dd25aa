import { INTERFACE_LANGUAGE_CODES } from '@chitram/contracts/web';
import { INTERFACE_LANGUAGES, initialLanguage, intlLocaleOf, languageOfTag } from './languages';

describe('interface language (issue 11)', () => {
  it("starts in the language chosen on this device, else the browser's first we speak", () => {
    expect(initialLanguage('ta', ['hi-IN', 'en'])).toBe('ta');
    expect(initialLanguage(null, ['fr-FR', 'te-IN', 'hi'])).toBe('te');
    expect(initialLanguage('xx', ['bho-IN'])).toBe('bho');
    expect(initialLanguage(null, ['fr', 'de'])).toBe('en');
    expect(initialLanguage(null, [])).toBe('en');
  });

  it('reads browser tags in any case and form', () => {
    expect(languageOfTag('ML-in')).toBe('ml');
    expect(languageOfTag('bn_BD')).toBe('bn');
    expect(languageOfTag('mr-IN')).toBeNull();
  });

  it('formats prices in the Indian grouping for every language', () => {
    const rupees = (language: string) =>
      new Intl.NumberFormat(intlLocaleOf(language), { style: 'currency', currency: 'INR' }).format(120000);
    expect(rupees('en')).toBe('₹1,20,000.00');
    expect(rupees('hi')).toBe('₹1,20,000.00');
    expect(rupees('bho')).toBe(rupees('hi'));
    expect(rupees('bn')).toBe('₹১,২০,০০০.০০');
    expect(intlLocaleOf('nope')).toBe('en-IN');
  });

  it('speaks exactly the languages an account may keep (PATCH /api/user/me)', () => {
    expect(INTERFACE_LANGUAGES.map((l) => l.code)).toEqual([...INTERFACE_LANGUAGE_CODES]);
  });
});
