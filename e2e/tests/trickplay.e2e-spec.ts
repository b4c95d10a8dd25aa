import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Response as PageResponse } from 'playwright-core';
import { signInAdmin } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';
import { apiFrom, demoFilm, until } from '../support/viewer-pages';
import { freshClientIp, fromClient, storeSession, subscribedSession } from '../support/sessions';

// Rich playback (issue 23, DECISIONS D42) as people use it. An admin marks a demo film's intro in the
// video panel of its movie form, scrubbing to where it ends; a subscribed viewer then plays the film,
// points halfway along the seek bar and sees the picture of that moment above it (from a sheet the
// browser really loaded), and, in the intro, presses "Skip intro" to jump past it. Screenshots of the
// player with the preview, of the Skip intro button and of the marker panel, at 390 and 1366 px, go to
// SHOTS. The film's markers are cleared again at the end.

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-trickplay';
/** A free demo film of its own ten-second source (scripts/seed/videos.mjs) that no other spec plays. */
const FILM = 'Chhota Jasoos';
const INTRO = { startSeconds: 1, endSeconds: 6 };
/** How long the demo videos may take to transcode after start-up, on a busy machine. */
const TRANSCODING_MS = 600_000;

interface Screen {
  width: number;
  height: number;
}
/** A phone-wide window, pointed at with a mouse (a finger's drag moves the slider: Player.spec.tsx). */
const PHONE: Screen = { width: 390, height: 844 };
const LAPTOP: Screen = { width: 1366, height: 800 };

let browser: Browser;
const contexts: BrowserContext[] = [];
const clientIp = freshClientIp();
/** The admin's token and the film's video, to clear its markers after the spec. */
let adminToken: string | undefined;
let videoId: string | undefined;

const api = apiFrom(clientIp);

const film = () => demoFilm(FILM, clientIp);

/** Waits until the film's video is transcoded (until then its stream answers 409 VIDEO_NOT_READY). */
async function untilPlayable(): Promise<void> {
  const route = `movie/${(await film())._id}/stream`;
  await until(async () => (await api(route)).status !== 409, `the video of ${FILM} is ready`, TRANSCODING_MS);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  // The film leaves this spec without markers, as it came.
  if (adminToken && videoId)
    await api(`admin/videos/${videoId}/markers`, { token: adminToken, method: 'PUT', body: {} });
  await browser?.close();
});

async function open(screen: Screen): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    locale: 'en-US',
  });
  contexts.push(context);
  await fromClient(context, clientIp);
  return context.newPage();
}

const shoot = (page: Page, name: string, screen: Screen) =>
  page.screenshot({ path: `${SHOTS}/${name}-${screen.width}.png` });

/** The admin's movie form of the film, found in the movie list as an admin finds it; its video's id. */
async function openFilmForm(page: Page): Promise<string> {
  const markers = page.waitForResponse((res) => /\/api\/admin\/videos\/[^/]+\/markers$/.test(res.url()), {
    timeout: 60_000,
  });
  await page.goto(`${BASE_URL}/admin/movies`);
  await page.getByRole('searchbox', { name: 'Search movies' }).fill(FILM);
  const row = page.getByRole('row', { name: new RegExp(FILM) });
  await row.locator('[data-video-state="ready"]').waitFor({ state: 'visible', timeout: 30_000 });
  await row.getByRole('link', { name: new RegExp(`Edit ${FILM}`) }).click();
  await page.waitForURL(/\/admin\/movies\/edit\//);
  return new URL((await markers).url()).pathname.split('/').at(-2)!;
}

const markerPanel = (page: Page) => page.getByRole('region', { name: 'Skip markers' });

describe("an admin marking a film's intro (D42)", () => {
  it(
    'scrubs to where the intro ends, saves the intro, and finds it in the panel again',
    async () => {
      await untilPlayable();
      const page = await open(LAPTOP);
      adminToken = await signInAdmin(page);
      videoId = await openFilmForm(page);
      const panel = markerPanel(page);
      await panel.waitFor({ state: 'visible', timeout: 30_000 });
      // The picture at the scrub position comes from the film's trickplay sheets.
      await panel.getByTestId('marker-thumbnail').waitFor({ state: 'visible', timeout: 30_000 });

      const intro = panel.getByRole('group', { name: 'Intro' });
      await intro.getByLabel('Intro start (seconds)').fill(String(INTRO.startSeconds));
      // The end: the position slider moved by keys (half a second a step), then "End here".
      const slider = panel.getByRole('slider');
      await slider.focus();
      for (let s = 0; s < INTRO.endSeconds * 2; s++) await page.keyboard.press('ArrowRight');
      expect(await slider.getAttribute('aria-valuetext')).toMatch(/^0:06 of 0:\d\d$/);
      await intro.getByRole('button', { name: 'End here' }).click();
      expect(await intro.getByLabel('Intro end (seconds)').inputValue()).toBe(String(INTRO.endSeconds));

      await panel.getByRole('button', { name: 'Save markers' }).click();
      await panel.getByRole('status').filter({ hasText: 'Markers saved.' }).waitFor();
      await panel.scrollIntoViewIfNeeded();
      await shoot(page, 'marker-panel', LAPTOP);

      // Opened again (on a phone as well), the form shows the saved intro, and nothing else marked.
      for (const [screen, shown] of [
        [LAPTOP, page],
        [PHONE, await open(PHONE)],
      ] as const) {
        if (screen === PHONE) {
          await signInAdmin(shown);
          await openFilmForm(shown);
        } else await shown.reload();
        const again = markerPanel(shown);
        await again.waitFor({ state: 'visible', timeout: 30_000 });
        expect(await again.getByLabel('Intro start (seconds)').inputValue()).toBe('1');
        expect(await again.getByLabel('Intro end (seconds)').inputValue()).toBe('6');
        expect(await again.getByLabel('Recap start (seconds)').inputValue()).toBe('');
        expect(await again.getByLabel('Credits end (seconds)').inputValue()).toBe('');
        // Its six time fields line up: one width, whatever their labels' lengths.
        const widths = await again
          .locator('input[type="number"]')
          .evaluateAll((inputs) => inputs.map((input) => Math.round(input.getBoundingClientRect().width)));
        expect(widths).toHaveLength(6);
        expect(new Set(widths).size).toBe(1);
        if (screen === PHONE) {
          await again.getByTestId('marker-thumbnail').waitFor({ state: 'visible', timeout: 30_000 });
          await again.scrollIntoViewIfNeeded();
          // Nothing of the panel is wider than the phone.
          expect(await shown.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          await shoot(shown, 'marker-panel', PHONE);
        }
      }
    },
    TRANSCODING_MS + 120_000,
  );
});

/** The player's video element's state, as the browser has it. */
const videoState = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('video.vw-player__video')!;
    return { at: video.currentTime, duration: video.duration, paused: video.paused };
  });

/** Waits until the player's video has played past `beyond` seconds. */
const playedPast = (page: Page, beyond: number) =>
  page.waitForFunction(
    (t) => {
      const video = document.querySelector<HTMLVideoElement>('video.vw-player__video');
      return video !== null && !video.paused && video.currentTime > t;
    },
    beyond,
    { timeout: 45_000 },
  );

const seconds = (clock: string) => clock.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);

/**
 * Where the preview's picture is (as drawn), against the seek bar, the video's own controls (the strip at
 * the foot of the picture), the window and its fixed header.
 */
async function previewPlacement(page: Page) {
  return page.evaluate(() => {
    const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
    const thumb = box('.vw-seek__thumb');
    const seek = box('.vw-seek');
    const range = box('.vw-seek__range');
    const video = box('video.vw-player__video');
    const header = box('.site-header');
    const within = 0.5;
    return {
      width: thumb.width,
      height: thumb.height,
      aboveBar: thumb.bottom <= range.top,
      clearOfControls: box('.vw-seek__time').bottom <= video.bottom - 48,
      inView:
        thumb.left >= -within &&
        thumb.right <= window.innerWidth + within &&
        thumb.top >= header.bottom &&
        thumb.bottom <= window.innerHeight,
      fromBarStart: Math.round(thumb.left - seek.left),
      fromBarEnd: Math.round(seek.right - thumb.right),
      sheet: getComputedStyle(document.querySelector('.vw-seek__thumb')!).backgroundImage,
    };
  });
}

// The intro the viewer skips is the one the admin's test above saved.
describe('a viewer seeing pictures on the seek bar and skipping the intro (D42)', () => {
  for (const screen of [LAPTOP, PHONE]) {
    it(
      `shows the picture where the pointer is on the seek bar, and Skip intro jumps past it (${screen.width} px)`,
      async () => {
        await untilPlayable();
        const session = await subscribedSession('standard', clientIp);
        const page = await open(screen);
        const sheets: PageResponse[] = [];
        page.on('response', (res) => {
          if (/\/trickplay\/sheet_\d+\.jpg$/.test(new URL(res.url()).pathname)) sheets.push(res);
        });
        await storeSession(page, 'user', session);
        await page.goto(`${BASE_URL}/movie/${encodeURIComponent((await film()).slug)}/play`);
        await page.getByRole('button', { name: 'Play', exact: true }).first().click();
        await playedPast(page, 0.2);
        const bar = page.locator('.vw-player__bar');
        // The viewer pauses to look for a moment, and points halfway along the seek bar.
        await bar.getByRole('button', { name: 'Pause' }).click();
        const seek = page.getByRole('slider', { name: 'Seek' });
        const track = (await seek.boundingBox())!;
        await page.mouse.move(track.x + track.width / 2, track.y + track.height / 2, { steps: 4 });
        const preview = page.getByTestId('seek-preview');
        await preview.waitFor({ state: 'visible' });
        await preview.locator('.vw-seek__thumb').waitFor({ state: 'visible', timeout: 15_000 });

        const { duration } = await videoState(page);
        const time = await preview.locator('.vw-seek__time').innerText();
        expect(Math.abs(seconds(time) - duration / 2)).toBeLessThanOrEqual(1);
        const placed = await previewPlacement(page);
        expect(placed.width / placed.height).toBeGreaterThan(1.6);
        expect(placed.width / placed.height).toBeLessThan(1.9);
        expect(placed).toMatchObject({ aboveBar: true, clearOfControls: true, inView: true });
        // The picture is a sheet the browser loaded: a JPEG, answered 200.
        const sheetUrl = /^url\("(.+)"\)$/.exec(placed.sheet)?.[1];
        expect(sheetUrl).toMatch(/\/trickplay\/sheet_\d+\.jpg$/);
        await until(async () => sheets.some((res) => res.url() === sheetUrl), 'the sheet is loaded');
        const loaded = sheets.find((res) => res.url() === sheetUrl)!;
        expect(loaded.status()).toBe(200);
        expect(loaded.headers()['content-type']).toBe('image/jpeg');
        expect((await loaded.body()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
        await shoot(page, 'seek-preview', screen);

        // At either end of the bar the picture stays whole in the window, and comes close to that end.
        for (const [end, x] of [
          ['start', track.x + 2],
          ['end', track.x + track.width - 2],
        ] as const) {
          await page.mouse.move(x, track.y + track.height / 2, { steps: 2 });
          const edge = await previewPlacement(page);
          expect({ end, ...edge }).toMatchObject({
            end,
            aboveBar: true,
            clearOfControls: true,
            inView: true,
          });
          expect(end === 'start' ? edge.fromBarStart : edge.fromBarEnd).toBeGreaterThanOrEqual(0);
          expect(end === 'start' ? edge.fromBarStart : edge.fromBarEnd).toBeLessThanOrEqual(16);
          if (screen === PHONE && end === 'start') await shoot(page, 'seek-preview-start', screen);
        }

        // Back to the start with a click on the bar, and Play: in the intro, "Skip intro" is offered.
        await page.mouse.click(track.x + track.width * 0.05, track.y + track.height / 2);
        await page.mouse.move(track.x + track.width / 2, track.y - 200);
        await preview.waitFor({ state: 'hidden' });
        expect((await videoState(page)).at).toBeLessThan(INTRO.startSeconds + 1);
        await bar.getByRole('button', { name: 'Play', exact: true }).click();
        const skip = page.getByRole('button', { name: 'Skip intro' });
        await skip.waitFor({ state: 'visible', timeout: 20_000 });
        expect((await videoState(page)).at).toBeGreaterThanOrEqual(INTRO.startSeconds);
        await shoot(page, 'skip-intro', screen);
        await skip.click();
        await page.waitForFunction(
          (end) => document.querySelector<HTMLVideoElement>('video.vw-player__video')!.currentTime >= end,
          INTRO.endSeconds,
          { timeout: 5_000 },
        );
        await skip.waitFor({ state: 'hidden' });
        // And it plays on from there.
        await playedPast(page, INTRO.endSeconds + 0.3);
      },
      TRANSCODING_MS + 120_000,
    );
  }
});
