// Link previews (issue 19): a title, episode or category page shared in a chat or a post is read by a
// crawler that runs no JavaScript, so the page itself carries its Open Graph and Twitter card tags,
// read from the catalogue through the gateway and kept a short while. Those pages and the home page
// also name their banner for the browser to preload (hero-preload.mjs). Every other page is served as
// it is, without a lookup.
import { URLSearchParams } from 'node:url';
import { bannerPreload, heroOf } from './hero-preload.mjs';

/** The show categories of SPEC §2.1 and the names the header gives them. */
const CATEGORY_NAMES = {
  political: 'Political Series',
  health: 'Health and Fitness',
  education: 'Educational Series',
};
const SITE_NAME = 'Chitram';
const DESCRIPTION_MAX = 200;
/** The home page waits at most this long for its hero: past it, the page goes out without the preload. */
const HOME_TIMEOUT_MS = 400;

/**
 * What a page address asks the catalogue, or null for a page without its own preview:
 * `/movie/{slug}/play`, `/{category}/episode/{id}`, `/{category}` and the home page `/` (its hero,
 * in the language its `?language=` names, as the viewer asks for it).
 * @returns {{ kind: 'movie', slug: string } | { kind: 'episode', category: string, id: string } | { kind: 'category', category: string } | { kind: 'home', language: string | null } | null}
 */
export function previewedPage(pathname, search = '') {
  if (pathname === '/')
    return { kind: 'home', language: new URLSearchParams(search).get('language') || null };
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const parts = decoded.replace(/\/+$/, '').split('/').slice(1);
  if (parts.length === 3 && parts[0] === 'movie' && parts[2] === 'play' && parts[1])
    return { kind: 'movie', slug: parts[1] };
  if (!Object.hasOwn(CATEGORY_NAMES, parts[0] ?? '')) return null;
  if (parts.length === 1) return { kind: 'category', category: parts[0] };
  if (parts.length === 3 && parts[1] === 'episode' && parts[2]) {
    return { kind: 'episode', category: parts[0], id: parts[2] };
  }
  return null;
}

/** Text for an HTML attribute or element: nothing in it can end the tag or start another. */
export function escapeHtml(value) {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

function shorten(text) {
  const flat = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** An image the catalogue answered (`/api/media/images/…` or absolute), as an absolute http(s) URL. */
function absoluteImage(value, origin) {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The preview of a page from the catalogue's answer, or null when the page shows nothing (unknown):
 * what a link to it shows (none for the home page) and `banner`, the picture at the top of the page.
 */
export function previewOf(page, answer) {
  if (page.kind === 'home') {
    const banner = heroOf(answer)?.bannerUrl;
    return banner ? { banner } : null;
  }
  if (page.kind === 'movie') {
    const movie = answer?.meta;
    if (!movie?.title) return null;
    return {
      type: 'video.movie',
      title: movie.title,
      description: movie.description,
      image: movie.bannerUrl || movie.thumbnailUrl,
      banner: movie.bannerUrl,
    };
  }
  const episodes = Array.isArray(answer?.episodes) ? answer.episodes : [];
  if (page.kind === 'episode') {
    const episode = episodes.find((e) => e?._id === page.id);
    if (!episode?.title) return null;
    return {
      type: 'video.episode',
      title: episode.title,
      description: episode.description,
      image: episode.bannerUrl,
      banner: episode.bannerUrl,
    };
  }
  // SPEC §2.11: a category page shows its first episode's banner and description.
  return {
    type: 'website',
    title: CATEGORY_NAMES[page.category],
    description: episodes[0]?.description ?? '',
    image: episodes[0]?.bannerUrl ?? null,
    banner: episodes[0]?.bannerUrl ?? null,
  };
}

/** The API path (under /api) that answers a page's preview. */
function apiPathOf(page) {
  if (page.kind === 'home')
    return page.language
      ? `home/content?${new URLSearchParams({ language: page.language })}`
      : 'home/content';
  return page.kind === 'movie'
    ? `movie/${encodeURIComponent(page.slug)}`
    : `series/category/${page.category}/episodes`;
}

/** The tags a preview puts in the page's head, every value escaped: its link preview and its banner's preload. */
export function previewTags(preview, { origin, pathname }) {
  const preload = bannerPreload(preview.banner);
  const preloadTags = preload ? [['link', preload]] : [];
  return (preview.title ? [...shareTags(preview, { origin, pathname }), ...preloadTags] : preloadTags).map(
    ([tag, value]) =>
      tag === 'title'
        ? `<title>${escapeHtml(value)}</title>`
        : `<${tag} ${Object.entries(value)
            .map(([name, v]) => `${name}="${escapeHtml(v)}"`)
            .join(' ')} />`,
  );
}

/** The title, description, Open Graph and Twitter card of a page that has them. */
function shareTags(preview, { origin, pathname }) {
  const url = `${origin}${pathname}`;
  const title = `${preview.title} · ${SITE_NAME}`;
  const description = shorten(preview.description);
  const image = absoluteImage(preview.image, origin);
  const tags = [
    ['title', title],
    ['meta', { name: 'description', content: description }],
    ['link', { rel: 'canonical', href: url }],
    ['meta', { property: 'og:site_name', content: SITE_NAME }],
    ['meta', { property: 'og:type', content: preview.type }],
    ['meta', { property: 'og:title', content: title }],
    ['meta', { property: 'og:description', content: description }],
    ['meta', { property: 'og:url', content: url }],
    ...(image ? [['meta', { property: 'og:image', content: image }]] : []),
    ['meta', { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' }],
    ['meta', { name: 'twitter:title', content: title }],
    ['meta', { name: 'twitter:description', content: description }],
    ...(image ? [['meta', { name: 'twitter:image', content: image }]] : []),
  ];
  return tags;
}

/**
 * The page with its preview: the page's own title and description give way to the preview's (when it
 * has them), and the tags go at the end of its head.
 */
export function withPreview(html, tags) {
  const head = html.indexOf('</head>');
  if (head === -1) return html;
  const ownTitle = !tags.some((tag) => tag.startsWith('<title>'));
  const rest = ownTitle
    ? html.slice(0, head)
    : html
        .slice(0, head)
        .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
        .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '');
  return `${rest}${tags.join('\n    ')}\n  ${html.slice(head)}`;
}

/**
 * Previews read through the gateway and kept `ttlMs` each, at most `maxEntries` (the least recently
 * used goes first). An unknown title is kept too, so a crawler asking for one again costs nothing; a
 * gateway that fails or is slow is not: the page is then served without a preview.
 * @param {{ apiTarget: string | string[], ttlMs?: number, maxEntries?: number, timeoutMs?: number, now?: () => number }} options
 */
export function createPreviewSource({
  apiTarget,
  ttlMs = 60_000,
  maxEntries = 500,
  timeoutMs = 1500,
  now = Date.now,
}) {
  // Several gateways: taken in turn, as the proxy takes them.
  const bases = [apiTarget].flat().map((target) => target.replace(/\/+$/, ''));
  let turn = 0;
  /** @type {Map<string, { at: number, preview: Promise<object | null> }>} */
  const kept = new Map();

  async function lookup(page) {
    const base = bases[turn++ % bases.length];
    const res = await fetch(`${base}/api/${apiPathOf(page)}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(page.kind === 'home' ? Math.min(timeoutMs, HOME_TIMEOUT_MS) : timeoutMs),
    });
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok) throw new Error(`the catalogue answered ${res.status}`);
    return previewOf(page, await res.json());
  }

  return {
    /** The preview of a page (null: none), or a rejection when the catalogue could not say. */
    preview(page) {
      const key = JSON.stringify(page);
      const entry = kept.get(key);
      if (entry && now() - entry.at < ttlMs) {
        kept.delete(key);
        kept.set(key, entry);
        return entry.preview;
      }
      const preview = lookup(page);
      kept.delete(key);
      kept.set(key, { at: now(), preview });
      preview.catch(() => {
        if (kept.get(key)?.preview === preview) kept.delete(key);
      });
      while (kept.size > maxEntries) kept.delete(kept.keys().next().value);
      return preview;
    },
    get size() {
      return kept.size;
    },
  };
}
