/**
 * DECISIONS D27: exactly the eight languages of SPEC §1; URLs use the English name (/languages/Telugu).
 * `code` is the BCP 47 tag a native name is marked with (`lang`), for its fonts and screen readers.
 */
export const LANGUAGES = [
  { name: 'English', native: 'English', code: 'en' },
  { name: 'Hindi', native: 'हिन्दी', code: 'hi' },
  { name: 'Tamil', native: 'தமிழ்', code: 'ta' },
  { name: 'Telugu', native: 'తెలుగు', code: 'te' },
  { name: 'Malayalam', native: 'മലയാളം', code: 'ml' },
  { name: 'Bhojpuri', native: 'भोजपुरी', code: 'bho' },
  { name: 'Kannada', native: 'ಕನ್ನಡ', code: 'kn' },
  { name: 'Bengali', native: 'বাংলা', code: 'bn' },
] as const;

export type LanguageName = (typeof LANGUAGES)[number]['name'];

/** The supported language a URL segment names (any letter case), or null. */
export function languageFromSlug(slug: string | undefined): LanguageName | null {
  const wanted = (slug ?? '').trim().toLowerCase();
  return LANGUAGES.find((l) => l.name.toLowerCase() === wanted)?.name ?? null;
}
