import { type ComponentType, lazy, type LazyExoticComponent, useEffect } from 'react';

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the page's code now (when the browser is idle, or a link is about to be used). */
  preload(): Promise<unknown>;
};

/**
 * A page whose code is its own chunk, loaded when it is first shown or preloaded: the home page's first
 * load carries only what the home page needs. A failed load is forgotten, so the next try fetches again.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (Page) => ({ default: Page }),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}

/** Runs `task` once the browser has nothing better to do (soon, where it cannot say). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 4000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1500);
  return () => window.clearTimeout(handle);
}

/**
 * Starts loading each page's code in an idle moment of its own, one after the other: each start costs
 * the main thread a few milliseconds of a phone's (the chunk and its shared modules looked up), and
 * three at once made one long task (issue 19: Total Blocking Time). Returns what stops the rest.
 */
export function preloadWhenIdle(pages: ReadonlyArray<{ preload(): Promise<unknown> }>): () => void {
  let stopped = false;
  let cancel = () => {};
  const from = (index: number) => {
    if (stopped || index >= pages.length) return;
    cancel = whenIdle(() => {
      void pages[index].preload().catch(() => undefined);
      from(index + 1);
    });
  };
  from(0);
  return () => {
    stopped = true;
    cancel();
  };
}

/**
 * Fetches the pages a screen most likely leads to once the browser is idle (the code step from the
 * phone step, the checkout from the plans), so moving on never waits for their code.
 */
export function usePreload(...pages: Array<{ preload(): Promise<unknown> }>): void {
  useEffect(
    () => preloadWhenIdle(pages),
    // The pages are module-level constants: once per screen.
    [],
  );
}
