// The admin form kit's description of a form: each field once (its name, label, kind, whether it is
// required, its rule and hint), and the sections it is laid out in. One renderer (DescribedFields.tsx)
// draws every described form and one function (`checkFields`) checks it, so the movie, series, episode
// and show forms share their fields' look, messages and rules.
import {
  type FieldErrors,
  linkProblem,
  releaseDateProblem,
  required,
  splitNames,
} from '../catalog/form-rules';
import { videoFileProblem } from '../videos/video-rules';

/** A property fixed in the description, or worked out from the form's state (its mode, what it edits). */
export type Dyn<C, T> = T | ((context: C) => T);

/** What every form's context gives the checks: the time now (release years and dates are checked against it). */
export interface FieldContext {
  now: Date;
}

interface FieldBase<C> {
  /** The form's name for the field: its input's `name`, its values' key and its message's key. */
  name: string;
  label: Dyn<C, string>;
  hint?: Dyn<C, string | undefined>;
  /** Marked with an asterisk and checked: an empty field gets '<label> is required'. */
  required?: Dyn<C, boolean>;
  /** When the check asks for the field in other cases than the mark shows (a link an edit may leave empty). */
  checkRequired?: Dyn<C, boolean>;
  /** The field's name in its messages when not its label: 'Description is required' under 'Episode description'. */
  says?: string;
}

/** The kinds of field the kit draws, each with what it needs. */
export type FieldDescription<C> = FieldBase<C> &
  (
    | {
        kind: 'text';
        placeholder?: Dyn<C, string>;
        inputMode?: 'numeric';
        /** `names`: comma-separated names, at least one when required; `whole-number`: empty or 1…99999. */
        rule?: 'names' | 'whole-number';
      }
    | { kind: 'long-text'; rows?: number }
    | { kind: 'url'; placeholder?: string }
    /** A year from `min` to this year. */
    | { kind: 'year'; min: number }
    /** A date, YYYY-MM-DD, not after today; with `anyDay`, any date (a coupon's, D33), empty when not required. */
    | { kind: 'date'; anyDay?: boolean }
    | { kind: 'select'; options: readonly string[]; optionLabel?: (option: string) => string }
    | { kind: 'languages' }
    | { kind: 'genres' }
    /** Several of a fixed list, as checkboxes (a coupon's plans, D33); none chosen is allowed unless required. */
    | { kind: 'choices'; options: readonly string[]; optionLabel?: (option: string) => string }
    | { kind: 'yes-no' }
    /** A picture (or banner video) file with its preview, or the one the title already has. */
    | {
        kind: 'upload';
        accept: string;
        aspect?: string;
        currentUrl?: (context: C) => string | null | undefined;
      }
    /** A title's video file: drawn by the form (it carries its upload), checked here. */
    | { kind: 'video' }
  );

/** Where fields sit: a field (or a part the form draws itself, such as its partner picker) or a row of fields. */
export type LayoutItem = string | readonly string[];

export interface SectionDescription {
  title: string;
  items: readonly LayoutItem[];
}

/** A whole form: its fields, and its sections in the main column and at the side. */
export interface FormDescription<C> {
  fields: ReadonlyArray<FieldDescription<C>>;
  main: readonly SectionDescription[];
  side: readonly SectionDescription[];
}

/** A dynamic property's value for this context. */
export function resolve<C, T>(value: Dyn<C, T>, context: C): T {
  return typeof value === 'function' ? (value as (context: C) => T)(context) : value;
}

function yearProblem(value: string, says: string, min: number, now: Date): string | undefined {
  const text = value.trim();
  if (!text) return `${says} is required`;
  const year = Number(text);
  const latest = now.getFullYear();
  return /^\d{4}$/.test(text) && year >= min && year <= latest
    ? undefined
    : `${says} must be from ${min} to ${latest}`;
}

/** What is wrong with one field's value, in the words the form shows beside it; undefined when fine. */
export function fieldProblem<C extends FieldContext>(
  field: FieldDescription<C>,
  value: unknown,
  context: C,
): string | undefined {
  const says = field.says ?? resolve(field.label, context);
  const needed = resolve(field.checkRequired ?? field.required ?? false, context);
  const text = typeof value === 'string' ? value : '';
  switch (field.kind) {
    case 'text':
      if (field.rule === 'names')
        return needed && !splitNames(text).length ? `${says} is required` : undefined;
      if (field.rule === 'whole-number') {
        if (!text.trim()) return needed ? `${says} is required` : undefined;
        return /^[1-9]\d{0,4}$/.test(text.trim()) ? undefined : `${says} must be a whole number from 1`;
      }
      return needed ? required(text, says) : undefined;
    case 'long-text':
      return needed ? required(text, says) : undefined;
    case 'url':
      return linkProblem(text, says, needed);
    case 'year':
      return yearProblem(text, says, field.min, context.now);
    case 'date':
      if (field.anyDay) {
        if (!text.trim()) return needed ? `${says} is required` : undefined;
        return /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) &&
          !Number.isNaN(Date.parse(`${text.trim()}T00:00:00Z`))
          ? undefined
          : 'Enter a date as YYYY-MM-DD';
      }
      return releaseDateProblem(text, context.now, says);
    case 'choices':
      return needed && !(value as readonly string[]).length ? `Choose at least one of ${says}` : undefined;
    case 'genres':
      return needed && !(value as readonly string[]).length ? 'Choose at least one genre' : undefined;
    case 'upload':
      return needed && !value ? `${says} is required` : undefined;
    case 'video':
      return value instanceof File ? videoFileProblem(value) : undefined;
    case 'select':
    case 'languages':
    case 'yes-no':
      return undefined;
  }
}

/** Every field's message by its name; an empty result means the form may be sent. */
export function checkFields<C extends FieldContext>(
  fields: ReadonlyArray<FieldDescription<C>>,
  valueOf: (name: string) => unknown,
  context: C,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const problem = fieldProblem(field, valueOf(field.name), context);
    if (problem) errors[field.name] = problem;
  }
  return errors;
}
