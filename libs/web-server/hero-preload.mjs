// The first screen's largest picture, named in the page itself (issue 19): the home page's hero banner
// and a title, episode or category page's banner. A browser then starts it with the page's first
// bytes, at the width its slot needs, instead of after the scripts and the catalogue's answer: the
// Largest Contentful Paint on a phone no longer waits for them.

/**
 * The widths the media service serves a stored picture at, its `?w=` parameter and how wide the
 * banner shows: the same as MEDIA_IMAGE_WIDTHS, MEDIA_IMAGE_WIDTH_PARAM and HERO_IMAGE_SIZES of
 * libs/contracts/src/catalog-lists.ts, which the viewer's <img> uses (test/hero-preload.test.mjs
 * holds them equal). The preload is used only when it picks the same picture as the <img>.
 */
export const MEDIA_IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280];
export const MEDIA_IMAGE_WIDTH_PARAM = 'w';
export const HERO_IMAGE_SIZES = '(max-aspect-ratio: 3/2) min(146vh, 1280px), 100vw';
const MEDIA_IMAGES_PATH = '/api/media/images/';

/**
 * The home page's hero, as the viewer picks it (heroMovie in frontends/viewer/src/catalog/
 * catalog-rules.ts): the featured titles, then the trending ones, then every rail in order; the
 * first that plays, else the first of all.
 * @param {{ genreMovies?: Record<string, unknown[]> } | null | undefined} content  GET /api/home/content
 */
export function heroOf(content) {
  const groups = content?.genreMovies ?? {};
  const rail = (genre) => (Array.isArray(groups[genre]) ? groups[genre] : []);
  const inOrder = [
    ...rail('Featured'),
    ...rail('Trending'),
    ...Object.keys(groups).flatMap((genre) => rail(genre)),
  ].filter((movie) => movie && typeof movie === 'object');
  return inOrder.find((movie) => movie.playable === true) ?? inOrder[0] ?? null;
}

/** A stored picture's `srcset` (as mediaImageSrcSet of the contracts), '' for any other address. */
export function mediaImageSrcSet(url) {
  if (typeof url !== 'string' || !url.startsWith(MEDIA_IMAGES_PATH) || !/\.(jpg|png|webp)$/i.test(url))
    return '';
  return MEDIA_IMAGE_WIDTHS.map((width) => `${url}?${MEDIA_IMAGE_WIDTH_PARAM}=${width} ${width}w`).join(', ');
}

/**
 * The attributes of the `<link rel="preload">` of a banner at `url`, or null when there is nothing to
 * preload: no banner, a banner that is a video (SPEC §5), or an address that is not a picture's.
 * @param {unknown} url
 * @returns {Record<string, string> | null}
 */
export function bannerPreload(url) {
  if (typeof url !== 'string' || url === '' || /\.(mp4|webm)(?:[?#].*)?$/i.test(url)) return null;
  const srcset = mediaImageSrcSet(url);
  const link = { rel: 'preload', as: 'image', fetchpriority: 'high' };
  if (srcset) return { ...link, imagesrcset: srcset, imagesizes: HERO_IMAGE_SIZES };
  return /^(https?:\/\/|\/(?!\/))/i.test(url) ? { ...link, href: url } : null;
}
