import type { KyInstance } from 'ky';
import { useCallback } from 'react';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { useHost } from './host';

/**
 * The shell's API client (`/api`, the session's bearer token, silent renewal: DECISIONS D5). Its
 * errors come from the shell's copy of ky, so they are read with `host.problemOf`, not `instanceof`.
 */
export function useApi(): KyInstance {
  return useHost().api;
}

/**
 * What a failed call should say, in the interface language: the words for the server's error code,
 * else `fallback` (SPEC §8's 'Something went wrong.' unless the action names its own).
 */
export function useFailureMessage(): (error: unknown, fallback?: string) => string {
  const { problemOf, problemMessage } = useHost();
  const { t } = useViewerTranslation();
  return useCallback(
    (error, fallback) => problemMessage(problemOf(error, fallback ?? t('common.somethingWrong'))),
    [problemOf, problemMessage, t],
  );
}
