import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../support/browser';
import { boxOf, holdViewerCode } from '../support/first-paint';
import { observeLayoutShifts } from '../support/layout-shifts';
import { demoFilm } from '../support/viewer-pages';

// The page's banner before its code (issue 19): on a phone the scripts take seconds, the banner's
// picture a fraction of one. The home page and a title page carry their banner in the page itself
// (libs/web-server/banner-placeholder.mjs), so it is on screen while the viewer's code is still on its
// way; the page's own banner then takes its place, the same picture in the same box, nothing moved.

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-banner-placeholder';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 800 },
];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let titlePath: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  titlePath = `/movie/${encodeURIComponent((await demoFilm('Gully Gladiators', '10.200.0.3')).slug)}/play`;
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await context?.close();
});

describe.each(VIEWPORTS)('at $width px', (viewport) => {
  it.each([
    ['home', () => '/', '.vw-feature__banner'],
    ['title', () => titlePath, '.vw-title__banner'],
  ])(
    "the %s page shows its banner before the viewer's code, and its own banner takes its place unmoved",
    async (name, path, banner) => {
      context = await browser.newContext({ viewport });
      await context.addInitScript(observeLayoutShifts);
      page = await context.newPage();
      const held = await holdViewerCode(context, BASE_URL);
      await page.goto(`${BASE_URL}${path()}`, { waitUntil: 'commit' });

      // No viewer code has come, and the picture is on screen, at the top, across the page.
      const placeholder = page.locator('.banner-placeholder__img');
      await placeholder.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.banner-placeholder__img');
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
      const early = await boxOf(page, '.banner-placeholder__img');
      expect(early.y).toBeLessThanOrEqual(0);
      expect(early.width).toBe(viewport.width);
      expect(early.y + early.height).toBeGreaterThan(viewport.height / 2);
      expect(await page.locator(banner).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}-before-code.png` });

      held.release();
      await page.locator(banner).waitFor();
      await page.waitForFunction((selector) => {
        const img = document.querySelector<HTMLImageElement>(selector);
        return Boolean(img?.complete && img.naturalWidth > 0);
      }, banner);
      const own = await boxOf(page, banner);
      // The same picture, in the same place, at the same size (within a pixel).
      expect(Math.abs(own.y - early.y)).toBeLessThanOrEqual(1);
      expect(Math.abs(own.width - early.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(own.height - early.height)).toBeLessThanOrEqual(1.5);
      expect(await page.locator('.banner-placeholder').count()).toBe(0);
      const shifts = await page.evaluate(() => window.__layoutShifts.reduce((sum, s) => sum + s.value, 0));
      expect(shifts).toBeLessThanOrEqual(0.05);
      await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}-after-code.png` });
    },
  );
});
