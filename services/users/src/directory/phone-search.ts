/**
 * Which viewers an admin's search term finds (SPEC §2.13 Users): numbers are searched by their digits, so
 * `98765`, `+91 98765` and `987-65` find the same viewers. A term with no digit finds nobody rather than
 * everybody.
 */
export type PhoneFilter = { kind: 'everyone' } | { kind: 'containing'; digits: string } | { kind: 'nobody' };

export function phoneFilterOf(term: string | undefined): PhoneFilter {
  const text = term?.trim() ?? '';
  if (!text) return { kind: 'everyone' };
  const digits = text.replace(/\D/g, '');
  return digits ? { kind: 'containing', digits } : { kind: 'nobody' };
}

/** The page asked for (from 1) and the rows before it. */
export function pageWindow(page: number | undefined, pageSize: number): { page: number; offset: number } {
  const current = page && page > 0 ? Math.floor(page) : 1;
  return { page: current, offset: (current - 1) * pageSize };
}
