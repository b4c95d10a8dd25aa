// The fixed lists and limits of SPEC §5 and §9 as the admin forms need them. They mirror
// libs/contracts/src/catalog.ts (whose module also carries class-validator rules, too heavy for a
// browser bundle); catalog-lists.spec.ts fails the moment the two drift apart.

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

export const CATEGORIES = ['political', 'health', 'education'] as const;
export type Category = (typeof CATEGORIES)[number];

export const TITLE_TYPES = ['movie', 'series'] as const;
export type TitleType = (typeof TITLE_TYPES)[number];

export const MIN_RELEASE_YEAR = 1950;

/** SPEC §9: admin lists show 10 a page. */
export const ADMIN_PAGE_SIZE = 10;

/** SPEC §4.7, §9: table search waits this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 500;

/** What the file pickers accept (SPEC §5): images; a movie banner may also be a short video. */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';
export const BANNER_TYPES = `${IMAGE_TYPES},video/mp4,video/webm`;

/** The supported language spelt as the list spells it, in any case (SPEC §4.7), or undefined. */
export function findLanguage(value: string | null | undefined): Language | undefined {
  const wanted = (value ?? '').trim().toLowerCase();
  return LANGUAGES.find((l) => l.toLowerCase() === wanted);
}
