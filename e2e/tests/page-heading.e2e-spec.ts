import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../support/browser';
import { boxOf, expectSameBox, holdViewerCode } from '../support/first-paint';
import { observeLayoutShifts } from '../support/layout-shifts';

// The plans page's heading before its code (issue 19): its largest text is its heading, which the
// viewer draws only once the shell's and the viewer's scripts have come and run. The shell's server
// puts the heading in the page itself, in the visitor's language (libs/web-server/page-heading.mjs),
// and the shell draws it again while the viewer's code loads, so the first paint has it, and the
// viewer's heading later takes its place in the same box: no new, larger paint, nothing moved.

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-page-heading';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 800 },
];
const TITLE = 'Choose the Best Plan for You';
const TAMIL_TITLE = 'உங்களுக்கான சிறந்த திட்டத்தைத் தேர்ந்தெடுங்கள்';

interface Paint {
  startTime: number;
  size: number;
  /** The painted element's class, as it was when the browser reported it. */
  element: string | null;
}

declare global {
  interface Window {
    __largestPaints: Paint[];
  }
}

/** Runs in the page before its scripts: records every largest-contentful-paint candidate. */
function observeLargestPaints(): void {
  const paints: Paint[] = [];
  Object.defineProperty(window, '__largestPaints', { value: paints });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { size: number; element: Element | null }
    >)
      paints.push({
        startTime: entry.startTime,
        size: entry.size,
        element: entry.element?.className ?? null,
      });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await context?.close();
});

/**
 * Opens the plans page with the viewer's code held back: its heading is on screen from the page's own
 * bytes, and, once the code comes, the viewer's heading is in the same box, with nothing shifted and
 * no larger paint than the first heading's.
 */
async function plansPageTakesOverItsHeading(shot: string, title: string): Promise<void> {
  await context.addInitScript(observeLayoutShifts);
  await context.addInitScript(observeLargestPaints);
  page = await context.newPage();
  const held = await holdViewerCode(context, BASE_URL);
  await page.goto(`${BASE_URL}/subscribe`, { waitUntil: 'commit' });

  await page.locator('.page-heading__title', { hasText: title }).waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const early = await boxOf(page, '.page-heading__title');
  const earlyEyebrow = await boxOf(page, '.page-heading__eyebrow');
  expect(await page.locator('.vw-page__title').count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/${shot}-before-code.png` });

  held.release();
  await page.locator('.vw-page__title', { hasText: title }).waitFor();
  await page.locator('.vw-plan').first().waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expectSameBox(await boxOf(page, '.vw-page__title'), early);
  expectSameBox(await boxOf(page, '.vw-eyebrow'), earlyEyebrow);
  expect(await page.locator('.page-heading').count()).toBe(0);

  // The heading's paint is the page's largest; the viewer's heading, drawn in its box, is no new one.
  const paints = await page.evaluate(() => window.__largestPaints);
  expect(paints.some((p) => p.element?.includes('page-heading__title'))).toBe(true);
  expect(paints.filter((p) => p.element?.includes('vw-page__title'))).toEqual([]);
  const shifts = await page.evaluate(() => window.__layoutShifts);
  expect(shifts.reduce((sum, s) => sum + s.value, 0)).toBeLessThanOrEqual(0.05);
  await page.screenshot({ path: `${SHOTS}/${shot}-after-code.png` });
}

describe.each(VIEWPORTS)('at $width px', (viewport) => {
  it('the plans page shows its heading without any script, below the header, at the top of the page', async () => {
    context = await browser.newContext({ viewport, javaScriptEnabled: false });
    page = await context.newPage();
    await page.goto(`${BASE_URL}/subscribe`);
    const heading = page.getByRole('heading', { level: 1, name: TITLE });
    await heading.waitFor();
    expect(await page.locator('.page-heading__eyebrow').textContent()).toBe(
      'Prepaid plans · no auto-renewal',
    );
    const title = await boxOf(page, '.page-heading__title');
    expect(title.y).toBeGreaterThan(viewport.width > 900 ? 68 : 116);
    expect(title.y + title.height).toBeLessThan(viewport.height / 2);
    await page.screenshot({ path: `${SHOTS}/plans-${viewport.width}-without-scripts.png` });
  });

  it("the viewer's heading takes the place of the page's own, unmoved, and is no new, larger paint", async () => {
    context = await browser.newContext({ viewport });
    await plansPageTakesOverItsHeading(`plans-${viewport.width}`, TITLE);
  });
});

describe('in the language a visitor chose', () => {
  it("the plans page's own heading is in Tamil, chosen in the header, and the viewer's takes its place", async () => {
    const viewport = { width: 1366, height: 800 };
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    await page.goto(`${BASE_URL}/about`);
    await page
      .locator('header.site-header')
      .getByRole('button', { name: /^Site language/ })
      .click();
    await page.locator('#language-panel').getByRole('button', { name: 'தமிழ்' }).click();
    await page.locator('header.site-header').getByRole('link', { name: 'முகப்பு', exact: true }).waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'interfaceLanguage')?.value).toBe('ta');

    // Without scripts, the page's own bytes are in Tamil.
    const withoutScripts = await browser.newContext({ viewport, javaScriptEnabled: false });
    try {
      await withoutScripts.addCookies(cookies);
      const plain = await withoutScripts.newPage();
      await plain.goto(`${BASE_URL}/subscribe`);
      await plain.getByRole('heading', { level: 1, name: TAMIL_TITLE }).waitFor();
      expect(await plain.locator('.page-heading').getAttribute('lang')).toBe('ta');
      await plain.screenshot({ path: `${SHOTS}/plans-ta-${viewport.width}-without-scripts.png` });
    } finally {
      await withoutScripts.close();
    }

    await page.close();
    await plansPageTakesOverItsHeading(`plans-ta-${viewport.width}`, TAMIL_TITLE);
  });
});
