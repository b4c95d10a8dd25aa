import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN, signInAdmin } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';

// The audit trail (issue 9) against the running platform, on a phone-sized screen (390 px): an admin
// edits a title and then finds what they just did on the Audit page, filtered by entity.

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

async function api(path: string, init: RequestInit & { token: string }): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${BASE_URL}/api/${path}`, { ...init, headers });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} /api/${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** A movie of this run, made through the admin's own form route (pictures given as links). */
async function movieOfThisRun(token: string): Promise<{ _id: string; title: string }> {
  const title = `Audit Trail ${Date.now().toString(36)}${randomInt(1e4)}`;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title,
    description: 'A ledger goes missing on a night train.',
    cast: 'Ravi Kiran, Lakshmi Prasanna',
    genre: 'Drama',
    language: 'Telugu',
    rating: 'U/A',
    releaseYear: '2021',
    duration: '2hr 14min',
    isFree: 'false',
    thumbnailUrl: `${BASE_URL}/audit/poster.png`,
    bannerUrl: `${BASE_URL}/audit/banner.png`,
    titlePngUrl: `${BASE_URL}/audit/title.png`,
    movieUrl: 'https://media.example.in/audit/master.m3u8',
  }))
    form.append(name, value);
  const res = await api('admin/movies', { method: 'POST', body: form, token });
  return (await res.json()) as { _id: string; title: string };
}

/** The entry naming `text`, once the trail has filed it (a moment after the write): the page is read again until then. */
async function entryNaming(text: string): Promise<Locator> {
  const entry = page.getByRole('listitem').filter({ hasText: text });
  for (let attempt = 0; attempt < 20; attempt++) {
    // Given a moment to show on this page, else the page is read again.
    const shown = await entry
      .first()
      .waitFor({ timeout: 500 })
      .then(
        () => true,
        () => false,
      );
    if (shown) return entry.first();
    await page.reload();
    await h1('Audit').waitFor();
  }
  await entry.first().waitFor({ timeout: 1000 });
  return entry.first();
}

async function fitsThePhone() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
}

describe('the audit trail (issue 9)', () => {
  it('shows an admin the edit they just made, with the before and after, filtered by entity', async () => {
    const token = await signInAdmin(page);
    const movie = await movieOfThisRun(token);
    const renamed = `${movie.title} Returns`;

    // The edit, through the movie form.
    await page.getByRole('link', { name: 'Movies', exact: true }).click();
    await h1('Movies').waitFor();
    await page.getByRole('searchbox', { name: 'Search movies' }).fill(movie.title);
    await page.getByRole('link', { name: `Edit ${movie.title}` }).click();
    await h1('Edit Movie').waitFor();
    await page.getByLabel('Title', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Update Movie' }).click();
    const updated = page.getByRole('dialog', { name: 'Updated!' });
    await updated.waitFor();
    await updated.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${BASE_URL}/admin/movies`);

    // The Audit page, from the menu, narrowed to movies.
    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await h1('Audit').waitFor();
    await page.getByLabel('Entity').selectOption('movie');
    await page.waitForURL(/\/admin\/audit\?entity=movie$/);
    const entry = await entryNaming(renamed);
    const text = await entry.innerText();
    expect(text).toContain('Updated');
    expect(text).toContain(`by ${ADMIN.email}`);
    // Only what changed is listed: the title, before and after.
    expect(await entry.locator('dt').allInnerTexts()).toEqual(['Title']);
    expect(await entry.locator('dd del').innerText()).toBe(movie.title);
    expect(await entry.locator('dd ins').innerText()).toBe(renamed);
    await fitsThePhone();

    // Another entity: the movie's entries are not among the viewers'.
    const viewersOnly = page.waitForResponse(
      (res) => res.url().includes('/api/admin/audit') && res.url().includes('entity=viewer'),
    );
    await page.getByLabel('Entity').selectOption('viewer');
    await page.waitForURL(/entity=viewer/);
    await viewersOnly;
    await page
      .getByRole('list', { name: 'Audit entries' })
      .or(page.getByText('No entries match these filters.'))
      .first()
      .waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: renamed }).count()).toBe(0);

    // Back to movies, the link opens the title's form.
    await page.goBack();
    await (await entryNaming(renamed)).getByRole('link', { name: renamed }).click();
    await h1('Edit Movie').waitFor();

    await api(`admin/movie/delete/${movie._id}`, { method: 'DELETE', token });
  });
});
