import { ErrorCode, WEB_SERVER_ERROR_CODES } from '@chitram/contracts/web';
import { INTERFACE_LANGUAGES } from './languages';

// Every catalogue of the site's one i18next instance (issue 11): the shell's namespace and the viewer
// remote's, which registers its own with the shell. The admin remote speaks English only.

declare const __dirname: string;
type Fs = {
  readdirSync(dir: string, options?: { recursive: true }): string[];
  readFileSync(file: string, encoding: 'utf8'): string;
};
const fs = jest.requireActual<Fs>('node:fs');
type Catalogue = { [key: string]: string | Catalogue };

const NAMESPACES = [
  { name: 'shell', locales: `${__dirname}/locales`, source: `${__dirname}/..` },
  {
    name: 'viewer',
    locales: `${__dirname}/../../../viewer/src/i18n/locales`,
    source: `${__dirname}/../../../viewer/src`,
  },
];
const TRANSLATIONS = INTERFACE_LANGUAGES.map((l) => l.code).filter((code) => code !== 'en');

function read(dir: string, language: string): Catalogue {
  return JSON.parse(fs.readFileSync(`${dir}/${language}.json`, 'utf8')) as Catalogue;
}

/** Every key of a catalogue, dotted, with its wording. */
function entries(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') found.set(`${prefix}${key}`, value);
    else for (const [k, v] of entries(value, `${prefix}${key}.`)) found.set(k, v);
  }
  return found;
}

/**
 * The parts of a wording that code fills in or wraps: {{value}}, {{count, number}}, <tag>…</tag> and <tag/>.
 * English writes a price as SPEC §2.8's 'Rs {{price}}'; other languages write `amount`, the ₹ price in
 * their locale.
 */
function parts(text: string): string[] {
  return (text.match(/\{\{[^{}]+\}\}|<\/?\w+\/?>/g) ?? [])
    .map((p) => p.replace(/\s/g, '').replace('{{amount}}', '{{price}}'))
    .sort();
}

describe.each(NAMESPACES)('the $name catalogues (issue 11)', ({ name, locales, source }) => {
  const english = entries(read(locales, 'en'));
  const hindi = entries(read(locales, 'hi'));

  it('has a catalogue for every interface language', () => {
    const files = fs.readdirSync(locales).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual(
      INTERFACE_LANGUAGES.map((l) => l.code).sort(),
    );
  });

  it.each(TRANSLATIONS)('%s has every key English has, and no other', (language) => {
    const own = entries(read(locales, language));
    // Bhojpuri says what differs from Hindi; Hindi covers the rest (FALLBACK_LANGUAGES).
    const covered = language === 'bho' ? new Map([...hindi, ...own]) : own;
    expect({ name, language, missing: [...english.keys()].filter((key) => !covered.has(key)) }).toEqual({
      name,
      language,
      missing: [],
    });
    expect({ name, language, extra: [...own.keys()].filter((key) => !english.has(key)) }).toEqual({
      name,
      language,
      extra: [],
    });
  });

  it.each(TRANSLATIONS)('%s fills in and wraps the same parts as English', (language) => {
    for (const [key, text] of entries(read(locales, language)))
      expect({ key, parts: parts(text) }).toEqual({ key, parts: parts(english.get(key) ?? '') });
  });

  it('writes every count as a number of its language ({{count, number}}), in every language', () => {
    for (const language of ['en', ...TRANSLATIONS])
      for (const [key, text] of entries(read(locales, language)))
        expect({ key, language, bare: text.match(/\{\{\s*(count|seconds|rate)\s*\}\}/g) }).toEqual({
          key,
          language,
          bare: null,
        });
  });

  it('uses every key it has', () => {
    const code = fs
      .readdirSync(source, { recursive: true })
      .filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file))
      .map((file) => fs.readFileSync(`${source}/${file}`, 'utf8'))
      .join('\n');
    // A key is used when it is written out, or when one of its groups is looked up by a computed key
    // (`genres.${genre}`); a plural key through its stem.
    const groups = (key: string) =>
      key
        .split('.')
        .slice(0, -1)
        .map((_, i, all) => all.slice(0, i + 1).join('.'));
    const unused = [...english.keys()].filter((key) => {
      const stem = key.replace(/_(one|other)$/, '');
      return (
        !code.includes(`'${stem}'`) &&
        !code.includes(`"${stem}"`) &&
        !groups(key).some((group) => code.includes(`\`${group}.\${`))
      );
    });
    expect(unused).toEqual([]);
  });
});

describe("the shell's words for the servers' errors", () => {
  // A new code without words fails here: the viewer would otherwise see only the generic words.
  it('words every error code the servers send, in every language', () => {
    const codes: string[] = [...Object.values(ErrorCode), ...WEB_SERVER_ERROR_CODES];
    for (const language of ['en', ...TRANSLATIONS.filter((l) => l !== 'bho')]) {
      const words = entries(read(NAMESPACES[0].locales, language));
      expect({ language, unworded: codes.filter((code) => !words.has(`errors.${code}`)) }).toEqual({
        language,
        unworded: [],
      });
    }
  });

  it("keeps the visible name 'Chitram' in the home link's label, in every language (label in name)", () => {
    for (const language of ['en', ...TRANSLATIONS])
      expect(entries(read(NAMESPACES[0].locales, language)).get('brand.home') ?? 'Chitram').toContain(
        'Chitram',
      );
  });
});
