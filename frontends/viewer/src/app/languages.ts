/** DECISIONS D27: exactly the eight languages of SPEC §1; URLs use the English name (/languages/Telugu). */
export const LANGUAGES = [
  { name: 'English', native: 'English' },
  { name: 'Hindi', native: 'हिन्दी' },
  { name: 'Tamil', native: 'தமிழ்' },
  { name: 'Telugu', native: 'తెలుగు' },
  { name: 'Malayalam', native: 'മലയാളം' },
  { name: 'Bhojpuri', native: 'भोजपुरी' },
  { name: 'Kannada', native: 'ಕನ್ನಡ' },
  { name: 'Bengali', native: 'বাংলা' },
] as const;

export type LanguageName = (typeof LANGUAGES)[number]['name'];

/** The supported language a URL segment names (any letter case), or null. */
export function languageFromSlug(slug: string | undefined): LanguageName | null {
  const wanted = (slug ?? '').trim().toLowerCase();
  return LANGUAGES.find((l) => l.name.toLowerCase() === wanted)?.name ?? null;
}
