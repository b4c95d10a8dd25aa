import type { KyInstance } from 'ky';
import type { HostApi } from '@chitram/shell-contract';
import { useHost } from './host';

/** SPEC §8: the words for a failure whose answer says nothing more useful. */
export const GENERIC_FAILURE = 'Something went wrong.';

/**
 * The shell's API client (`/api`, the session's bearer token, silent renewal: DECISIONS D5). Its
 * errors come from the shell's copy of ky, so they are read with `host.problemOf`, not `instanceof`.
 */
export function useApi(): KyInstance {
  return useHost().api;
}

/** The message a failed call should show: the server's own, else the generic one. */
export function failureMessage(host: HostApi, error: unknown): string {
  return host.problemOf(error, GENERIC_FAILURE).message;
}
