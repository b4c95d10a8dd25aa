// Field descriptions the title forms share (the admin form kit's components/field-description.ts).
import { CATEGORIES, type Category, CATEGORY_LABELS, RATINGS } from './catalog-lists';

export const TITLE_FIELD = { name: 'title', label: 'Title', kind: 'text', required: true } as const;

/** Comma-separated names, at least one. */
export const CAST_FIELD = {
  name: 'cast',
  label: 'Cast',
  kind: 'text',
  rule: 'names',
  required: true,
  hint: 'Separate names with commas',
} as const;

export const LANGUAGE_FIELD = { name: 'language', label: 'Language', kind: 'languages' } as const;
export const RATING_FIELD = { name: 'rating', label: 'Rating', kind: 'select', options: RATINGS } as const;

/** The show category's select, as the show and series forms describe it. */
export const CATEGORY_FIELD = {
  name: 'category',
  label: 'Category',
  kind: 'select',
  options: CATEGORIES,
  optionLabel: (category: string) => CATEGORY_LABELS[category as Category],
} as const;
