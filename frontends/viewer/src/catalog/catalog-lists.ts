import { genreForGroup as genreNamedBy, type Genre } from '@chitram/contracts/web';

// The fixed lists of SPEC §5 come from the contracts library's browser-safe module.
export {
  CATEGORIES,
  GENRES,
  RATINGS,
  genreSlug,
  type Category,
  type Genre,
  type Rating,
} from '@chitram/contracts/web';

/** The genre a view-all group names, in any case, spaced or hyphenated; undefined for anything else. */
export function genreForGroup(group: string | undefined): Genre | undefined {
  return group ? genreNamedBy(group) : undefined;
}
