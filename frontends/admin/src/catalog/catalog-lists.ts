import { type Category, findLanguage as findListedLanguage, type Language } from '@chitram/contracts/web';

// The fixed lists and limits of SPEC §5 and §9 come from the contracts library's browser-safe module.
export {
  ADMIN_PAGE_SIZE,
  CATEGORIES,
  GENRES,
  LANGUAGES,
  MIN_RELEASE_YEAR,
  RATINGS,
  TITLE_TYPES,
  type Category,
  type Genre,
  type Language,
  type Rating,
  type TitleType,
} from '@chitram/contracts/web';

/** The show categories as the forms name them. */
export const CATEGORY_LABELS: Record<Category, string> = {
  political: 'Political',
  health: 'Health and Fitness',
  education: 'Education',
};

/** SPEC §4.7, §9: table search waits this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 500;

/** What the file pickers accept (SPEC §5): images; a movie banner may also be a short video. */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';
export const BANNER_TYPES = `${IMAGE_TYPES},video/mp4,video/webm`;

/** The supported language spelt as the list spells it, in any case (SPEC §4.7), or undefined. */
export function findLanguage(value: string | null | undefined): Language | undefined {
  return value ? findListedLanguage(value) : undefined;
}
