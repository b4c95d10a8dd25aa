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
 * Fetches the pages a screen most likely leads to once the browser is idle (the code step from the
 * phone step, the checkout from the plans), so moving on never waits for their code.
 */
export function usePreload(...pages: Array<{ preload(): Promise<unknown> }>): void {
  useEffect(
    () => whenIdle(() => pages.forEach((page) => void page.preload().catch(() => undefined))),
    // The pages are module-level constants: once per screen.
    [],
  );
}
