import type { Page } from 'playwright-core';

export interface Overlap {
  a: string;
  b: string;
  /** The shared area, px². */
  area: number;
}

/**
 * Pairs of visible interactive elements whose boxes overlap (issue 11: nothing may cover a control at
 * any width), over the whole page as it lies at the top (the fixed header where it starts). Each box is
 * cut to what its scrolling or clipping ancestors and the window's width let be seen; an element inside
 * another (an icon in a button) is not a pair; touching edges are not an overlap.
 */
export async function overlappingControls(page: Page, within = 'body'): Promise<Overlap[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate((scope) => {
    const SELECTOR =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])';
    type Box = { left: number; top: number; right: number; bottom: number };
    const intersect = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const areaOf = (b: Box) => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
    const name = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${text}"`;
    };
    /** What of an element can be seen: its box cut by every ancestor that clips, and the viewport. */
    const visibleBox = (el: Element): Box | null => {
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) return null;
      let box: Box = el.getBoundingClientRect();
      if (areaOf(box) === 0) return null;
      for (let at = el.parentElement; at; at = at.parentElement) {
        const s = getComputedStyle(at);
        if (Number(s.opacity) === 0) return null;
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible' || s.clipPath !== 'none')
          box = intersect(box, at.getBoundingClientRect());
      }
      box = intersect(box, { left: 0, top: -Infinity, right: innerWidth, bottom: Infinity });
      return areaOf(box) > 0 ? box : null;
    };
    const root = document.querySelector(scope) ?? document.body;
    const controls = Array.from(root.querySelectorAll(SELECTOR))
      .filter((el) => !el.closest('[inert], [aria-hidden="true"]'))
      .map((el) => ({ el, box: visibleBox(el) }))
      .filter((c): c is { el: Element; box: Box } => c.box !== null);
    const found: Array<{ a: string; b: string; area: number }> = [];
    for (let i = 0; i < controls.length; i++)
      for (let j = i + 1; j < controls.length; j++) {
        const [x, y] = [controls[i], controls[j]];
        if (x.el.contains(y.el) || y.el.contains(x.el)) continue;
        const area = areaOf(intersect(x.box, y.box));
        if (area > 1) found.push({ a: name(x.el), b: name(y.el), area: Math.round(area) });
      }
    return found;
  }, within);
}

/** How far the page can be scrolled sideways: 0 when everything fits the width. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
