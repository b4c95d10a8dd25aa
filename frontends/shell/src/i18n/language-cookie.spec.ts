import i18next from 'i18next';
import { rememberLanguageForServer, startI18n } from './i18n';
import { languageCookie } from './languages';

describe('the interface language, told to the server (issue 19)', () => {
  it('is a cookie of the whole site, kept a year, sent on navigations from other sites', () => {
    expect(languageCookie('ta')).toBe('interfaceLanguage=ta; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('is written for a language the interface speaks, and for no other', () => {
    const doc = { cookie: '' };
    rememberLanguageForServer('bho', doc);
    expect(doc.cookie).toBe(languageCookie('bho'));
    rememberLanguageForServer('fr', doc);
    expect(doc.cookie).toBe(languageCookie('bho'));
  });

  it('is written when the interface starts and whenever its language changes', async () => {
    const written: string[] = [];
    const stored = new Map([['interfaceLanguage', 'hi']]);
    const browser = {
      window: { localStorage: { getItem: (key: string) => stored.get(key) ?? null } },
      navigator: { languages: ['en-IN'] },
      document: {
        documentElement: { lang: '' },
        set cookie(value: string) {
          written.push(value);
        },
      },
    };
    for (const [name, value] of Object.entries(browser))
      Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
    startI18n();
    expect(written[0]).toBe(languageCookie('hi'));
    // The words of Tamil are not loaded here; the language changes all the same.
    await i18next.changeLanguage('ta').catch(() => undefined);
    expect(written.at(-1)).toBe(languageCookie('ta'));
  });
});
