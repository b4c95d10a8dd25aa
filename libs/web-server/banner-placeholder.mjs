// The page's banner in the page itself (issue 19): the home page's hero and a title page's picture,
// drawn by the HTML before any script has run. The shell's code then draws the same placeholder in
// the same place (frontends/shell/src/federation/BannerPlaceholder.tsx) while the page's remote loads,
// and the page's own banner takes its place at the same size. On a phone the scripts take seconds;
// the picture, preloaded with the page's first bytes (hero-preload.mjs), is there long before.
// Its rules are the shell's own file (frontends/shell/src/styles/banner-placeholder.css), copied into
// the shell's build and inlined here, so the first paint needs nothing more from the server.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bannerPreload } from './hero-preload.mjs';
import { escapeHtml } from './share-meta.mjs';

/** The file of the shell's build that holds the placeholder's rules. */
export const PLACEHOLDER_CSS = 'banner-placeholder.css';

/** The kind of banner a previewed page opens with (the box the page gives it), or null. */
export function placeholderKindOf(page) {
  if (page?.kind === 'home') return 'feature';
  if (page?.kind === 'movie') return 'title';
  return null;
}

/**
 * The placeholder's markup for a banner at `banner` (as the catalogue answered it), or null when
 * there is no picture to show (none, or a banner that is a video).
 */
export function placeholderMarkup(kind, banner) {
  const preload = bannerPreload(banner);
  if (!kind || !preload) return null;
  const attributes = {
    class: 'banner-placeholder__img',
    ...(preload.href ? { src: preload.href } : {}),
    ...(preload.imagesrcset ? { srcset: preload.imagesrcset, sizes: preload.imagesizes } : {}),
    alt: '',
    fetchpriority: 'high',
    decoding: 'sync',
  };
  const img = `<img ${Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ')} />`;
  return `<div class="banner-placeholder banner-placeholder--${kind} banner-placeholder--static" aria-hidden="true">${img}</div>`;
}

/**
 * The shell's script preloads that a page drawing its first paint from its own bytes leaves out
 * (frontends/rspack.base.mjs marks them): its entry asks for those scripts once that paint is on the
 * screen (frontends/shell/src/index.ts), so the banner's picture, or the heading's face and rules, do
 * not share a phone's line with them before it. Fetched beside them, the scripts finished before the
 * first paint on one Lighthouse run in two, and its simulated LCP then waited for all of them.
 */
const AFTER_FIRST_PAINT_PRELOAD = /<link\b[^>]*\sdata-after-first-paint(?=[\s=/>])[^>]*>/gi;

/**
 * `html` with `markup` inside its (empty) root element, the rules `css` in its head and the preloads
 * that wait for the first paint left out: what the page's first paint draws from its own bytes (a
 * banner's placeholder, a page's heading: page-heading.mjs); null when the page has no empty root
 * after its head.
 */
export function inlineFirstPaint(page, markup, css) {
  const html = page.replace(AFTER_FIRST_PAINT_PRELOAD, '');
  const root = html.indexOf('<div id="root"></div>');
  const head = html.indexOf('</head>');
  if (root === -1 || head === -1 || head > root) return null;
  const style = `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>\n  `;
  const rootEnd = root + '<div id="root">'.length;
  return `${html.slice(0, head)}${style}${html.slice(head, rootEnd)}${markup}${html.slice(rootEnd)}`;
}

/** The page with the placeholder inside its root element (inlineFirstPaint); as it was without either. */
export function withPlaceholder(html, markup, css) {
  if (!markup || !css) return html;
  return inlineFirstPaint(html, markup, css) ?? html;
}

/** The placeholder's rules from the build at `rootDir`, read once (null when the build has none). */
export function placeholderRules(rootDir) {
  let rules;
  return () =>
    (rules ??= readFile(path.join(rootDir, PLACEHOLDER_CSS), 'utf8').catch(() => {
      rules = undefined;
      return null;
    }));
}
