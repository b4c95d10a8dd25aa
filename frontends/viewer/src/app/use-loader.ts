import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { failureMessage } from './api';
import { useHost } from './host';

/** SPEC §4.6: each loader goes idle, loading, then success (data kept) or error (message kept). */
export type LoadState<T> =
  | { status: 'idle' | 'loading'; data: T | null; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: T | null; error: string };

/** Runs `load` whenever `deps` change; a newer run cancels an older one, so answers never arrive out of order. */
export function useLoader<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  deps: DependencyList,
): LoadState<T> & { reload(): void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'idle', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const host = useHost();

  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', data: previous.data, error: null }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = failureMessage(host, error);
        setState((previous) => ({ status: 'error', data: previous.data, error: message }));
      },
    );
    return () => controller.abort();
    // `load` is rebuilt every render; `deps` says when it means something new.
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
