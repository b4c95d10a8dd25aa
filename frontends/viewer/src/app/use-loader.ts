import { type DependencyList, startTransition, useCallback, useEffect, useState } from 'react';
import { useFailureMessage } from './api';

/** SPEC §4.6: each loader goes idle, loading, then success (data kept) or error (message kept). */
export type LoadState<T> =
  | { status: 'idle' | 'loading'; data: T | null; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: T | null; error: string };

type Loaded<T> = { for: DependencyList } & (
  | { status: 'idle' | 'loading'; data: T | null; failure?: undefined }
  | { status: 'success'; data: T; failure?: undefined }
  | { status: 'error'; data: T | null; failure: unknown }
);

function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

/**
 * Runs `load` whenever `deps` change; a newer run cancels an older one, so answers never arrive out of
 * order. A failure's message is worded at render time, so it follows a change of interface language.
 */
export function useLoader<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  deps: DependencyList,
): LoadState<T> & { reload(): void } {
  const [attempt, setAttempt] = useState(0);
  const current = [...deps, attempt];
  const [state, setState] = useState<Loaded<T>>({ for: current, status: 'idle', data: null });
  const failureMessage = useFailureMessage();

  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    setState((previous) => ({ for: current, status: 'loading', data: previous.data }));
    load(controller.signal).then(
      (data) => {
        // What the answer shows renders as a transition, which React may interrupt: a phone's main
        // thread is never held for a whole page of titles at once (issue 19: Total Blocking Time).
        if (!controller.signal.aborted)
          startTransition(() => setState({ for: current, status: 'success', data }));
      },
      (failure: unknown) => {
        if (!controller.signal.aborted)
          setState((previous) => ({ for: current, status: 'error', data: previous.data, failure }));
      },
    );
    return () => controller.abort();
    // `load` is rebuilt every render; `deps` says when it means something new.
  }, current);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // Between a render with new deps and the effect that starts their load (which, after a transition,
  // React may run a frame or more later), what is kept answered the old deps: it is shown as loading,
  // so a page never presents the old answer as the answer to the new question.
  const outdated = load !== null && state.status !== 'idle' && !sameDeps(state.for, current);
  const shown: LoadState<T> = outdated
    ? { status: 'loading', data: state.data, error: null }
    : state.status === 'error'
      ? { status: 'error', data: state.data, error: failureMessage(state.failure) }
      : state.status === 'success'
        ? { status: 'success', data: state.data, error: null }
        : { status: state.status, data: state.data, error: null };
  return { ...shown, reload };
}
