import type { BrowserContext, Page, Route } from 'playwright-core';

// What a page draws from its own bytes before its remote's code has come (issue 19: the banner
// placeholder, the page heading), and the boxes that show the remote's own drawing took its place.

/** Holds back every file of the viewer remote until `release()`; answers nothing of it meanwhile. */
export async function holdViewerCode(context: BrowserContext, baseUrl: string): Promise<{ release(): void }> {
  const remotes = (await (await fetch(`${baseUrl}/remotes.json`)).json()) as { viewer: string };
  const origin = new URL(remotes.viewer).origin;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(
    (url) => url.origin === origin,
    async (route: Route) => {
      await released;
      await route.continue();
    },
  );
  return { release };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The box of the element `selector` finds, once one is in the page and laid out (the shell may just
 * be swapping its placeholder in).
 */
export async function boxOf(page: Page, selector: string): Promise<Box> {
  const found = await page.waitForFunction((s) => {
    const rect = document.querySelector(s)?.getBoundingClientRect();
    return rect && rect.width > 0 ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
  }, selector);
  return (await found.jsonValue())!;
}

/** The two boxes lie within a pixel of each other on every side. */
export function expectSameBox(own: Box, early: Box): void {
  for (const side of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(own[side] - early[side])).toBeLessThanOrEqual(1);
}
