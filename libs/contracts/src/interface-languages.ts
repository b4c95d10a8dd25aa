// The languages the web interface speaks (issue 11), by code. Kept free of decorators, so the front
// ends may import this file itself; the shell's table (Intl locales) follows it.

export const INTERFACE_LANGUAGE_CODES = ['en', 'hi', 'ta', 'te', 'ml', 'kn', 'bn', 'bho'] as const;

export type InterfaceLanguageCode = (typeof INTERFACE_LANGUAGE_CODES)[number];

export function isInterfaceLanguageCode(value: unknown): value is InterfaceLanguageCode {
  return typeof value === 'string' && (INTERFACE_LANGUAGE_CODES as readonly string[]).includes(value);
}

/**
 * Each language's name in itself, by code: what the shell's interface-language menu and the viewer's
 * catalogue-language switcher show. The catalogue's eight languages (D27) are the interface's eight.
 */
export const NATIVE_LANGUAGE_NAMES: Record<InterfaceLanguageCode, string> = {
  en: 'English',
  hi: 'हिन्दी',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  ml: 'മലയാളം',
  kn: 'ಕನ್ನಡ',
  bn: 'বাংলা',
  bho: 'भोजपुरी',
};

/** Each catalogue language (its English name, D27) by code: a title's language as a track's (D44). */
const CODES_BY_ENGLISH_NAME: Record<string, InterfaceLanguageCode> = {
  English: 'en',
  Hindi: 'hi',
  Tamil: 'ta',
  Telugu: 'te',
  Malayalam: 'ml',
  Kannada: 'kn',
  Bengali: 'bn',
  Bhojpuri: 'bho',
};

/** The code of a catalogue language (`Tamil` → `ta`); undefined for anything else. */
export function languageCodeOf(englishName: string | null | undefined): InterfaceLanguageCode | undefined {
  return englishName ? CODES_BY_ENGLISH_NAME[englishName] : undefined;
}
