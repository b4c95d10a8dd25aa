/** Longest wait for the first paint: a page opened in a background tab paints nothing until it is shown. */
export const FIRST_PAINT_WAIT_MS = 100;

/** What afterFirstPaint asks of the browser (a test gives its own). */
export interface PaintSignals {
  /** The page's own bytes drew something in the root (the banner placeholder, the page heading). */
  hasContent(): boolean;
  /** Calls back once the first contentful paint is on the screen; false where the browser cannot tell. */
  onFirstContentfulPaint(callback: () => void): boolean;
  /** The next animation frame's callback (it runs before that frame is drawn). */
  frame(callback: () => void): void;
}

const browserSignals: PaintSignals = {
  hasContent: () => Boolean(document.getElementById('root')?.firstElementChild),
  onFirstContentfulPaint(callback) {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return false;
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
        observer.disconnect();
        callback();
      }
    });
    observer.observe({ type: 'paint', buffered: true });
    return true;
  },
  frame: (callback) => void window.requestAnimationFrame(callback),
};

/**
 * Runs `task` once, in a task of its own, after the page's first picture is on the screen: where the
 * page's own bytes drew something (the banner placeholder, the page heading), once the browser
 * reports that paint shown (it is shown some milliseconds after the frames that draw it); else after
 * the next two frames. At most FIRST_PAINT_WAIT_MS later in any case (no frame comes in a background
 * tab; the banner may be slow to arrive).
 */
export function afterFirstPaint(task: () => void, signals: PaintSignals = browserSignals): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    task();
  };
  const soon = () => setTimeout(once, 0);
  setTimeout(once, FIRST_PAINT_WAIT_MS);
  if (signals.hasContent() && signals.onFirstContentfulPaint(soon)) return;
  signals.frame(() => signals.frame(soon));
}
