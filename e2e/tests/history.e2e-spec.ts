import type { Page } from 'playwright-core';
import { BASE_URL } from '../support/browser';
import { freshClientIp, storeSession, viewerSession } from '../support/sessions';
import { playerStopped, viewerApi, viewerPages } from '../support/viewer-pages';

// Watch history (issue 22): what a viewer watched, newest first, with how far and a way back in; one
// title removed, then all of them after a confirmation; each profile's its own.

const SHOTS = process.env.E2E_SCREENSHOTS_HISTORY ?? '/tmp/chitram-history';

interface Movie {
  _id: string;
  slug: string;
  title: string;
}

const pages = viewerPages(SHOTS);
let page: Page;

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

describe('watch history (issue 22)', () => {
  it.each([1366, 390])(
    'lists what the viewer watched, removes one title and clears the rest (%i px)',
    async (width) => {
      const [half, whole] = await twoDemoFilms();
      const clientIp = freshClientIp();
      page = await pages.open(width, clientIp);
      const session = (await viewerSession(clientIp)) as { token: string };
      await storeSession(page, 'user', session);
      await playerStopped(session.token, clientIp, half._id, 1500);
      await playerStopped(session.token, clientIp, whole._id, 2995);

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

  it.each([1366, 390])(
    'shows a film watched to the end on one profile in its history and not in the other’s (%i px)',
    async (width) => {
      const [film] = await twoDemoFilms();
      const clientIp = freshClientIp();
      page = await pages.open(width, clientIp);
      const session = (await viewerSession(clientIp)) as { token: string };
      const ravi = await viewerApi('user/profiles', session.token, clientIp, {
        name: 'Ravi',
        avatar: 'tiger',
        maturity: 'adult',
      });
      expect(ravi.status).toBe(201);
      await storeSession(page, 'user', session);
      // The account's own profile watches the film into its end credits.
      await playerStopped(session.token, clientIp, film._id, 2995);

      await page.goto(`${BASE_URL}/history`);
      const entries = page.getByTestId('history-entry');
      await entries.first().waitFor();
      expect(await entries.getByRole('heading').allInnerTexts()).toEqual([film.title]);
      await entries.first().getByText('Watched to the end').waitFor();

      // Switch to Ravi from the header's panel: his history is empty.
      await page.getByRole('button', { name: 'Profile' }).click();
      await page.getByRole('link', { name: 'Switch profile' }).click();
      await page.getByRole('heading', { level: 1, name: "Who's watching?" }).waitFor();
      await page.getByRole('button', { name: /Ravi/ }).click();
      await page.waitForURL(`${BASE_URL}/`);
      await page.goto(`${BASE_URL}/history`);
      await page.getByText('Nothing watched yet').waitFor();
      expect(await entries.count()).toBe(0);
      expect(await page.getByText(film.title, { exact: true }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/history-other-profile-${width}.png` });
    },
  );
});
