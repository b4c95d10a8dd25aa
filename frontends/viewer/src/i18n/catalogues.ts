import type { Catalogue } from '@chitram/shell-contract';
import en from './locales/en.json';

/** The viewer's i18next namespace: its words live in this remote's build, not the shell's. */
export const VIEWER_NAMESPACE = 'viewer';

/**
 * The viewer's wording in a language: English is bundled (every language's fallback); any other is a
 * chunk of its own, fetched when the language is first used. Bhojpuri holds what it says differently
 * from Hindi; the rest falls back to Hindi.
 */
export async function loadViewerCatalogue(language: string): Promise<Catalogue> {
  if (language === 'en') return en;
  return ((await import(`./locales/${language}.json`)) as { default: Catalogue }).default;
}
