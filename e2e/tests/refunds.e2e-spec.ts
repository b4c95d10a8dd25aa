import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';
import { freshClientIp, storeSession, subscribedSession } from '../support/sessions';

// Refunds (issue 26, DECISIONS D39): a finance admin refunds a viewer's payment from the Payments page,
// through the sandbox provider's own books; the viewer's profile then shows the credit note beside the
// invoice, and downloads it.

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-refunds';
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function api<T>(path: string, clientIp: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': clientIp,
      authorization: `Bearer ${token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A finance admin, invited by the suite's owner through the API, with a password set through the link. */
async function financeAdmin(clientIp: string): Promise<{ email: string; password: string }> {
  const owner = await (
    await fetch(`${BASE_URL}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
      body: JSON.stringify(ADMIN),
    })
  ).json();
  const email = `finance-${Date.now().toString(36)}${randomInt(1e4)}@chitram.in`;
  const password = 'a finance admin password';
  const { invitationToken } = await api<{ invitationToken: string }>(
    'admin/admins',
    clientIp,
    (owner as { token: string }).token,
    {
      email,
      role: 'finance',
    },
  );
  const accepted = await fetch(`${BASE_URL}/api/admin/invitation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
    body: JSON.stringify({ token: invitationToken, password }),
  });
  expect(accepted.status).toBeLessThan(300);
  return { email, password };
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

it('finance refunds a payment from the Payments page, and the viewer’s profile shows the credit note', async () => {
  const clientIp = freshClientIp();
  const viewer = await subscribedSession('standard', clientIp);
  const [payment] = await api<Array<{ paymentId: string; receipt: { number: string } | null }>>(
    'user/payments',
    clientIp,
    viewer.token,
  );
  expect(payment.receipt?.number).toMatch(/^CH\//);
  const finance = await financeAdmin(clientIp);

  context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  await context.route(`${BASE_URL}/api/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': clientIp } }),
  );
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/admin`);
  await page.getByLabel('Email').fill(finance.email);
  await page.getByLabel('Password').fill(finance.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${BASE_URL}/admin/dashboard`);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }).click();
  await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
  await page.getByRole('button', { name: 'GST summary (CSV)' }).waitFor();

  await page.getByLabel('Search by payment id, invoice number or mobile number').fill(payment.paymentId);
  const row = page.getByRole('row').filter({ hasText: payment.paymentId });
  await row.getByRole('button', { name: `Refund ${payment.paymentId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  expect(await dialog.getByLabel('Amount (₹)').inputValue()).toBe('299.00');
  await dialog.getByLabel('Reason').fill('Charged twice by the bank, viewer asked');
  await shoot(page, 'refund-dialog');
  await page.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await page.locator('.toast', { hasText: /Refunded ₹299.*credit note CN\// }).waitFor();
  await row.getByText(/Refunded · CN\//).waitFor();
  expect(await row.getByRole('button', { name: `Refund ${payment.paymentId}` }).count()).toBe(0);
  await shoot(page, 'payments');

  // The viewer's profile, in a browser of the viewer's own (an admin session would speak for it here):
  // the credit note beside the invoice, downloadable as a PDF.
  await context.close();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  await context.route(`${BASE_URL}/api/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': clientIp } }),
  );
  const viewerPage = await context.newPage();
  await storeSession(viewerPage, 'user', viewer);
  await viewerPage.setViewportSize({ width: 1366, height: 900 });
  await viewerPage.goto(`${BASE_URL}/profile`);
  const note = viewerPage.getByText(/^Credit note CN\/\d{4}-\d{2}\/\d{6} · ₹299/);
  await note.waitFor();
  await viewerPage.getByText(/^Refunded ₹299/).waitFor();
  const [download] = await Promise.all([
    viewerPage.waitForEvent('download'),
    viewerPage.getByRole('button', { name: /^Download credit note CN\// }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^chitram-credit-note-CN-\d{4}-\d{2}-\d{6}\.pdf$/);
  await shoot(viewerPage, 'profile-credit-note');
}, 180_000);
