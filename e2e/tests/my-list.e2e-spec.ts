import type { Page } from 'playwright-core';
import { BASE_URL } from '../support/browser';
import { freshClientIp, storeSession, viewerSession } from '../support/sessions';
import { viewerPages } from '../support/viewer-pages';

// My List (issue 22): a viewer keeps a title from its page, finds it on /my-list and in home's rail,
// and takes it off again; a visitor pressing the button is sent to log in.

const SHOTS = process.env.E2E_SCREENSHOTS_MY_LIST ?? '/tmp/chitram-mylist';

interface Movie {
  _id: string;
  slug: string;
  title: string;
}

const pages = viewerPages(SHOTS);
let page: Page;

async function open(width: number, signedIn: boolean): Promise<Page> {
  const clientIp = freshClientIp();
  page = await pages.open(width, clientIp);
  if (signedIn) await storeSession(page, 'user', await viewerSession(clientIp));
  return page;
}

async function aDemoFilm(): Promise<Movie> {
  const res = await fetch(`${BASE_URL}/api/home/content`);
  const { genreMovies } = (await res.json()) as { genreMovies: Record<string, Movie[]> };
  const film = Object.values(genreMovies).flat()[0];
  if (!film) throw new Error('the demo catalogue has no film');
  return film;
}

const myListButton = () => page.getByRole('button', { name: 'My List', exact: true });

describe('My List (issue 22)', () => {
  it.each([1366, 390])(
    'keeps a film from its page, shows it on /my-list and on home, and takes it off (%i px)',
    async (width) => {
      const film = await aDemoFilm();
      await open(width, true);
      await page.goto(`${BASE_URL}/movie/${encodeURIComponent(film.slug)}/play`);
      await page.getByRole('heading', { level: 1, name: film.title }).waitFor();
      await expect(myListButton().getAttribute('aria-pressed')).resolves.toBe('false');
      await myListButton().click();
      await page.waitForSelector('[data-testid="my-list-button"][aria-pressed="true"]');
      await page.screenshot({ path: `${SHOTS}/title-page-${width}.png` });

      if (width === 1366) {
        // From the header's profile panel.
        await page.getByRole('button', { name: 'Profile' }).click();
        await page.getByRole('link', { name: 'My List' }).click();
      } else {
        await page.goto(`${BASE_URL}/watchlist`);
      }
      await page.waitForURL(`${BASE_URL}/my-list`);
      await page.getByRole('heading', { level: 1, name: 'My List' }).waitFor();
      const kept = page.getByTestId('my-list-films').getByTestId('poster');
      await kept.first().waitFor();
      expect(await kept.count()).toBe(1);
      expect(await kept.first().innerText()).toContain(film.title);
      await page.screenshot({ path: `${SHOTS}/my-list-${width}.png`, fullPage: true });

      await page.goto(BASE_URL);
      const rail = page.locator('section.vw-rail--my-list');
      await rail.getByRole('heading', { name: 'My List' }).waitFor();
      // A rail far from the screen is not rendered until the viewer scrolls near it (content-visibility).
      await rail.scrollIntoViewIfNeeded();
      await rail.getByTestId('poster').first().getByText(film.title).waitFor();

      await page.goto(`${BASE_URL}/movie/${encodeURIComponent(film.slug)}/play`);
      await page.waitForSelector('[data-testid="my-list-button"][aria-pressed="true"]');
      await myListButton().press('Enter');
      await page.waitForSelector('[data-testid="my-list-button"][aria-pressed="false"]');
      await page.goto(`${BASE_URL}/my-list`);
      await page.getByText('Your list is empty').waitFor();
      await page.screenshot({ path: `${SHOTS}/my-list-empty-${width}.png` });
      await page.goto(BASE_URL);
      await page.locator('.vw-rail').first().waitFor();
      expect(await page.locator('section.vw-rail--my-list').count()).toBe(0);
    },
  );

  it.each([1366, 390])(
    'keeps a film from its card on home, finds it in the rail and on /my-list, and takes it off there (%i px)',
    async (width) => {
      await open(width, true);
      await page.goto(BASE_URL);
      const firstRail = page.locator('.vw-rails section.vw-rail').first();
      const card = firstRail.locator('.vw-card').first();
      await card.getByTestId('poster').waitFor();
      const title = (await card.locator('.vw-poster__title').innerText()).trim();
      const toggle = card.getByRole('button', { name: `My List: ${title}` });
      await page.waitForSelector('[data-testid="my-list-card-button"]:not([disabled])');
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      // From the keyboard: the toggle is the Tab stop after the card's link, and pressing it stays on home.
      await card.getByTestId('poster').focus();
      await page.keyboard.press('Tab');
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await card.locator('[data-testid="my-list-card-button"][aria-pressed="true"]').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');

      // Home's My List rail shows it at once.
      const rail = page.locator('section.vw-rail--my-list');
      await rail.getByRole('heading', { name: 'My List' }).waitFor();
      await rail.scrollIntoViewIfNeeded();
      await rail.getByTestId('poster').first().getByText(title).waitFor();
      await page.screenshot({ path: `${SHOTS}/home-card-toggle-${width}.png` });

      await page.goto(`${BASE_URL}/my-list`);
      const kept = page.getByTestId('my-list-films').locator('.vw-card');
      await kept.first().waitFor();
      expect(await kept.count()).toBe(1);
      expect(await kept.first().getByTestId('poster').innerText()).toContain(title);
      await kept
        .first()
        .getByRole('button', { name: `My List: ${title}` })
        .click();
      await page.getByText('Your list is empty').waitFor();
      await page.goto(BASE_URL);
      await page.locator('.vw-rails section.vw-rail').first().waitFor();
      expect(await page.locator('section.vw-rail--my-list').count()).toBe(0);
    },
  );

  it('sends a visitor who presses the button to log in', async () => {
    const film = await aDemoFilm();
    await open(1366, false);
    await page.goto(`${BASE_URL}/movie/${encodeURIComponent(film.slug)}/play`);
    await myListButton().click();
    await page.waitForURL(`${BASE_URL}/login`);
  });
});
