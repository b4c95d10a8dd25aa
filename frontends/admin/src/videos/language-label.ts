import { NATIVE_LANGUAGE_NAMES, type InterfaceLanguageCode } from '@chitram/contracts/web';

/** The eight languages (D27) by their English names: the admin's words. */
export const ENGLISH_NAMES: Record<InterfaceLanguageCode, string> = {
  en: 'English',
  hi: 'Hindi',
  ta: 'Tamil',
  te: 'Telugu',
  ml: 'Malayalam',
  kn: 'Kannada',
  bn: 'Bengali',
  bho: 'Bhojpuri',
};

/** `Tamil (தமிழ்)`, or `English` alone: a track's language in the admin's panels (D44). */
export const languageLabel = (code: InterfaceLanguageCode) =>
  ENGLISH_NAMES[code] === NATIVE_LANGUAGE_NAMES[code]
    ? ENGLISH_NAMES[code]
    : `${ENGLISH_NAMES[code]} (${NATIVE_LANGUAGE_NAMES[code]})`;
