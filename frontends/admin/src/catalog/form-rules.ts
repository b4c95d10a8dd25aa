// Rules every catalogue form shares (SPEC §5): links, names lists, dates, and the server's field errors.
import { todayInIndia } from '@chitram/contracts/web';

export { todayInIndia };

/** Messages by form field name; a field without a message is fine. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** SPEC §5's URL rule: an absolute http(s) address, else 'Invalid URL'. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** 'A, B ,, C' → ['A', 'B', 'C'], each name once (SPEC §5: split on commas, trimmed). */
export function splitNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/** SPEC §5: an episode's date, YYYY-MM-DD, may not be after today. */
export function releaseDateProblem(
  value: string,
  now = new Date(),
  says = 'Release date',
): string | undefined {
  const date = value.trim();
  if (!date) return `${says} is required`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    return 'Enter a date as YYYY-MM-DD';
  if (date > todayInIndia(now)) return `${says} may not be after today`;
  return undefined;
}

export function required(value: string, label: string): string | undefined {
  return value.trim() ? undefined : `${label} is required`;
}

export function linkProblem(value: string, label: string, isRequired: boolean): string | undefined {
  if (!value.trim()) return isRequired ? `${label} is required` : undefined;
  return isWebUrl(value) ? undefined : 'Invalid URL';
}

/** Leaves out the fields without a message, so an empty result means the form may be sent. */
export function compact<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  const result: FieldErrors<K> = {};
  for (const [name, message] of Object.entries(errors) as Array<[K, string | undefined]>)
    if (message) result[name] = message;
  return result;
}

/**
 * The server's `fields` (VALIDATION_FAILED) by this form's field names: payload names such as
 * `thumbnailUrl` or `episodes.0.bannerUrl` become the form's `thumbnail` or `episodes[0][banner]`.
 */
export function serverFieldErrors(
  fields: Record<string, string[]> | undefined,
  aliases: Readonly<Record<string, string>> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  const alias = (field: string) => aliases[field] ?? field;
  for (const [path, messages] of Object.entries(fields ?? {})) {
    const block = /^(\w+)(?:\.(\d+)\.|\[(\d+)\]\[)(\w+)\]?$/.exec(path);
    const key = block ? `${block[1]}[${block[2] ?? block[3]}][${alias(block[4])}]` : alias(path);
    const message = Array.isArray(messages) ? messages[0] : String(messages);
    if (message && !errors[key]) errors[key] = message;
  }
  return errors;
}

/** Appends a text field unless it is empty (DECISIONS D30: an update leaves empty fields out). */
export function appendText(form: FormData, name: string, value: string): void {
  const trimmed = value.trim();
  if (trimmed) form.append(name, trimmed);
}
