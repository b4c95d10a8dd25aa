import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAdmin } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';

// Content partners, the spec's Vendor page (issue 9; SPEC §2.13, DECISIONS D12), against the running
// platform with its demo activity, on a phone-sized screen (390 px).

const PHONE_WIDTH = 390;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: PHONE_WIDTH, height: 844 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const toast = (text: string) => page.locator('.toast', { hasText: text });

interface TopTitle {
  kind: 'movie' | 'episode';
  titleId: string;
  title: string | null;
  plays: number;
}

/** The two movies played most in the last 30 days, as the API's analytics answer them. */
async function mostPlayedMovies(token: string): Promise<TopTitle[]> {
  const res = await fetch(`${BASE_URL}/api/admin/analytics?range=30`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = (await res.json()) as { data: { viewing: { topTitles: { byPlays: TopTitle[] } } } };
  return answer.data.viewing.topTitles.byPlays.filter((t) => t.kind === 'movie' && t.title).slice(0, 2);
}

const count = async (locator: ReturnType<Page['locator']>) =>
  Number((await locator.innerText()).replace(/\D/g, ''));

describe('an admin with content partners (SPEC §2.13 Vendor, DECISIONS D12)', () => {
  it('creates a partner, assigns two titles and sees their plays and the share method', async () => {
    const token = await signInAdmin(page);
    const titles = await mostPlayedMovies(token);
    expect(titles).toHaveLength(2);
    const name = `Malgudi Pictures ${randomInt(100_000, 1_000_000)}`;

    await page.getByRole('link', { name: 'Vendor' }).first().click();
    await h1('Vendor').waitFor();
    await page.getByRole('link', { name: 'Add partner' }).click();
    await h1('Add partner').waitFor();
    // Checked before sending, each field named.
    await page.getByRole('button', { name: 'Create partner' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Contact person').fill('R. K. Narayan');
    await page.getByLabel('E-mail').fill('rights@malgudi.example');
    await page.getByLabel('Phone').fill('+91 821 242 0000');
    await page.getByLabel('Revenue share (%)').fill('150');
    await page.getByRole('button', { name: 'Create partner' }).click();
    await page.getByText('Enter a share from 0 to 100, with up to two decimals').waitFor();
    await page.getByLabel('Revenue share (%)').fill('40');
    await page.getByRole('button', { name: 'Create partner' }).click();
    await toast('Partner created.').waitFor();
    await h1(name).waitFor();
    const partnerId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    for (const title of titles) {
      await page.getByLabel('Find a movie or show by title').fill(title.title ?? '');
      const assign = page.getByRole('button', { name: `Assign ${title.title}`, exact: true });
      await assign.click();
      await toast('Title assigned.').first().waitFor();
      await page.locator(`tr[data-title-id="${title.titleId}"]`).waitFor();
    }
    await page.getByRole('heading', { name: 'Titles (2)' }).waitFor();
    // Their plays: at least what analytics said a moment ago (viewers may be watching meanwhile).
    const plays = await count(page.locator('[data-figure="partner-plays"]'));
    expect(plays).toBeGreaterThanOrEqual(titles[0].plays + titles[1].plays);
    for (const title of titles)
      expect(
        await count(page.locator(`tr[data-title-id="${title.titleId}"] td`).nth(1)),
      ).toBeGreaterThanOrEqual(title.plays);
    await page.getByText('How the share is worked out.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);

    // The movie form shows the movie's partner in its picker.
    await page.goto(`${BASE_URL}/admin/movies/edit/${titles[0].titleId}`);
    await page.waitForFunction(
      (id) => document.querySelector<HTMLSelectElement>('select[name="partner"]')?.value === id,
      partnerId,
    );

    // The list, searched by name, shows the partner with their plays.
    await page.goto(`${BASE_URL}/admin/vendor`);
    await page.getByLabel('Search partners by name').fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    expect(await count(row.locator('[data-figure="plays"]'))).toBeGreaterThanOrEqual(plays);
  });
});
