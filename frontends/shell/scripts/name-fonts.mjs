// Fonts for the languages' own names (issue 19), made before each build of the shell.
//
// Every page names the eight languages in their own scripts (the header's language menu, the home
// page's language switcher and chips): हिन्दी, தமிழ், తెలుగు, … Drawn with the site's script families
// (src/fonts/<script>.css), those few words cost a first visit about 300 KB of fonts, the whole of six
// scripts, before the page has shown a title. This writes, for each script's @font-face there, the same
// face cut down to the glyphs of those names (HarfBuzz's subsetter keeps what shaping them needs), a few
// kilobytes each, as the family 'Chitram Names' (generated/fonts/names.css with its files). Elements that
// show a name in its own script use that family first (`.native-name`). The full script families still
// draw every other text in those scripts, and the names when the interface is in that language.
//
// The rupee sign is cut out the same way: every price shows ₹ (U+20B9), which lies in the range of
// Noto Sans's latin-ext files, 60 KB a weight for the one glyph. 'Chitram Rupee' (generated/fonts/
// rupee.css) holds just ₹ in each weight of 'Chitram Sans Ext' (src/fonts/latin.css), about 1 KB, and
// comes before it in the `--font` stack, so a page of prices no longer fetches latin-ext at all.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const shell = path.join(here, '..');
const SOURCES = path.join(shell, 'src/fonts');
const OUTPUT = path.join(shell, 'generated/fonts');
const FAMILY = 'Chitram Names';

const { NATIVE_LANGUAGE_NAMES } = require('@chitram/contracts');
/** Every character of the names, and the joiners and dotted circle the script files keep too. */
const SHAPING = ['\u200c', '\u200d', '\u25cc'];
const NAME_TEXT = Object.values(NATIVE_LANGUAGE_NAMES).join('') + SHAPING.join('');

/** The @font-face rules of one script's CSS: weight, source file and unicode-range. */
function facesOf(css) {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
    weight: /font-weight:\s*(\d+)/.exec(body)?.[1],
    source: /url\('([^']+)'\)/.exec(body)?.[1],
    range: /unicode-range:\s*([^;]+);/.exec(body)?.[1].trim(),
  }));
}

/** Whether a code point lies in a CSS unicode-range such as "U+0B82-0BFA, U+200C-200D, U+25CC". */
function inRange(codePoint, range) {
  return range.split(',').some((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return codePoint >= parseInt(from, 16) && codePoint <= parseInt(to, 16);
  });
}

mkdirSync(OUTPUT, { recursive: true });
const rules = [];
let bytes = 0;
/** The Indian scripts' files: Latin (the English name among them) is the site's own font already. */
const SCRIPT_FILES = readdirSync(SOURCES).filter(
  (f) => f.endsWith('.css') && !['index.css', 'latin.css'].includes(f),
);
for (const file of SCRIPT_FILES.sort()) {
  const script = path.basename(file, '.css');
  for (const face of facesOf(readFileSync(path.join(SOURCES, file), 'utf8'))) {
    if (!face.weight || !face.source || !face.range) continue;
    const text = [...new Set(NAME_TEXT)].filter((c) => inRange(c.codePointAt(0), face.range)).join('');
    if ([...text].every((c) => SHAPING.includes(c))) continue; // no name is written in this script
    const font = await subsetFont(readFileSync(require.resolve(face.source)), text, {
      targetFormat: 'woff2',
    });
    const name = `names-${script}-${face.weight}.woff2`;
    writeFileSync(path.join(OUTPUT, name), font);
    bytes += font.length;
    rules.push(
      `@font-face {\n  font-family: '${FAMILY}';\n  font-style: normal;\n  font-weight: ${face.weight};\n` +
        `  font-display: swap;\n  src: url('./${name}') format('woff2');\n  unicode-range: ${face.range};\n}\n`,
    );
  }
}

const RUPEE = '\u20b9';
const rupeeRules = [];
let rupeeBytes = 0;
const latin = readFileSync(path.join(SOURCES, 'latin.css'), 'utf8');
const extFaces = [...latin.matchAll(/@font-face\s*{([^}]*)}/g)]
  .filter(([, body]) => body.includes("'Chitram Sans Ext'"))
  .map(([rule]) => facesOf(rule)[0]);
for (const face of extFaces) {
  if (!face.weight || !face.source || !inRange(RUPEE.codePointAt(0), face.range ?? '')) continue;
  const font = await subsetFont(readFileSync(require.resolve(face.source)), RUPEE, { targetFormat: 'woff2' });
  const name = `rupee-${face.weight}.woff2`;
  writeFileSync(path.join(OUTPUT, name), font);
  rupeeBytes += font.length;
  rupeeRules.push(
    `@font-face {\n  font-family: 'Chitram Rupee';\n  font-style: normal;\n  font-weight: ${face.weight};\n` +
      `  font-display: swap;\n  src: url('./${name}') format('woff2');\n  unicode-range: U+20B9;\n}\n`,
  );
}
if (rupeeRules.length === 0)
  throw new Error("name-fonts: no face of 'Chitram Sans Ext' in latin.css holds ₹");
writeFileSync(
  path.join(OUTPUT, 'rupee.css'),
  `/* Made by scripts/name-fonts.mjs before each build: the rupee sign alone, ${rupeeRules.length} weights. */\n${rupeeRules.join('\n')}`,
);

writeFileSync(
  path.join(OUTPUT, 'names.css'),
  `/* Made by scripts/name-fonts.mjs before each build: the languages' own names, ${rules.length} faces. */\n${rules.join('\n')}`,
);
console.log(
  `name fonts: ${rules.length} faces, ${(bytes / 1024).toFixed(1)} KB; rupee: ${rupeeRules.length} faces, ` +
    `${(rupeeBytes / 1024).toFixed(1)} KB in ${path.relative(shell, OUTPUT)}`,
);
