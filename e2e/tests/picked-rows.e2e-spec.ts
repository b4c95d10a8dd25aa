import type { Page } from 'playwright-core';
import { BASE_URL } from '../support/browser';
import { freshClientIp, storeSession, viewerSession } from '../support/sessions';
import { playerStopped, until, viewerApi as api, viewerPages } from '../support/viewer-pages';

// Rows picked for each profile (issue 22): "Top 10 in {language} today" with each film's rank, from the
// demo's plays of today, and "Because you watched X", which appears once the viewer finishes a film.

const SHOTS = process.env.E2E_SCREENSHOTS_PICKS ?? '/tmp/chitram-picks';

interface Movie {
  _id: string;
  slug: string;
  title: string;
}

const pages = viewerPages(SHOTS);
let page: Page;

async function open(width: number, clientIp = freshClientIp()): Promise<Page> {
  page = await pages.open(width, clientIp);
  return page;
}

describe('picked rows (issue 22)', () => {
  it.each([1366, 390])('shows Top 10 in English today with ranks to a visitor (%i px)', async (width) => {
    await open(width);
    await page.goto(BASE_URL);
    const rail = page.locator('section.vw-rail--top-today');
    await rail.getByRole('heading', { name: 'Top 10 in English today' }).waitFor();
    await rail.scrollIntoViewIfNeeded();
    const ranks = rail.getByTestId('rank');
    await ranks.first().waitFor();
    const count = await ranks.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    expect(await ranks.first().innerText()).toContain('1');
    await rail.getByText('Number 1').waitFor({ state: 'attached' });
    await page.screenshot({ path: `${SHOTS}/home-top-today-${width}.png` });
  });

  it.each([1366, 390])(
    'shows Because you watched X on home after the viewer finishes X (%i px)',
    async (width) => {
      const clientIp = freshClientIp();
      await open(width, clientIp);
      const session = (await viewerSession(clientIp)) as { token: string };
      await storeSession(page, 'user', session);
      const home = (await (await fetch(`${BASE_URL}/api/home/content`)).json()) as {
        genreMovies: Record<string, Movie[]>;
      };
      const film = Object.values(home.genreMovies).flat()[width === 1366 ? 0 : 1];

      await page.goto(BASE_URL);
      await page.locator('.vw-rails section.vw-rail').first().waitFor();
      await page.locator('section.vw-rail--top-today').waitFor();
      expect(await page.locator('section.vw-rail--because-you-watched').count()).toBe(0);

      // The player closes in the film's end credits.
      await playerStopped(session.token, clientIp, film._id, 2995);
      await until(
        async () =>
          !['', 'null'].includes(
            await (await api('user/because-you-watched', session.token, clientIp)).text(),
          ),
        'the finish is counted',
      );

      await page.goto(BASE_URL);
      const rail = page.locator('section.vw-rail--because-you-watched');
      await rail.getByRole('heading', { name: `Because you watched ${film.title}` }).waitFor();
      await rail.scrollIntoViewIfNeeded();
      await rail.getByTestId('poster').first().waitFor();
      const titles = await rail.locator('.vw-poster__title').allInnerTexts();
      expect(titles.length).toBeGreaterThan(0);
      expect(titles).not.toContain(film.title);
      await page.screenshot({ path: `${SHOTS}/home-because-${width}.png` });
      await page.screenshot({ path: `${SHOTS}/home-full-${width}.png`, fullPage: true });
    },
  );
});
