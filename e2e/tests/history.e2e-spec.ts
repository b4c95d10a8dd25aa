import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../support/browser';
import { freshClientIp, fromClient, storeSession, viewerSession } from '../support/sessions';

// Watch history (issue 22): what a viewer watched, newest first, with how far and a way back in; one
// title removed, then all of them after a confirmation.

const SHOTS = process.env.E2E_SCREENSHOTS_HISTORY ?? '/tmp/chitram-history';

interface Movie {
  _id: string;
  slug: string;
  title: string;
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

async function twoDemoFilms(): Promise<[Movie, Movie]> {
  const res = await fetch(`${BASE_URL}/api/home/content`);
  const { genreMovies } = (await res.json()) as { genreMovies: Record<string, Movie[]> };
  const films = [
    ...new Map(
      Object.values(genreMovies)
        .flat()
        .map((m) => [m._id, m]),
    ).values(),
  ];
  if (films.length < 2) throw new Error('the demo catalogue has fewer than two films');
  return [films[0], films[1]];
}

/** Where the player stopped, as it reports it when closed (POST /api/playback/stop). */
async function stoppedAt(token: string, clientIp: string, film: Movie, positionSeconds: number) {
  const res = await fetch(`${BASE_URL}/api/playback/stop`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-forwarded-for': clientIp,
    },
    body: JSON.stringify({ kind: 'movie', titleId: film._id, positionSeconds, durationSeconds: 3000 }),
  });
  expect(res.status).toBe(200);
}

describe('watch history (issue 22)', () => {
  it.each([1366, 390])(
    'lists what the viewer watched, removes one title and clears the rest (%i px)',
    async (width) => {
      const [half, whole] = await twoDemoFilms();
      const clientIp = freshClientIp();
      context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
      await fromClient(context, clientIp);
      page = await context.newPage();
      const session = (await viewerSession(clientIp)) as { token: string };
      await storeSession(page, 'user', session);
      await stoppedAt(session.token, clientIp, half, 1500);
      await stoppedAt(session.token, clientIp, whole, 2995);

      if (width === 1366) {
        await page.goto(BASE_URL);
        await page.getByRole('button', { name: 'Profile' }).click();
        await page.getByRole('link', { name: 'Watch history' }).click();
        await page.waitForURL(`${BASE_URL}/history`);
      } else {
        await page.goto(`${BASE_URL}/history`);
      }
      await page.getByRole('heading', { level: 1, name: 'Watch history' }).waitFor();
      const entries = page.getByTestId('history-entry');
      await entries.nth(1).waitFor();
      expect(await entries.count()).toBe(2);
      // Newest first: the film finished last.
      await expect(entries.nth(0).getByRole('heading').innerText()).resolves.toBe(whole.title);
      await entries.nth(0).getByText('Watched to the end').waitFor();
      await entries.nth(1).getByText('50% watched').waitFor();
      expect(await entries.nth(1).getByRole('link', { name: 'Resume' }).getAttribute('href')).toBe(
        `/movie/${encodeURIComponent(half.slug)}/play`,
      );
      await page.screenshot({ path: `${SHOTS}/history-${width}.png`, fullPage: true });

      await page.getByRole('button', { name: `Remove ${whole.title} from your history` }).click();
      await page.getByText('Removed from your history').waitFor();
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="history-entry"]').length === 1,
      );
      await expect(entries.nth(0).getByRole('heading').innerText()).resolves.toBe(half.title);

      await page.getByRole('button', { name: 'Clear history' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Clear your watch history?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Clear all' }).click();
      await page.getByText('Nothing watched yet').waitFor();
      expect(await entries.count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/history-empty-${width}.png` });
    },
  );
});
