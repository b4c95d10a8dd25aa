import { mkdirSync } from 'node:fs';
import { Client } from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../support/browser';
import { freshClientIp, fromClient, storeSession, subscribedSession } from '../support/sessions';

// Reminders before a plan ends (D40): a viewer whose plan ends in two days sees the header's banner with
// Renew leading to the plans page, and turns SMS reminders off on the profile page. The plan is bought
// through the sandbox (D19) and then aged in billing's database, as two days of waiting would.

const BILLING_DATABASE_URL =
  process.env.E2E_BILLING_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/chitram_billing';
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-plan-end';
const DAY_MS = 86_400_000;

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
  context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

/** Moves the end of the viewer's plan to `endsAt`, as the passing days would bring it near. */
async function planEndsAt(viewerId: string, endsAt: Date): Promise<void> {
  const client = new Client({ connectionString: BILLING_DATABASE_URL });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `UPDATE "subscription" SET "valid_till" = $2 WHERE "viewer_id" = $1`,
      [viewerId, endsAt],
    );
    expect(rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

async function shoot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

const banner = () => page.getByTestId('plan-ending-banner');

it('tells a viewer whose plan ends in 2 days, with Renew leading to the plans page; dismissed, it stays away for the session', async () => {
  const clientIp = freshClientIp();
  await fromClient(context, clientIp);
  const session = (await subscribedSession('standard', clientIp)) as { token: string; _id: string };
  await planEndsAt(session._id, new Date(Date.now() + 2 * DAY_MS));
  await storeSession(page, 'user', session);

  await page.goto(`${BASE_URL}/profile`);
  await banner().waitFor();
  expect(await banner().innerText()).toMatch(/^Your plan ends in 2 days — Renew/);
  // Right under the header's bar, where the viewer looks, at the phone's width too.
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    // Once the header has laid itself out again at this width (two rows on a phone).
    await page
      .waitForFunction(
        () => {
          const top = document
            .querySelector('[data-testid="plan-ending-banner"]')
            ?.getBoundingClientRect().top;
          return top !== undefined && top >= 40 && top < 130;
        },
        undefined,
        { timeout: 5000 },
      )
      .catch(() => undefined);
    const box = (await banner().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(40);
    expect(box.y).toBeLessThan(130);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.getByRole('heading', { name: 'Your profile', level: 1 }).waitFor();
  await shoot('banner');

  // The banner lies over the page inside the fixed header: the page under it does not move.
  const heading = page.getByRole('heading', { level: 1 });
  const withBanner = (await heading.boundingBox())!.y;
  await banner().getByRole('button', { name: 'Dismiss the reminder' }).click();
  await banner().waitFor({ state: 'detached' });
  expect((await heading.boundingBox())!.y).toBe(withBanner);
  // Reloaded, the page asks again (the signal it could show), and still shows nothing this session.
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/user/plan-ending') && r.ok());
  await page.reload();
  await asked;
  await heading.waitFor();
  expect(await banner().count()).toBe(0);

  // Another browser session is reminded again; Renew goes to the plans page.
  const again = await context.browser()!.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const other = await again.newPage();
    await fromClient(again, clientIp);
    await other.goto(`${BASE_URL}/about`);
    await other.evaluate((s) => localStorage.setItem('user', JSON.stringify(s)), session);
    await other.goto(`${BASE_URL}/`);
    const renew = other.getByTestId('plan-ending-banner').getByRole('link', { name: 'Renew' });
    await renew.click();
    await other.waitForURL(`${BASE_URL}/subscribe`);
  } finally {
    await again.close();
  }
}, 120_000);

it('lets a viewer turn SMS reminders off on the profile page, and keeps it off after a reload', async () => {
  const clientIp = freshClientIp();
  await fromClient(context, clientIp);
  const session = (await subscribedSession('basic', clientIp)) as { token: string; _id: string };
  await storeSession(page, 'user', session);
  await page.goto(`${BASE_URL}/profile`);

  const toggle = page.getByRole('switch', { name: 'Plan reminders by SMS' });
  await toggle.waitFor({ state: 'attached' });
  expect(await toggle.isChecked()).toBe(true);
  await toggle.scrollIntoViewIfNeeded();
  await shoot('profile-reminders-on');
  await page.getByText('Plan reminders by SMS').click();
  await page.locator('.toast', { hasText: 'SMS reminders turned off.' }).waitFor();
  expect(await toggle.isChecked()).toBe(false);

  await page.reload();
  await toggle.waitFor({ state: 'attached' });
  expect(await toggle.isChecked()).toBe(false);
  await page.getByText('Plan reminders by SMS').scrollIntoViewIfNeeded();
  await shoot('profile-reminders-off');
}, 120_000);
