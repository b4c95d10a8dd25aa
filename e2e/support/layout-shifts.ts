// The layout-shift observer of the browser specs (issue 19): put into a page before its own scripts
// (`context.addInitScript(observeLayoutShifts)`), it records in `window.__layoutShifts` every shift not
// caused by the visitor's own input, with the nodes that moved.

export interface Shift {
  value: number;
  /** The nodes that moved: `tag.class` and their top and height before and after. */
  sources: string[];
}

declare global {
  interface Window {
    __layoutShifts: Shift[];
  }
}

/** Runs in the page before its scripts: records every shift not caused by the visitor's own input. */
export function observeLayoutShifts(): void {
  const shifts: Shift[] = [];
  Object.defineProperty(window, '__layoutShifts', { value: shifts });
  const describe = (node: Node | null): string => {
    const element = node instanceof Element ? node : node?.parentElement;
    if (!element) return node?.nodeName ?? '(gone)';
    const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/) : [];
    return [element.tagName.toLowerCase(), ...classes.filter(Boolean)].join('.');
  };
  const box = (rect: DOMRectReadOnly) => `${Math.round(rect.y)}+${Math.round(rect.height)}`;
  type LayoutShift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        sources: entry.sources.map(
          (s) => `${describe(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}
