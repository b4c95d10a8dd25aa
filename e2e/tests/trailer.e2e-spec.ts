import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAdmin } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';
import { observeLayoutShifts } from '../support/layout-shifts';
import { freshClientIp, fromClient } from '../support/sessions';
import { demoFilm, until } from '../support/viewer-pages';

// Trailers (issue 23, D45) as a visitor meets them. On a demo film's page (the demo seed gives it a
// trailer, a copy of a transcoded demo clip), the trailer starts by itself a moment after the page is
// idle: muted, playing on (its time advances), over the hero picture, which stays the page's largest
// paint, and nothing moves (layout shift at most 0.05). Unmute unmutes it; Replay plays it again once it
// ended; Play on the title stops it for good. With reduced motion it never starts. Screenshots of the
// page with the trailer playing (390 and 1366 px) and of the admin's movie form with its trailer field
// go to SHOTS.

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-trailer';
/** A free demo film with a demo trailer (scripts/seed/videos.mjs: DEMO_TRAILERS). */
const FILM = 'Palleturi Cricket';
/** How long the demo videos (and so their trailers' copies) may take after start-up, on a busy machine. */
const TRANSCODING_MS = 600_000;
const MAX_SHIFT = 0.05;

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };
type Screen = typeof PHONE;

declare global {
  interface Window {
    __largestPaint: string[];
  }
}

/**
 * Runs in the page before its scripts: notes each largest-contentful-paint entry, as its element's
 * tag (`(gone)` once it has left the page, as the banner's placeholder does) and, for a picture, the
 * picture's address.
 */
function observeLargestPaint(): void {
  const seen: string[] = [];
  Object.defineProperty(window, '__largestPaint', { value: seen });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { element: Element | null; url: string }
    >)
      seen.push(
        `${entry.element ? `${entry.element.tagName.toLowerCase()}.${entry.element.className}` : '(gone)'} ${entry.url}`,
      );
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

let browser: Browser;
const contexts: BrowserContext[] = [];
const clientIp = freshClientIp();

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  // The seed gives the film its trailer once the demo sources are transcoded.
  const film = await demoFilm(FILM, clientIp);
  await until(
    async () => {
      const res = await fetch(`${BASE_URL}/api/movie/${film._id}/trailer`, {
        headers: { 'x-forwarded-for': clientIp },
      });
      return res.status === 200 && ((await res.json()) as { trailer: unknown }).trailer !== null;
    },
    `${FILM} has a trailer`,
    TRANSCODING_MS,
  );
}, TRANSCODING_MS + 60_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
});

async function open(screen: Screen, options: { reducedMotion?: 'reduce' } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: screen, locale: 'en-US', ...options });
  contexts.push(context);
  await fromClient(context, clientIp);
  await context.addInitScript(observeLayoutShifts);
  await context.addInitScript(observeLargestPaint);
  return context.newPage();
}

const trailerVideo = (page: Page) => page.locator('video.vw-title__trailer');

async function openTitle(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/movie/${encodeURIComponent((await demoFilm(FILM, clientIp)).slug)}/play`);
  await page.locator('.vw-title__heading').waitFor();
}

/** The trailer element's time, muted state and phase. */
const trailerState = (page: Page) =>
  trailerVideo(page).evaluate((video: HTMLVideoElement) => ({
    currentTime: video.currentTime,
    muted: video.muted,
    phase: video.dataset.trailerPhase,
    opacity: getComputedStyle(video).opacity,
  }));

const shiftTotal = (page: Page) =>
  page.evaluate(() => window.__layoutShifts.reduce((sum, shift) => sum + shift.value, 0));

describe('a trailer in the title page’s hero (D45)', () => {
  for (const screen of [LAPTOP, PHONE]) {
    it(`plays muted a moment after the page is idle, unmutes, and moves nothing (${screen.width} px)`, async () => {
      const page = await open(screen);
      await openTitle(page);
      await page.locator('video.vw-title__trailer[data-trailer-phase="playing"]').waitFor({
        timeout: 60_000,
      });
      const first = await trailerState(page);
      expect(first.muted).toBe(true);
      await page.waitForTimeout(1500);
      const later = await trailerState(page);
      expect(later.currentTime).toBeGreaterThan(first.currentTime);
      expect(later.muted).toBe(true);
      // Faded in over the picture, which stays the largest paint.
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector('video.vw-title__trailer')!).opacity === '1',
      );
      // The largest paint is still the title's banner (the placeholder's or the page's own picture of
      // it, issue 19), never the trailer.
      const paints = await page.evaluate(() => window.__largestPaint);
      expect(paints.at(-1)).toMatch(/^(img\.|\(gone\) )/);
      expect(paints.at(-1)).toMatch(/ \S*\/api\/media\/images\/\S+$/);
      expect(paints.join('\n')).not.toMatch(/^video/m);
      await page.screenshot({ path: `${SHOTS}/title-trailer-${screen.width}.png` });

      await page.getByRole('button', { name: 'Unmute' }).click();
      expect((await trailerState(page)).muted).toBe(false);
      await page.getByRole('button', { name: 'Mute' }).waitFor();

      const shifts = await shiftTotal(page);
      if (shifts > MAX_SHIFT)
        console.log(JSON.stringify(await page.evaluate(() => window.__layoutShifts), null, 2));
      expect(shifts).toBeLessThanOrEqual(MAX_SHIFT);
    }, 180_000);
  }

  it('offers Replay once it ended, and stops for good when the viewer presses Play', async () => {
    const page = await open(LAPTOP);
    await openTitle(page);
    await page.locator('video.vw-title__trailer[data-trailer-phase="playing"]').waitFor({ timeout: 60_000 });
    // The demo trailer is 12 seconds long.
    await page.locator('video.vw-title__trailer[data-trailer-phase="ended"]').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Replay' }).click();
    await page.locator('video.vw-title__trailer[data-trailer-phase="playing"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Unmute' }).waitFor();

    await page.getByRole('button', { name: 'Play', exact: true }).first().click();
    await page.locator('.vw-stage video').first().waitFor({ timeout: 30_000 });
    expect(await trailerVideo(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Unmute' }).count()).toBe(0);
    expect(await shiftTotal(page)).toBeLessThanOrEqual(MAX_SHIFT);
  }, 180_000);

  it('never starts when the viewer prefers reduced motion', async () => {
    const page = await open(PHONE, { reducedMotion: 'reduce' });
    let asked = false;
    page.on('request', (request) => {
      if (/\/api\/movie\/[^/]+\/trailer$/.test(new URL(request.url()).pathname)) asked = true;
    });
    await openTitle(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(5000);
    expect(await trailerVideo(page).count()).toBe(0);
    expect(asked).toBe(false);
  }, 60_000);
});

describe("the admin's movie form", () => {
  it('shows the film’s trailer field with its trailer ready, and Remove', async () => {
    for (const screen of [LAPTOP, PHONE]) {
      const page = await open(screen);
      await signInAdmin(page);
      await page.goto(`${BASE_URL}/admin/movies`);
      await page.getByRole('searchbox', { name: 'Search movies' }).fill(FILM);
      const row = page.getByRole('row', { name: new RegExp(FILM) });
      await row.getByRole('link', { name: new RegExp(`Edit ${FILM}`) }).click();
      await page.waitForURL(/\/admin\/movies\/edit\//);
      const field = page.locator('[data-field="trailer"]');
      await field.locator('[data-trailer-state="ready"]').waitFor({ timeout: 30_000 });
      await field.getByRole('button', { name: 'Remove trailer' }).waitFor();
      await field.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/admin-trailer-field-${screen.width}.png` });
    }
  }, 120_000);
});
