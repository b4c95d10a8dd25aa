import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useApi } from '../app/api';

/**
 * What an edit form works on (DECISIONS D7): loaded by id from `path(id)`, and shown at once when the
 * table handed a usable copy over in the navigation state under `handedKey`.
 */
export function useEditTarget<T extends { _id: string }>(
  id: string | undefined,
  path: (id: string) => string,
  handedKey?: string,
  usable: (handed: T) => boolean = () => true,
) {
  const { api, problemOf } = useApi();
  const state = useLocation().state as Record<string, T | undefined> | null;
  const handed = handedKey ? state?.[handedKey] : undefined;
  const [loaded, setLoaded] = useState<T | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    api
      .get(path(id), { signal: controller.signal })
      .json<T>()
      .then(
        (found) => !controller.signal.aborted && setLoaded(found),
        (failure: unknown) => !controller.signal.aborted && setError(problemOf(failure).message),
      );
    return () => controller.abort();
    // `path` is a fixed endpoint builder: the id decides what is loaded.
  }, [api, problemOf, id]);

  const copy = handed && handed._id === id && usable(handed) ? handed : null;
  return { item: loaded ?? copy, error };
}
