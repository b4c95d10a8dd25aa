import i18next from 'i18next';
import type { ApiProblem } from '@chitram/shell-contract';
import type en from './locales/en.json';

/** A key of the catalogue's words for the servers' error codes (the contracts' ErrorCode). */
type ErrorKey = `errors.${keyof (typeof en)['errors']}`;

/** No answer, or one without a code: `problemOf` put the caller's own (translated) words in the message. */
const CALLER_WORDED = new Set(['NETWORK', 'UNKNOWN']);

/**
 * What a failed call says in the interface language: the catalogue's words for the server's error
 * code; the caller's fallback when there was no code; for a code the catalogue does not know, the
 * generic words. A server's own words (English, and meant for logs) are never shown (issue 19).
 */
export function problemMessage(problem: ApiProblem): string {
  if (CALLER_WORDED.has(problem.code)) return problem.message;
  // Checked by `exists` before use: a code the catalogue lacks falls through.
  const key = `errors.${problem.code}` as ErrorKey;
  if (i18next.exists(key)) return i18next.t(key);
  return i18next.t('errors.INTERNAL');
}
