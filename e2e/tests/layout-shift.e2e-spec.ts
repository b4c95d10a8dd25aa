import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../support/browser';
import { observeLayoutShifts } from '../support/layout-shifts';

// Pages that hold still (issue 19): from the first paint until the page has settled, nothing a visitor
// sees is pushed about. A layout-shift observer is in the page before its own scripts; each page's data
// is held back until its loading state shows (screenshot "mid-load"), then let through; once the page
// has settled (its data shown, the pictures on screen loaded, the fonts in, the network quiet) the
// shifts add up to at most 0.05 — the whole-page sum, stricter than Lighthouse's CLS, which keeps only
// the worst five-second window. Every picture has its box before it arrives.

const MAX_SHIFT = 0.05;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 800 },
];
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-stillness';

interface PageCase {
  name: string;
  path: () => string;
  /** The page's own data, held back until its loading state has been seen. */
  data: (url: URL) => boolean;
  /** The page's own loading state, shown while its data is held back. */
  loading: string;
  /** Shown once the data is in. */
  ready: (page: Page) => Promise<unknown>;
}

let titleSlug: string;
let searchTerm: string;

const CASES: PageCase[] = [
  {
    name: 'home',
    path: () => '/',
    data: (url) => url.pathname === '/api/home/content',
    loading: '.vw-skeletons',
    ready: (page) => page.locator('section.vw-rail .vw-poster').first().waitFor(),
  },
  {
    name: 'plans',
    path: () => '/subscribe',
    data: (url) => url.pathname === '/api/plans',
    loading: '.vw-plans [role="status"]',
    ready: (page) => page.locator('.vw-plan').first().waitFor(),
  },
  {
    name: 'title',
    path: () => `/movie/${encodeURIComponent(titleSlug)}/play`,
    data: (url) => url.pathname === `/api/movie/${encodeURIComponent(titleSlug)}`,
    loading: '.vw-page [role="status"]',
    ready: (page) => page.locator('.vw-title__heading').waitFor(),
  },
  {
    name: 'category',
    path: () => '/political',
    data: (url) => url.pathname === '/api/series/category/political/episodes',
    loading: '.vw-category [role="status"]',
    ready: (page) => page.locator('section.vw-series').first().waitFor(),
  },
  {
    name: 'search',
    path: () => `/search?q=${encodeURIComponent(searchTerm)}`,
    data: (url) => url.pathname === '/api/search',
    loading: '.vw-list [role="status"]',
    ready: (page) => page.getByTestId('poster').first().waitFor(),
  },
];

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const home = (await (await fetch(`${BASE_URL}/api/home/content`)).json()) as {
    genreMovies: Record<string, Array<{ slug: string; title: string }>>;
  };
  const first = Object.values(home.genreMovies).flat()[0];
  titleSlug = first.slug;
  // A word of a title in the catalogue, so the search has results to show.
  searchTerm = first.title.split(/\s+/)[0];
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await context?.close();
});

/**
 * Settled: the network quiet, the fonts in, every picture on screen (or asked for at once) loaded and
 * decoded, and two frames drawn after that, so a shift it caused has been recorded.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      Array.from(document.images).every((img) => {
        const rect = img.getBoundingClientRect();
        const onScreen =
          rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
        return img.complete || !(onScreen || img.loading === 'eager');
      }),
    null,
    { polling: 100 },
  );
  // Decoded, so the screenshot shows them, and two frames drawn after that.
  await page.evaluate(async () => {
    await Promise.all(
      Array.from(document.images)
        .filter((img) => img.complete)
        .map((img) => img.decode().catch(() => undefined)),
    );
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}

describe.each(VIEWPORTS)('at $width × $height (issue 19)', (viewport) => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s holds still from the first paint until it has settled',
    async (name, { path, data, loading, ready }) => {
      context = await browser.newContext({ viewport, locale: 'en-US' });
      const page = await context.newPage();
      await page.addInitScript(observeLayoutShifts);
      const held: Route[] = [];
      let release = false;
      await page.route(
        (url) => data(url),
        (route) => (release ? route.continue() : void held.push(route)),
      );

      await page.goto(`${BASE_URL}${path()}`);
      // The page as it is while its data is on the way.
      await page.locator(loading).first().waitFor();
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      await page.screenshot({ path: `${SHOTS}/${name}-loading-${viewport.width}.png` });
      // The footer waits below the fold: content arriving never pushes it through the screen.
      const footerTop = await page
        .locator('footer.site-footer')
        .evaluate((f) => f.getBoundingClientRect().top);

      release = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await ready(page);
      await settle(page);
      await page.screenshot({ path: `${SHOTS}/${name}-loaded-${viewport.width}.png` });

      const shifts = await page.evaluate(() => window.__layoutShifts);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      const still = total <= MAX_SHIFT;
      expect({
        name,
        total: still ? `at most ${MAX_SHIFT}` : total.toFixed(3),
        // What moved, when it did not hold still.
        moved: still ? [] : shifts.filter((shift) => shift.value >= 0.001),
        footerBelowTheFold: footerTop >= viewport.height,
      }).toEqual({ name, total: `at most ${MAX_SHIFT}`, moved: [], footerBelowTheFold: true });

      // Every picture in the page has its size before it arrives: width and height, or an aspect ratio.
      const unsized = await page
        .locator('main img')
        .evaluateAll((images) =>
          images
            .filter(
              (img) =>
                !(img.hasAttribute('width') && img.hasAttribute('height')) &&
                getComputedStyle(img).aspectRatio === 'auto',
            )
            .map((img) => img.getAttribute('src')),
        );
      expect({ name, unsized }).toEqual({ name, unsized: [] });
    },
  );
});

describe.each(VIEWPORTS)('the home page at $width × $height, scrolled (issue 19)', (viewport) => {
  it('draws the posters of the rails below the first screen as they come near, in the room kept for them', async () => {
    context = await browser.newContext({ viewport, locale: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(observeLayoutShifts);
    await page.goto(`${BASE_URL}/`);
    await page.locator('section.vw-rail .vw-poster').first().waitFor();
    await settle(page);
    const rails = () =>
      page.locator('section.vw-rail').evaluateAll((sections) =>
        sections.map((section) => ({
          name: section.getAttribute('aria-labelledby'),
          height: Math.round(section.getBoundingClientRect().height),
          posters: section.querySelectorAll('[data-testid="poster"]').length,
        })),
      );
    const before = await rails();
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    // The rails far below the first screen have not drawn a poster yet.
    expect(before.length).toBeGreaterThan(6);
    expect(before.at(-1)?.posters).toBe(0);

    // Down the page as a visitor scrolls it, a screen at a time.
    for (let y = 0; y < pageHeight; y += viewport.height * 0.8) {
      await page.mouse.wheel(0, viewport.height * 0.8);
      await page.waitForTimeout(120);
    }
    await page.waitForFunction(() => document.querySelectorAll('.vw-rail--pending').length === 0);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/home-scrolled-${viewport.width}.png` });

    const after = await rails();
    expect(after.every((rail) => rail.posters > 0)).toBe(true);
    // Each rail kept the height it has with its posters, so nothing below it moved, and the page is as long.
    const change = (height: number, was: number) => (Math.abs(height - was) <= 1 ? 'none' : height - was);
    expect(
      after.map((rail, i) => ({ name: rail.name, change: change(rail.height, before[i].height) })),
    ).toEqual(before.map(({ name }) => ({ name, change: 'none' })));
    // As long as it was, within the fraction of a pixel a kept room may differ by (at most one per rail).
    const grown = (await page.evaluate(() => document.documentElement.scrollHeight)) - pageHeight;
    expect(Math.abs(grown)).toBeLessThanOrEqual(before.length);
    const shifted = (await page.evaluate(() => window.__layoutShifts)).reduce((sum, s) => sum + s.value, 0);
    expect(shifted).toBeLessThanOrEqual(MAX_SHIFT);
  });
});
