import { type DependencyList, startTransition, useCallback, useEffect, useState } from 'react';
import { useFailureMessage } from './api';

/** SPEC §4.6: each loader goes idle, loading, then success (data kept) or error (message kept). */
export type LoadState<T> =
  | { status: 'idle' | 'loading'; data: T | null; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: T | null; error: string };

type Loaded<T> =
  | { status: 'idle' | 'loading'; data: T | null; failure?: undefined }
  | { status: 'success'; data: T; failure?: undefined }
  | { status: 'error'; data: T | null; failure: unknown };

/**
 * Runs `load` whenever `deps` change; a newer run cancels an older one, so answers never arrive out of
 * order. A failure's message is worded at render time, so it follows a change of interface language.
 */
export function useLoader<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  deps: DependencyList,
): LoadState<T> & { reload(): void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'idle', data: null });
  const [attempt, setAttempt] = useState(0);
  const failureMessage = useFailureMessage();

  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', data: previous.data }));
    load(controller.signal).then(
      (data) => {
        // What the answer shows renders as a transition, which React may interrupt: a phone's main
        // thread is never held for a whole page of titles at once (issue 19: Total Blocking Time).
        if (!controller.signal.aborted) startTransition(() => setState({ status: 'success', data }));
      },
      (failure: unknown) => {
        if (!controller.signal.aborted)
          setState((previous) => ({ status: 'error', data: previous.data, failure }));
      },
    );
    return () => controller.abort();
    // `load` is rebuilt every render; `deps` says when it means something new.
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const shown: LoadState<T> =
    state.status === 'error'
      ? { status: 'error', data: state.data, error: failureMessage(state.failure) }
      : state.status === 'success'
        ? { status: 'success', data: state.data, error: null }
        : { status: state.status, data: state.data, error: null };
  return { ...shown, reload };
}
