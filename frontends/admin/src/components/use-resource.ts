import { useEffect, useState } from 'react';
import { useApi } from '../app/api';
import type { ListState } from './use-admin-list';

/** Loads one answer of the API when its path changes or `reload` is called; the last data stays while reloading. */
export function useResource<T>(path: string) {
  const { api, problemOf } = useApi();
  const [state, setState] = useState<ListState<T>>({ status: 'loading', data: null, error: '' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, status: 'loading', error: '' }));
    api
      .get(path, { signal: controller.signal })
      .json<T>()
      .then(
        (data) => {
          if (!controller.signal.aborted) setState({ status: 'success', data, error: '' });
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            setState((previous) => ({ ...previous, status: 'error', error: problemOf(error).message }));
        },
      );
    return () => controller.abort();
  }, [api, problemOf, path, attempt]);

  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
