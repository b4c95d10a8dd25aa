import { useEffect, useState } from 'react';
import { useApi } from '../app/api';

export interface QueryState<T> {
  /** `idle` while there is nothing to ask (no path). */
  status: 'idle' | 'loading' | 'success' | 'error';
  data: T | null;
  error: string;
}

/**
 * One answer of the API for a path and its query, asked again when either changes or `reload` is called;
 * nothing is asked while the path is null. The last data stays while a new answer loads.
 */
export function useQuery<T>(path: string | null, searchParams: Record<string, string | number> = {}) {
  const { api, problemOf } = useApi();
  const [state, setState] = useState<QueryState<T>>({
    status: path ? 'loading' : 'idle',
    data: null,
    error: '',
  });
  const [attempt, setAttempt] = useState(0);
  const query = JSON.stringify(searchParams);

  useEffect(() => {
    if (!path) {
      setState({ status: 'idle', data: null, error: '' });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, status: 'loading', error: '' }));
    api
      .get(path, {
        searchParams: JSON.parse(query) as Record<string, string | number>,
        signal: controller.signal,
      })
      .json<T>()
      .then(
        (data) => !controller.signal.aborted && setState({ status: 'success', data, error: '' }),
        (error: unknown) =>
          !controller.signal.aborted &&
          setState((previous) => ({ ...previous, status: 'error', error: problemOf(error).message })),
      );
    return () => controller.abort();
  }, [api, problemOf, path, query, attempt]);

  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
