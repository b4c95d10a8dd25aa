import type { Page } from 'playwright-core';
import { BASE_URL } from '../support/browser';
import { freshClientIp, storeSession, viewerSession } from '../support/sessions';
import { viewerApi, viewerPages } from '../support/viewer-pages';

// Profiles (issue 22, D37): a viewer makes a kids profile, chooses it on "Who's watching?", and sees
// only U titles and no account, payment or profile-management entries; a locked profile opens with its
// lock only, and managing profiles asks for the account holder's.

const SHOTS = process.env.E2E_SCREENSHOTS_PROFILES ?? '/tmp/chitram-profiles';

interface Titled {
  _id: string;
  slug: string;
  title: string;
  rating: string;
}

const pages = viewerPages(SHOTS);
let page: Page;

/** Every film home shows a visitor, with its rating. */
async function demoFilms(): Promise<Titled[]> {
  const res = await fetch(`${BASE_URL}/api/home/content`);
  const { genreMovies } = (await res.json()) as { genreMovies: Record<string, Titled[]> };
  return Object.values(genreMovies).flat();
}

describe('Profiles (issue 22)', () => {
  it.each([1366, 390])(
    'creates a kids profile, switches to it, and sees only U titles and no account menu (%i px)',
    async (width) => {
      const films = await demoFilms();
      const adultOnly = films.find((film) => film.rating === 'A');
      if (!adultOnly || !films.some((film) => film.rating === 'U'))
        throw new Error('the demo needs U and A films');
      const clientIp = freshClientIp();
      page = await pages.open(width, clientIp);
      await storeSession(page, 'user', await viewerSession(clientIp));

      // Manage profiles: add a kids profile (the form starts as a kids profile).
      await page.goto(`${BASE_URL}/profiles/manage`);
      await page.getByRole('heading', { level: 1, name: 'Manage profiles' }).waitFor();
      await page.getByRole('button', { name: 'Add a profile' }).click();
      await page.getByLabel('Name').fill('Chinnu');
      await page.getByRole('radio', { name: 'Tiger' }).check();
      await expect(page.getByRole('checkbox', { name: /Kids profile/ }).isChecked()).resolves.toBe(true);
      await page.screenshot({ path: `${SHOTS}/manage-form-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('.vw-profiles__row', { hasText: 'Chinnu' }).getByText('Kids').waitFor();
      await page.screenshot({ path: `${SHOTS}/manage-${width}.png`, fullPage: true });

      // Who's watching? Choose the kids profile; home is asked for with its token.
      await page.getByRole('link', { name: 'Done' }).click();
      await page.getByRole('heading', { level: 1, name: "Who's watching?" }).waitFor();
      await page.screenshot({ path: `${SHOTS}/who-is-watching-${width}.png`, fullPage: true });
      const home = page.waitForResponse((res) => res.url().includes('/api/home/content'));
      await page.getByRole('button', { name: /Chinnu/ }).click();
      await page.waitForURL(`${BASE_URL}/`);
      const answer = (await (await home).json()) as { genreMovies: Record<string, Titled[]> };
      const shown = Object.values(answer.genreMovies).flat();
      expect(shown.length).toBeGreaterThan(0);
      expect(new Set(shown.map((film) => film.rating))).toEqual(new Set(['U']));
      const firstRail = page.locator('.vw-rail').first();
      await firstRail.getByTestId('poster').first().waitFor();
      const ratingOf = new Map(films.map((film) => [film.title, film.rating]));
      for (const text of await firstRail.getByTestId('poster').allInnerTexts()) {
        const title = [...ratingOf.keys()].find((name) => text.includes(name));
        if (title) expect(ratingOf.get(title)).toBe('U');
      }
      expect(await page.getByText(adultOnly.title, { exact: true }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/kids-home-${width}.png` });

      // The header's panel: the profile, the switch and the list; no account, payment or profiles.
      await page.getByRole('button', { name: 'Profile' }).click();
      const panel = page.locator('#profile-panel');
      await panel.getByText('Watching: Chinnu').waitFor();
      await panel.getByRole('link', { name: 'Switch profile' }).waitFor();
      for (const name of ['Your Profile', 'Delete Account', 'Manage profiles', 'Upgrade'])
        expect(await panel.getByRole('link', { name, exact: false }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Subscribe' }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/kids-panel-${width}.png` });

      // An A title's page is refused to the profile.
      const refused = page.waitForResponse(
        (res) => new URL(res.url()).pathname === `/api/movie/${encodeURIComponent(adultOnly.slug)}`,
      );
      await page.goto(`${BASE_URL}/movie/${encodeURIComponent(adultOnly.slug)}/play`);
      expect((await refused).status()).toBe(403);
      expect(await page.getByRole('heading', { level: 1, name: adultOnly.title }).count()).toBe(0);
    },
  );

  it.each([1366, 390])(
    'opens a locked profile with its lock only, and asks for the holder’s lock to manage profiles (%i px)',
    async (width) => {
      const clientIp = freshClientIp();
      page = await pages.open(width, clientIp);
      const session = (await viewerSession(clientIp)) as { token: string; _id: string };
      const patch = (path: string, body: unknown) =>
        fetch(`${BASE_URL}/api/${path}`, {
          method: 'PATCH',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${session.token}`,
            'x-forwarded-for': clientIp,
          },
          body: JSON.stringify(body),
        });
      // Meera's profile has the lock 2580; the account holder's (the first) has 1357.
      const meera = await viewerApi('user/profiles', session.token, clientIp, {
        name: 'Meera',
        avatar: 'peacock',
        maturity: 'adult',
        lock: '2580',
      });
      expect(meera.status).toBe(201);
      expect((await patch(`user/profiles/${session._id}`, { lock: '1357' })).status).toBe(200);
      await storeSession(page, 'user', session);

      await page.goto(`${BASE_URL}/profiles`);
      await page.getByRole('heading', { level: 1, name: "Who's watching?" }).waitFor();
      await page.getByRole('button', { name: /Meera/ }).click();
      const lock = page.getByLabel('Enter the lock of Meera');
      await lock.fill('1111');
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await page.locator('.toast--error', { hasText: 'That lock is not right.' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/lock-wrong-${width}.png` });
      expect(new URL(page.url()).pathname).toBe('/profiles');
      await lock.fill('2580');
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await page.waitForURL(`${BASE_URL}/`);
      await page.getByRole('button', { name: 'Profile' }).click();
      await page.locator('#profile-panel').getByText('Watching: Meera').waitFor();

      // Managing profiles: nothing changes without the holder's lock; with it, the profile is added.
      await page.goto(`${BASE_URL}/profiles/manage`);
      const holderLock = page.getByLabel("The account holder's lock");
      await holderLock.waitFor();
      await page.getByRole('button', { name: 'Add a profile' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Chinnu');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('.toast--error', { hasText: 'That lock is not right.' }).waitFor();
      expect(await page.locator('.vw-profiles__row', { hasText: 'Chinnu' }).count()).toBe(0);
      await holderLock.fill('1357');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('.vw-profiles__row', { hasText: 'Chinnu' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/manage-locked-${width}.png`, fullPage: true });
    },
  );
});
