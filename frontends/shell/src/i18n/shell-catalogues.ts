import type { Catalogue } from './catalogue-backend';
import en from './locales/en.json';

/**
 * The shell's wording in a language: English is bundled (every language's fallback); any other is a
 * chunk of its own, fetched when the language is first used. Bhojpuri holds what it says differently
 * from Hindi; the rest falls back to Hindi.
 */
export async function loadShellCatalogue(language: string): Promise<Catalogue> {
  if (language === 'en') return en;
  return ((await import(`./locales/${language}.json`)) as { default: Catalogue }).default;
}
