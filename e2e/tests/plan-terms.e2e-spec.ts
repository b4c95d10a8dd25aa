import { mkdirSync } from 'node:fs';
import { todayInIndia } from '@chitram/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../support/browser';
import { adminSession, freshClientIp, fromClient, storeSession, viewerSession } from '../support/sessions';

// Plans the business can change (issue 26, DECISIONS D43): finance schedules a plan's new price in the
// back office, and the viewer's plans page shows it ahead of its date.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let clientIp: string;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-plan-terms';

beforeAll(async () => {
  browser = await launchBrowser();
});

/** The page at a phone's and a laptop's width, to be looked at. */
async function shoot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  clientIp = freshClientIp();
  context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await fromClient(context, clientIp);
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

/** Cancels Gold's scheduled changes through the admin API, so the other specs see the plans as seeded. */
async function cancelGoldChanges(token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': clientIp };
  const plans = (await (await fetch(`${BASE_URL}/api/admin/plans`, { headers })).json()) as Array<{
    planKey: string;
    scheduled: Array<{ _id: string }>;
  }>;
  for (const change of plans.find((p) => p.planKey === 'gold')?.scheduled ?? [])
    await fetch(`${BASE_URL}/api/admin/plans/gold/changes/${change._id}`, { method: 'DELETE', headers });
}

describe('plan terms (D43)', () => {
  it('finance schedules Gold’s new price from a day, and the viewer sees it coming on the plans page', async () => {
    const admin = (await adminSession(clientIp)) as { token: string };
    try {
      await storeSession(page, 'admin', admin);
      await page.goto(`${BASE_URL}/admin/plans`);
      await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
      await page.getByRole('row', { name: /^Gold Plan/ }).waitFor();
      await page.getByLabel('Plan', { exact: true }).selectOption({ label: 'Gold Plan' });
      // The form takes the chosen plan's terms now.
      await page.waitForFunction(
        () => document.querySelector<HTMLInputElement>('input[name="price"]')?.value === '1200',
      );
      await page.locator('input[name="price"]').fill('1349');
      await page.getByLabel('Takes effect').selectOption({ label: 'From a day' });
      const nextYear = todayInIndia(new Date(Date.now() + 365 * 86_400_000));
      await page.getByLabel('From', { exact: true }).fill(nextYear);
      await page.getByRole('button', { name: 'Schedule change' }).click();
      await page
        .getByRole('row', { name: /^Gold Plan/ })
        .getByText(/^From .*₹1,349\.00/)
        .waitFor();
      await shoot('admin-plans');

      await storeSession(page, 'user', await viewerSession(clientIp));
      await page.goto(`${BASE_URL}/subscribe`);
      const gold = page.locator('.vw-plan', { has: page.getByRole('heading', { name: 'GOLD PLAN' }) });
      await gold.getByText(/^From .+: ₹1,349/).waitFor();
      await shoot('viewer-plans');
      // Today's price is still the one to pay.
      expect(await gold.getByRole('button', { name: /^Pay/ }).innerText()).toContain('1200');
    } finally {
      await cancelGoldChanges(admin.token);
    }
  }, 180_000);
});
