import { useEffect, useState } from 'react';
import { useApi } from '../app/api';

export interface ListState<T> {
  status: 'loading' | 'success' | 'error';
  data: T | null;
  error: string;
}

/** Loads one page of an admin list whenever its path, search or page change, or `reload` is called. */
export function useAdminList<T>(path: string, search: string, page: number) {
  const { api, problemOf } = useApi();
  const [state, setState] = useState<ListState<T>>({ status: 'loading', data: null, error: '' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, status: 'loading', error: '' }));
    const searchParams: Record<string, string | number> = { page };
    if (search) searchParams.search = search;
    api
      .get(path, { searchParams, signal: controller.signal })
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
  }, [api, problemOf, path, search, page, attempt]);

  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
