// The page's heading in the page itself (issue 19): a page whose largest text is its heading (the
// plans page) has it drawn by the HTML, in the visitor's language, before any script has run. Its
// words are the remote's (its build writes them into pages.json: RemotePagesPlugin in
// frontends/rspack.base.mjs); its rules are the shell's own file (frontends/shell/src/styles/
// page-heading.css, copied into the shell's build), which places it where the remote's heading will
// be. The shell then draws the same heading while the remote's code loads (frontends/shell/src/
// federation/PageHeading.tsx), and the remote's heading takes its place in the same box: it is no new,
// larger paint, and nothing moves. As on a banner page, the shell's script preloads are left out: the
// heading's face and rules have the line to themselves, and the entry asks for the scripts once the
// heading is shown (Lighthouse's simulated LCP on the plans page: median 2,408 -> 1,907 ms).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inlineFirstPaint } from './banner-placeholder.mjs';
import { escapeHtml } from './share-meta.mjs';

/** The file of the shell's build that holds the heading's rules. */
export const HEADING_CSS = 'page-heading.css';

/** The cookie in which the shell keeps the interface language (frontends/shell/src/i18n/i18n.ts). */
export const LANGUAGE_COOKIE = 'interfaceLanguage';

const DEFAULT_LANGUAGE = 'en';

/** The weights the heading is drawn in: its eyebrow's and its title's (page-heading.css). */
const HEADING_WEIGHTS = [700, 800];

/** The value of the cookie `name` in a Cookie header, or null. */
export function cookieValue(header, name) {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A Cookie header without the interface language's cookie: '' when that was all it held. */
export function otherCookies(header) {
  return (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && pair.split('=', 1)[0].trim() !== LANGUAGE_COOKIE)
    .join('; ');
}

/** The tags of an Accept-Language header, most wanted first (`q=0` left out). */
export function acceptedTags(header) {
  return (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag, ...params] = entry.split(';').map((part) => part.trim());
      const q = params.find((p) => /^q=/i.test(p));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language to draw a heading in, among those it has: the one the visitor chose on the site (its
 * cookie), else the browser's first that it has ('ta-IN' → 'ta', as the shell's languageOfTag reads
 * it), else English, as the shell itself starts (initialLanguage in frontends/shell/src/i18n/languages.ts).
 */
export function headingLanguage(heading, { cookie, acceptLanguage } = {}) {
  const has = (language) => typeof language === 'string' && Object.hasOwn(heading, language);
  const chosen = cookieValue(cookie, LANGUAGE_COOKIE);
  if (has(chosen)) return chosen;
  for (const tag of acceptedTags(acceptLanguage)) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (has(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The heading's markup in `language` (its words as pages.json has them), or null without a title. */
export function headingMarkup(heading, language) {
  const words = heading?.[language];
  if (typeof words?.title !== 'string' || words.title === '') return null;
  const eyebrow =
    typeof words.eyebrow === 'string' && words.eyebrow !== ''
      ? `<p class="page-heading__eyebrow">${escapeHtml(words.eyebrow)}</p>`
      : '';
  return `<section class="page-heading page-heading--static" lang="${escapeHtml(language)}">${eyebrow}<h1 class="page-heading__title">${escapeHtml(words.title)}</h1></section>`;
}

/** The code points of `text`. */
const codePoints = (text) => new Set([...text].map((c) => c.codePointAt(0)));

/** `U+0B82-0BFA, U+25CC, U+4??` → [[0xb82, 0xbfa], [0x25cc, 0x25cc], [0x400, 0x4ff]]; all when absent. */
function rangesOf(rule) {
  const declared = /unicode-range\s*:\s*([^;}]+)/i.exec(rule);
  if (!declared) return [[0, 0x10ffff]];
  return declared[1].split(',').flatMap((range) => {
    const m = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(range);
    if (!m) return [];
    const low = parseInt(m[1].replace(/\?/g, '0'), 16);
    const high = parseInt(m[2] ?? m[1].replace(/\?/g, 'f'), 16);
    return [[low, high]];
  });
}

/** `font-weight: 100 900` → [100, 900]; 400 when absent. */
function weightsOf(rule) {
  const declared = /font-weight\s*:\s*(\d+)(?:\s+(\d+))?/i.exec(rule);
  const low = declared ? Number(declared[1]) : 400;
  return [low, declared?.[2] ? Number(declared[2]) : low];
}

/**
 * The `@font-face` rules of `css` (the shell's style sheet) that draw `text` in the heading's weights,
 * shown with `font-display: block`: the heading waits for its face (the Latin one is preloaded with the
 * page's first bytes) rather than painting first in a system font, whose box differs from the one the
 * remote's heading then draws, which would count as a new, larger paint. The shell's own rules, which
 * come later and win, show the rest of the page's text at once (`swap`).
 */
export function fontFacesFor(css, text) {
  const points = codePoints(text);
  return (css.match(/@font-face\s*{[^}]*}/gi) ?? [])
    .filter((rule) => {
      const [lightest, boldest] = weightsOf(rule);
      if (!HEADING_WEIGHTS.some((w) => w >= lightest && w <= boldest)) return false;
      const ranges = rangesOf(rule);
      return [...points].some((p) => ranges.some(([low, high]) => p >= low && p <= high));
    })
    .map((rule) =>
      /font-display\s*:/i.test(rule)
        ? rule.replace(/font-display\s*:\s*[a-z-]+/i, 'font-display:block')
        : rule.replace(/}$/, ';font-display:block}'),
    )
    .join('');
}

/** The shell's own style sheets that `html` preloads (same-origin paths). */
export function preloadedStyleSheets(html) {
  return (html.match(/<link\b[^>]*>/gi) ?? [])
    .filter((tag) => /\brel=["']?preload\b/i.test(tag) && /\bas=["']?style\b/i.test(tag))
    .map((tag) => /\bhref=["']?([^"'\s>]+)/i.exec(tag)?.[1])
    .filter((href) => typeof href === 'string' && href.startsWith('/') && !href.startsWith('//'));
}

/**
 * What a page's heading needs from the build at `rootDir`: its rules (read once) and, from the shell's
 * style sheets by path, the faces a heading's words need (each sheet read once, its faces for given
 * words found once: their names change with their content, and a heading has a wording per language).
 */
export function headingSources(rootDir) {
  let rules;
  const sheets = new Map();
  const faces = new Map();
  const read = (name) => readFile(path.join(rootDir, name), 'utf8').catch(() => null);
  const sheet = (name) => {
    if (!sheets.has(name)) sheets.set(name, read(name));
    return sheets.get(name);
  };
  return {
    rules: () =>
      (rules ??= read(HEADING_CSS).then((css) => {
        if (css === null) rules = undefined;
        return css;
      })),
    /** The `@font-face` rules of the sheet at `href` that draw `text` (fontFacesFor); '' without it. */
    faces(href, text) {
      const name = path.normalize(decodeURIComponent(href.split(/[?#]/)[0])).replace(/^[/\\]+/, '');
      if (name.startsWith('..')) return Promise.resolve('');
      const key = `${name}\n${text}`;
      if (!faces.has(key))
        faces.set(
          key,
          sheet(name).then((css) => (css ? fontFacesFor(css, text) : '')),
        );
      return faces.get(key);
    },
  };
}

/**
 * The page `html` with the heading in `language` inside its root element, and its rules and faces in
 * its head; null when it has no room for them (or the heading no words).
 */
export async function withHeading(html, heading, language, sources) {
  const markup = headingMarkup(heading, language);
  const rules = markup ? await sources.rules() : null;
  if (!rules) return null;
  const words = heading[language];
  const text = `${words.eyebrow ?? ''}${words.eyebrow ? words.eyebrow.toUpperCase() : ''}${words.title}`;
  const faces = await Promise.all(preloadedStyleSheets(html).map((href) => sources.faces(href, text)));
  return inlineFirstPaint(html, markup, `${faces.join('')}${rules}`);
}
