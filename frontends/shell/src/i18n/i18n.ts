import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogueBackend, registerCatalogue } from './catalogue-backend';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGES,
  INTERFACE_LANGUAGES,
  initialLanguage,
  intlLocaleOf,
  isInterfaceLanguage,
  type InterfaceLanguage,
  languageCookie,
  LANGUAGE_STORAGE_KEY,
} from './languages';
import en from './locales/en.json';
import { loadShellCatalogue } from './shell-catalogues';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language ?? DEFAULT_LANGUAGE];
}

/** The page says which language it is in (screen readers, hyphenation, the fonts' `lang` rules). */
function markDocument(language: string): void {
  document.documentElement.lang = language;
}

/** Tells the shell's server the interface language, for the words it draws into pages (languageCookie). */
export function rememberLanguageForServer(language: string, doc: Pick<Document, 'cookie'> = document): void {
  if (isInterfaceLanguage(language)) doc.cookie = languageCookie(language);
}

/**
 * Starts the site's one i18next instance (shared with the remotes through Module Federation): the
 * language chosen on this device, else the browser's; the shell's English bundled, every other
 * catalogue loaded when its language is used.
 */
export function startI18n(): void {
  registerCatalogue('shell', loadShellCatalogue);
  i18next.on('languageChanged', (language: string) => {
    markDocument(language);
    rememberLanguageForServer(language);
  });
  const language = initialLanguage(storage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null, browserLanguages());
  rememberLanguageForServer(language);
  void i18next
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: INTERFACE_LANGUAGES.map((l) => l.code),
      fallbackLng: FALLBACK_LANGUAGES,
      load: 'currentOnly',
      ns: ['shell'],
      defaultNS: 'shell',
      // English is bundled; other languages load through the backend when used.
      resources: { en: { shell: en } },
      partialBundledLanguages: true,
      // English is here already: no tick without words on the first render.
      initAsync: false,
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      react: { useSuspense: true },
    });
  writeNumbersInTheLanguage(i18next);
}

/**
 * `{{count, number}}` in a wording: written as the interface language writes numbers, with the same
 * Intl locale as its prices and dates ('bn' → bn-IN, Bengali digits; 'bho' → hi-IN), so a count never
 * uses other digits than the price beside it.
 */
export function writeNumbersInTheLanguage(instance: i18n): void {
  instance.services.formatter?.add('number', (value: number, lng: string | undefined) =>
    new Intl.NumberFormat(intlLocaleOf(lng ?? DEFAULT_LANGUAGE)).format(value),
  );
}

/** The language chosen on this device, if one was (not merely the browser's). */
export function deviceLanguage(): InterfaceLanguage | null {
  const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  return isInterfaceLanguage(stored) ? stored : null;
}

/** Switches the interface (every app at once, after their catalogues arrive) and remembers it here. */
export async function chooseInterfaceLanguage(language: InterfaceLanguage): Promise<void> {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18next.changeLanguage(language);
}
