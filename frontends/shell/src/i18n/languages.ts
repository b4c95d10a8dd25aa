// The languages the interface speaks (issue 11), apart from the catalogue's content-language filter.

import { NATIVE_LANGUAGE_NAMES } from '@chitram/contracts/web';

export const INTERFACE_LANGUAGES = [
  { code: 'en', native: NATIVE_LANGUAGE_NAMES.en, intl: 'en-IN' },
  { code: 'hi', native: NATIVE_LANGUAGE_NAMES.hi, intl: 'hi-IN' },
  { code: 'ta', native: NATIVE_LANGUAGE_NAMES.ta, intl: 'ta-IN' },
  { code: 'te', native: NATIVE_LANGUAGE_NAMES.te, intl: 'te-IN' },
  { code: 'ml', native: NATIVE_LANGUAGE_NAMES.ml, intl: 'ml-IN' },
  { code: 'kn', native: NATIVE_LANGUAGE_NAMES.kn, intl: 'kn-IN' },
  { code: 'bn', native: NATIVE_LANGUAGE_NAMES.bn, intl: 'bn-IN' },
  // Browsers have no Bhojpuri formats: dates, numbers and prices are written as in Hindi.
  { code: 'bho', native: NATIVE_LANGUAGE_NAMES.bho, intl: 'hi-IN' },
] as const;

export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: InterfaceLanguage = 'en';

/** Where wording is missing: Bhojpuri falls back to Hindi, everything to English. */
export const FALLBACK_LANGUAGES = { bho: ['hi', 'en'], default: ['en'] };

/** The local-storage key of the language chosen on this device. */
export const LANGUAGE_STORAGE_KEY = 'interfaceLanguage';

/** A year: the language cookie outlasts any visit, as the stored choice does. */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The cookie that tells the shell's server the interface language, so a page it draws words into
 * (libs/web-server/page-heading.mjs) is in that language from its first paint.
 */
export function languageCookie(language: InterfaceLanguage): string {
  return `${LANGUAGE_STORAGE_KEY}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return INTERFACE_LANGUAGES.some((l) => l.code === value);
}

/** The interface language a browser tag asks for: 'ta-IN' → 'ta', 'bho' → 'bho'; null if none of ours. */
export function languageOfTag(tag: string): InterfaceLanguage | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isInterfaceLanguage(primary) ? primary : null;
}

/** The language to start in: the one chosen on this device, else the browser's first that we speak. */
export function initialLanguage(
  stored: string | null,
  browserLanguages: readonly string[],
): InterfaceLanguage {
  if (isInterfaceLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The Intl locale of an interface language, for dates, numbers and ₹ in the Indian grouping. */
export function intlLocaleOf(language: string): string {
  return INTERFACE_LANGUAGES.find((l) => l.code === language)?.intl ?? 'en-IN';
}
