import type { Page } from 'playwright-core';
import { BASE_URL } from '../support/browser';
import { adminSession, freshClientIp, storeSession, subscribedSession } from '../support/sessions';
import { until, viewerPages } from '../support/viewer-pages';

// The seek bar's pictures and the skip button (issue 23, D42), as a viewer on a laptop meets them:
// hovering the seek bar shows the picture and the time of where it points, drawn from the video's
// trickplay sheets; during an intro that an admin marked, "Skip intro" jumps past it. The film used is a
// demo copy no other spec plays, and its markers are cleared afterwards. Screenshots go to SHOTS.

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-trickplay';
/** Demo films that other specs play: their players must not show a skip button they do not expect. */
const PLAYED_ELSEWHERE = new Set([
  'Palleturi Cricket',
  'Godavari Express',
  'Chhota Jasoos',
  'Operation Shaurya',
  'Sitaron Se Aage',
]);
const pages = viewerPages(SHOTS);
const clientIp = freshClientIp();

interface AdminMovieRow {
  _id: string;
  title: string;
  slug: string;
  video: { videoId: string; state: string } | null;
}
interface Markers {
  durationSeconds: number | null;
  thumbnailsUrl: string | null;
}

let adminToken: string;
let film: AdminMovieRow;

async function adminApi(route: string, body?: unknown, method = 'GET'): Promise<Response> {
  return fetch(`${BASE_URL}/api/${route}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      'x-forwarded-for': clientIp,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const markersOf = async (videoId: string) =>
  (await (await adminApi(`admin/videos/${videoId}/markers`)).json()) as Markers;

beforeAll(async () => {
  adminToken = ((await adminSession(clientIp)) as { token: string }).token;
  // A demo film with a video of its own that no other spec plays, once its video and sheets are made
  // (the demo videos are transcoded in the background after start-up).
  await until(
    async () => {
      for (let page = 1; page <= 7; page++) {
        const answer = (await (await adminApi(`admin/movies?page=${page}`)).json()) as {
          movies: AdminMovieRow[];
        };
        for (const movie of answer.movies) {
          if (PLAYED_ELSEWHERE.has(movie.title) || movie.video?.state !== 'ready') continue;
          if ((await markersOf(movie.video.videoId)).thumbnailsUrl) {
            film = movie;
            return true;
          }
        }
      }
      return false;
    },
    'a ready demo film with trickplay sheets',
    600_000,
  );
}, 660_000);

afterAll(async () => {
  // Leave the demo film as it was: no markers.
  if (film?.video) await adminApi(`admin/videos/${film.video.videoId}/markers`, {}, 'PUT');
});

/** Opens the film's page signed in as a Gold viewer on a laptop and presses Play. */
async function playing(): Promise<Page> {
  const session = await subscribedSession('gold', clientIp);
  const page = await pages.open(1366, clientIp);
  await storeSession(page, 'user', session);
  await page.goto(`${BASE_URL}/movie/${encodeURIComponent(film.slug)}/play`);
  await page.getByRole('button', { name: 'Play', exact: true }).first().click();
  await page.waitForFunction(
    () => (document.querySelector<HTMLVideoElement>('video.vw-player__video')?.currentTime ?? 0) > 0.5,
    undefined,
    { timeout: 30_000 },
  );
  return page;
}

const currentTime = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLVideoElement>('video.vw-player__video')!.currentTime);

it('shows the picture and the time of where the pointer is on the seek bar', async () => {
  const page = await playing();
  const bar = page.locator('.vw-seek');
  const box = (await bar.boundingBox())!;
  // Halfway along the bar.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const preview = page.getByTestId('seek-preview');
  await preview.waitFor();
  const thumb = preview.locator('.vw-seek__thumb');
  await thumb.waitFor();
  const picture = await thumb.evaluate((el) => {
    const style = getComputedStyle(el);
    const url = /url\("?(.*?)"?\)/.exec(style.backgroundImage)?.[1] ?? '';
    return { url, width: el.getBoundingClientRect().width, height: el.getBoundingClientRect().height };
  });
  // A picture about 240 px wide at the video's own shape (16:9 for the demo's sources).
  expect(picture.width).toBeGreaterThan(150);
  expect(picture.width / picture.height).toBeCloseTo(16 / 9, 1);
  // The sheet it is cut from is a real picture the browser can draw.
  const sheet = await page.evaluate(
    (url) =>
      new Promise<{ width: number; height: number }>((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
        image.onerror = () => reject(new Error(`the sheet ${url} did not load`));
        image.src = url;
      }),
    picture.url,
  );
  expect(sheet.width).toBeGreaterThanOrEqual(picture.width);
  // The time shown is halfway through the film.
  const { durationSeconds } = await markersOf(film.video!.videoId);
  const shown = (await preview.locator('.vw-seek__time').innerText())
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
  expect(Math.abs(shown - durationSeconds! / 2)).toBeLessThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/seek-preview-1366.png` });
  // Moving away puts the picture away.
  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  await preview.waitFor({ state: 'detached' });
}, 120_000);

it('jumps past a marked intro when the viewer presses "Skip intro"', async () => {
  const { durationSeconds } = await markersOf(film.video!.videoId);
  const introEnd = Math.min(20, Math.floor(durationSeconds! * 0.6));
  const saved = await adminApi(
    `admin/videos/${film.video!.videoId}/markers`,
    { intro: { startSeconds: 0, endSeconds: introEnd } },
    'PUT',
  );
  expect(saved.status).toBe(200);
  const page = await playing();
  const skip = page.getByRole('button', { name: 'Skip intro' });
  await skip.waitFor();
  await page.screenshot({ path: `${SHOTS}/skip-intro-1366.png` });
  expect(await currentTime(page)).toBeLessThan(introEnd);
  await skip.click();
  await page.waitForFunction(
    (end) =>
      (document.querySelector<HTMLVideoElement>('video.vw-player__video')?.currentTime ?? 0) >= end - 0.5,
    introEnd,
    { timeout: 10_000 },
  );
  // Past the intro the button is gone, and the film plays on from there.
  await skip.waitFor({ state: 'detached' });
  const after = await currentTime(page);
  await page.waitForFunction(
    (t) => (document.querySelector<HTMLVideoElement>('video.vw-player__video')?.currentTime ?? 0) > t + 0.5,
    after,
    { timeout: 15_000 },
  );
}, 120_000);
