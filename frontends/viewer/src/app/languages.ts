import { NATIVE_LANGUAGE_NAMES } from '@chitram/contracts/web';

/**
 * DECISIONS D27: exactly the eight languages of SPEC §1; URLs use the English name (/languages/Telugu).
 * `code` is the BCP 47 tag a native name is marked with (`lang`), for its fonts and screen readers.
 */
const NAMES_AND_CODES = [
  ['English', 'en'],
  ['Hindi', 'hi'],
  ['Tamil', 'ta'],
  ['Telugu', 'te'],
  ['Malayalam', 'ml'],
  ['Bhojpuri', 'bho'],
  ['Kannada', 'kn'],
  ['Bengali', 'bn'],
] as const;

export const LANGUAGES = NAMES_AND_CODES.map(([name, code]) => ({
  name,
  native: NATIVE_LANGUAGE_NAMES[code],
  code,
}));

export type LanguageName = (typeof LANGUAGES)[number]['name'];

/** The supported language a URL segment names (any letter case), or null. */
export function languageFromSlug(slug: string | undefined): LanguageName | null {
  const wanted = (slug ?? '').trim().toLowerCase();
  return LANGUAGES.find((l) => l.name.toLowerCase() === wanted)?.name ?? null;
}
