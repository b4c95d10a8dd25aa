// The fixed lists of SPEC §5 (DECISIONS D26, D27) and the pure rules over them. This module imports
// nothing, so the front ends can use it (by sub-path) without the validation libraries.

export const LANGUAGES = [
  'English',
  'Hindi',
  'Tamil',
  'Telugu',
  'Malayalam',
  'Bhojpuri',
  'Kannada',
  'Bengali',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** In SPEC §5's order, which is also the order of the home page's rails. */
export const GENRES = [
  'Action',
  'Drama',
  'Thriller',
  'Romance',
  'Sci-Fi',
  'Horror',
  'Trending',
  'Featured',
  'Comedy',
  'Classic',
  'Kids',
  'Devotional',
  'South Favourites',
  'Sports',
] as const;
export type Genre = (typeof GENRES)[number];

export const RATINGS = ['U', 'U/A', 'A'] as const;
export type Rating = (typeof RATINGS)[number];

/** Show (episode) categories, each with its page: /political, /health, /education. */
export const CATEGORIES = ['political', 'health', 'education'] as const;
export type Category = (typeof CATEGORIES)[number];

export const TITLE_TYPES = ['movie', 'series'] as const;
export type TitleType = (typeof TITLE_TYPES)[number];

export const MIN_RELEASE_YEAR = 1950;
/** SPEC §9: the admin shows list has 10 a page; the admin movie and series lists follow it. */
export const ADMIN_PAGE_SIZE = 10;
/** Titles per genre rail on the home page. */
export const HOME_RAIL_SIZE = 20;
/** Titles per page of a view-all or language page. */
export const MOVIE_LIST_PAGE_SIZE = 60;
/** Titles under a title page's "More like this" (issue 19): one or two rows of posters. */
export const MORE_LIKE_THIS_SIZE = 12;
/** Titles a search answers: the best matches, enough for a page of thumbnails. */
export const SEARCH_RESULT_LIMIT = 24;
/** Series, and episodes, that the grouped search answers beside the films (issue 19). */
export const SEARCH_GROUP_LIMIT = 12;
export const SEARCH_TERM_MAX_LENGTH = 100;
/** Episodes listed on one category page. */
export const CATEGORY_EPISODE_LIMIT = 200;

/**
 * Where the media service serves a stored image (SPEC §5 banners may also be short videos, served
 * from the same path). A stored object key `k` is answered as `${MEDIA_IMAGES_PATH}k`.
 */
export const MEDIA_IMAGES_PATH = '/api/media/images/';

/**
 * The widths (pixels) a stored picture is also served at, as WebP, by adding `?w=<width>` to its
 * address (issue 19): a phone's poster slot loads a small picture, a laptop's hero a large one. Only
 * these, so every variant is made once and kept; a picture narrower than a width is served at its own.
 */
export const MEDIA_IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type MediaImageWidth = (typeof MEDIA_IMAGE_WIDTHS)[number];
/** The query parameter that names the width. */
export const MEDIA_IMAGE_WIDTH_PARAM = 'w';

/** A stored picture's address (not a video's, not a GIF's, not one hosted elsewhere) at each width. */
export function mediaImageVariants(url: string | null | undefined): Array<{ url: string; width: number }> {
  if (!url?.startsWith(MEDIA_IMAGES_PATH) || !/\.(jpg|png|webp)$/i.test(url)) return [];
  return MEDIA_IMAGE_WIDTHS.map((width) => ({
    url: `${url}?${MEDIA_IMAGE_WIDTH_PARAM}=${width}`,
    width,
  }));
}

/**
 * How wide the banner of the home page's hero and of a title page shows (the `sizes` of HTML), which
 * the shell's server repeats in the page's preload of it (libs/web-server/hero-preload.mjs): the
 * banner covers the page's width and a box about 82% of the window's height, so on a window taller
 * than 3:2 its height decides (16:9 picture: 146vh wide, at most the 1280 pixels of a banner).
 */
export const HERO_IMAGE_SIZES = '(max-aspect-ratio: 3/2) min(146vh, 1280px), 100vw';

/** The `srcset` of a stored picture (empty for anything else): each width once, `url 320w, …`. */
export function mediaImageSrcSet(url: string | null | undefined): string {
  return mediaImageVariants(url)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}

// Reading names against the lists, for the forms, the gateway and the catalog service.

export function canonical<T extends string>(list: readonly T[], value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const wanted = value.trim().toLowerCase();
  return list.find((item) => item.toLowerCase() === wanted) ?? value.trim();
}

/** The supported language spelt as the list spells it ('telugu' → 'Telugu'), or undefined. */
export function findLanguage(value: string): Language | undefined {
  const found = canonical(LANGUAGES, value);
  return (LANGUAGES as readonly unknown[]).includes(found) ? (found as Language) : undefined;
}

/** A genre's form in URLs: 'South Favourites' → 'south-favourites', 'Sci-Fi' → 'sci-fi'. */
export function genreSlug(genre: string): string {
  return genre
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The genre a view-all group names, in any case, spaced or hyphenated ('trending', 'South Favourites'). */
export function genreForGroup(group: string): Genre | undefined {
  const slug = genreSlug(group);
  return GENRES.find((genre) => genreSlug(genre) === slug);
}
