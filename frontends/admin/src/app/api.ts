import type { KyInstance } from 'ky';
import { useMemo } from 'react';
import type { ApiProblem } from '@chitram/shell-contract';
import { useHost } from './host';

/** SPEC §8: the words for a failure whose answer says nothing more useful. */
export const GENERIC_FAILURE = 'Something went wrong.';

/**
 * The shell's API client (`/api`, the admin's bearer token, silent renewal: DECISIONS D5) and the
 * reader of its errors (they come from the shell's copy of ky, so `instanceof` cannot tell them).
 */
export function useApi(): { api: KyInstance; problemOf(error: unknown): ApiProblem } {
  const host = useHost();
  return useMemo(
    () => ({ api: host.api, problemOf: (error: unknown) => host.problemOf(error, GENERIC_FAILURE) }),
    [host],
  );
}
