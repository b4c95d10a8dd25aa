import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAdmin } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';

// Analytics (issue 9; SPEC §2.13, DECISIONS D12) against the running platform with its demo activity, on
// a phone-sized screen (390 px): charts, the range switch, and a CSV export that says what the charts draw.

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
  context = await browser.newContext({
    viewport: { width: PHONE_WIDTH, height: 844 },
    acceptDownloads: true,
  });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const dailyRows = 'table.an-daily__table tbody tr';

/** The cells of the "Numbers by day" table, row by row, once it holds `days` rows. */
async function shownDays(days: number): Promise<string[][]> {
  await page.waitForFunction(([selector, count]) => document.querySelectorAll(selector).length === count, [
    dailyRows,
    days,
  ] as const);
  return page
    .locator(dailyRows)
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())),
    );
}

async function exportedCsv(): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^chitram-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const text = await readFile(await download.path(), 'utf8');
  return text.replace(/^\uFEFF/, '').split('\r\n');
}

const total = async (label: string) =>
  Number((await page.locator(`[data-total="${label}"]`).innerText()).replace(/[^\d.]/g, ''));

describe('an admin reading analytics (SPEC §2.13, DECISIONS D12)', () => {
  it('sees the charts of the last 30 days, switches to 7 days, and exports a CSV with the numbers the charts draw', async () => {
    await signInAdmin(page);
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await page.waitForURL(`${BASE_URL}/admin/analytics`);
    await h1('Analytics').waitFor();
    for (const panel of ['Plays and watch time', 'New viewers', 'Revenue', 'Active subscriptions by plan'])
      await page.getByRole('region', { name: panel }).locator('canvas').waitFor();

    // The demo activity: the last 30 days have plays, sign-ups and payments.
    const month = await shownDays(30);
    expect(await total('Plays')).toBe(month.reduce((sum, row) => sum + Number(row[1]), 0));
    expect(await total('Plays')).toBeGreaterThan(0);
    expect(await total('New viewers')).toBeGreaterThan(0);

    await page.getByRole('button', { name: '7 days' }).click();
    await page.waitForURL(/range=7/);
    const week = await shownDays(7);
    expect(week.map((row) => row[0])).toEqual(month.slice(-7).map((row) => row[0]));
    await page.getByText('Numbers by day').click();
    await page.locator(dailyRows).first().waitFor();

    const csv = await exportedCsv();
    expect(csv[0]).toBe(`Chitram analytics,${week[0][0]},${week.at(-1)?.[0]}`);
    expect(csv[2]).toMatch(/^Day,Plays,Watch time \(hours\),New viewers/);
    // Every row the page shows is a line of the CSV, cell for cell; the totals add the same numbers up.
    const lines = csv.slice(3, 10);
    expect(lines).toEqual(week.map((row) => row.join(',')));
    expect(await total('Plays')).toBe(week.reduce((sum, row) => sum + Number(row[1]), 0));
    expect(await total('New viewers')).toBe(week.reduce((sum, row) => sum + Number(row[3]), 0));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  });

  it('asks for a custom period and narrows the top titles to a language', async () => {
    await signInAdmin(page);
    await page.goto(`${BASE_URL}/admin/analytics?range=90`);
    await shownDays(90);
    await page.getByRole('button', { name: 'Custom' }).click();
    const to = (await shownDays(90)).at(-1)?.[0] ?? '';
    const from = (await shownDays(90)).at(-3)?.[0] ?? '';
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(new RegExp(`from=${from}&to=${to}`));
    expect((await shownDays(3)).map((row) => row[0])).toHaveLength(3);

    // The narrowed answer, not the rows drawn before it arrived.
    const narrowed = page.waitForResponse(
      (res) => res.url().includes('/api/admin/analytics') && res.url().includes('language=Tamil'),
    );
    await page.getByLabel('Language', { exact: true }).selectOption('Tamil');
    await page.waitForURL(/language=Tamil/);
    await narrowed;
    const top = page.locator('.an-top').first();
    await top.waitFor();
    await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll('.an-top tbody tr td:nth-child(3)')].every(
            (cell) => cell.textContent?.trim() === 'Tamil',
          ),
        undefined,
        { timeout: 5000 },
      )
      .catch(() => undefined); // the assertion below says what was shown instead
    const languages = await top.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(languages.every((language) => language === 'Tamil')).toBe(true);
  });
});
