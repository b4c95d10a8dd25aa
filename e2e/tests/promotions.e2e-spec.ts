import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { BASE_URL, CHROMIUM_ARGS } from '../support/browser';
import { answerWhereYouLive } from '../support/checkout';
import { adminSession, freshClientIp, fromClient, storeSession, viewerSession } from '../support/sessions';

// Coupons and the free trial (issue 26, DECISIONS D33), through the sandbox payment window (D19).

let browser: Browser;
let context: BrowserContext;
let page: Page;
let clientIp: string;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-promotions';

beforeAll(async () => {
  // The player starts as soon as Play is pressed, with sound (as the playback spec launches it).
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
});

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

const PAID_TITLE = 'Godavari Express';
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';

/** The seeded paid title, once its video is ready (a title still transcoding answers 409 VIDEO_NOT_READY). */
async function paidTitle(): Promise<{ _id: string; slug: string }> {
  const headers = { 'x-forwarded-for': clientIp };
  const found = (await (
    await fetch(`${BASE_URL}/api/home/search?q=${encodeURIComponent(PAID_TITLE)}`, { headers })
  ).json()) as Array<{ _id: string; slug: string; title: string }>;
  const movie = found.find((m) => m.title === PAID_TITLE);
  if (!movie) throw new Error(`${PAID_TITLE} is not in the catalogue`);
  const deadline = Date.now() + 330_000;
  while ((await fetch(`${BASE_URL}/api/movie/${movie._id}/stream`, { headers })).status === 409) {
    if (Date.now() > deadline) throw new Error(`the demo video of ${PAID_TITLE} never became ready`);
    await new Promise((r) => setTimeout(r, 2000));
  }
  return movie;
}

const card = (name: string) => page.locator('.vw-plan', { has: page.getByRole('heading', { name }) });
const sandbox = () => page.getByRole('dialog', { name: 'Chitram' });

async function shoot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

/** Finance's coupon, made through the admin API as the back office makes it. */
async function makeCoupon(terms: Record<string, unknown>): Promise<string> {
  const admin = (await adminSession(clientIp)) as { token: string };
  const code = `E2E${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  const res = await fetch(`${BASE_URL}/api/admin/coupons`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${admin.token}`,
      'content-type': 'application/json',
      'x-forwarded-for': clientIp,
    },
    body: JSON.stringify({ code, validFrom: new Date(Date.now() - 60_000).toISOString(), ...terms }),
  });
  expect(res.status).toBe(201);
  return code;
}

describe('promotions (D33)', () => {
  it('applies a coupon on the plans page, refuses a wrong one at the field, and pays the discounted price', async () => {
    const code = await makeCoupon({ kind: 'percent', percent: 20, planKeys: ['standard'] });
    await storeSession(page, 'user', await viewerSession(clientIp));
    await page.goto(`${BASE_URL}/subscribe`);
    const field = page.getByLabel('Have a coupon code?');
    await field.fill('NOPE-NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'There is no such coupon code.' }).waitFor();

    await field.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(`Coupon ${code} applied`).waitFor();
    const standard = card('STANDARD PLAN');
    await standard.getByText(/you save ₹59\.80/).waitFor();
    expect(await card('GOLD PLAN').innerText()).toContain('This coupon is not for this plan.');
    await shoot('plans-coupon');

    await standard.getByRole('button', { name: 'Pay ₹239.20' }).click();
    await page.waitForURL(/\/checkout\?plan=standard.*coupon=/);
    await answerWhereYouLive(page, 'Telangana');
    await sandbox().waitFor();
    await sandbox().getByRole('button', { name: 'Pay ₹239.20' }).click();
    await page.waitForURL(`${BASE_URL}/success-payment`);
    expect(await page.locator('.vw-success__card').innerText()).toContain('239.2');
  }, 180_000);

  it('lets finance make a coupon in the back office and lists it with its uses', async () => {
    await storeSession(page, 'admin', await adminSession(clientIp));
    await page.goto(`${BASE_URL}/admin/coupons`);
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    const code = `DIWALI${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByText('Code is required').waitFor();
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByLabel('Discount', { exact: true }).selectOption({ label: 'Flat amount off (₹)' });
    await page.getByLabel('Rupees off').fill('50');
    await page.getByLabel('Gold Plan').check();
    await page.getByLabel('Total uses').fill('100');
    await page.getByRole('button', { name: 'Create coupon' }).click();
    const row = page.locator('tr', { hasText: code });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/₹50\.00 off[\s\S]*Gold Plan[\s\S]*0 of 100/);
    await shoot('admin-coupons');
    await row.getByRole('button', { name: `Disable ${code}` }).click();
    await row.getByText('Disabled').waitFor();
  });

  it('starts the 7-day free trial without payment, once per number, and plays a paid title on it', async () => {
    // Basic plays on phones (D20): the viewer tries it on one.
    await context.close();
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: PHONE_AGENT,
      isMobile: true,
      hasTouch: true,
    });
    await fromClient(context, clientIp);
    page = await context.newPage();
    await storeSession(page, 'user', await viewerSession(clientIp));
    await page.goto(`${BASE_URL}/subscribe`);
    const start = page.getByRole('button', { name: 'Start 7-day free trial' });
    await start.waitFor();
    await shoot('plans-trial');
    await start.click();
    await page.locator('.toast', { hasText: 'Your free trial has started.' }).waitFor();
    await page.waitForURL(`${BASE_URL}/`);
    // The plan shows as any plan does, with its end date; the offer is gone.
    await page.goto(`${BASE_URL}/subscribe`);
    await page.getByText(/Your plan: Basic Plan, valid till/).waitFor();
    expect(await page.getByRole('button', { name: 'Start 7-day free trial' }).count()).toBe(0);
    await shoot('plans-on-trial');

    // A paid title plays on the trial (its demo video is transcoded after start-up: wait for it).
    const movie = await paidTitle();
    await page.goto(`${BASE_URL}/movie/${encodeURIComponent(movie.slug)}/play`);
    await page.getByRole('button', { name: 'Play', exact: true }).first().click();
    await page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('video.vw-player__video');
        return video !== null && video.currentTime > 1;
      },
      undefined,
      // The first play after the demo video's transcoding, on a busy two-core machine, can be slow.
      { timeout: 60_000 },
    );
  }, 420_000);
});
