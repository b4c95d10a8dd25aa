// The fixed lists of SPEC §5 as the viewer needs them. They mirror libs/contracts/src/catalog.ts
// (whose module also carries class-validator rules, too heavy for a browser bundle);
// catalog-lists.spec.ts fails the moment the two drift apart.

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

/** Show categories, each with its page (SPEC §2.1). */
export const CATEGORIES = ['political', 'health', 'education'] as const;
export type Category = (typeof CATEGORIES)[number];

/** A genre's form in URLs: 'South Favourites' → 'south-favourites', 'Sci-Fi' → 'sci-fi'. */
export function genreSlug(genre: string): string {
  return genre
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The genre a view-all group names, in any case, spaced or hyphenated; undefined for anything else. */
export function genreForGroup(group: string | undefined): Genre | undefined {
  if (!group) return undefined;
  const slug = genreSlug(group);
  return slug ? GENRES.find((genre) => genreSlug(genre) === slug) : undefined;
}
