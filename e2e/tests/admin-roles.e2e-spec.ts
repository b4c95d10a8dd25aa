import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAdmin } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';

// Least privilege in the back office (issue 20): the owner invites a content admin on the Admins page;
// the invitee sets a password through the one-time link, signs in, and sees the catalogue but no money.

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext();
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

it('an owner invites a content admin, who signs in and does not see payments', async () => {
  const email = `content-${Date.now().toString(36)}${randomInt(1e4)}@chitram.in`;
  const password = 'a content admin password';

  await signInAdmin(page);
  await page.getByRole('link', { name: 'Admins' }).click();
  await page.getByRole('heading', { level: 1, name: 'Admins' }).waitFor();
  const invite = page.getByRole('form', { name: 'Invite an admin' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role').selectOption({ label: 'Content' });
  await invite.getByRole('button', { name: 'Invite' }).click();
  const link = await page.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(new RegExp(`^${BASE_URL}/admin/invitation#[A-Za-z0-9_-]{43}$`));
  await page.getByRole('button', { name: 'Log out' }).click();

  await page.goto(link);
  await page.getByLabel('Choose a password').fill(password);
  await page.getByLabel('The same password again').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${BASE_URL}/admin/dashboard`);
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await menu.getByRole('link', { name: 'Movies' }).waitFor();
  expect(await menu.getByRole('link').allTextContents()).toEqual([
    'Dashboard',
    'Movies',
    'Series',
    'Shows',
    'Vendor',
    'My account',
  ]);
  // The dashboard has loaded its figures (viewers), and shows no money.
  await page.getByText(/Figures as of/).waitFor();
  expect(await page.getByText('Latest payments').count()).toBe(0);
  expect(await page.getByText('Revenue', { exact: true }).count()).toBe(0);
  // A screen of another area, opened by its address, says so.
  await page.goto(`${BASE_URL}/admin/analytics`);
  await page.getByRole('heading', { level: 1, name: 'No access' }).waitFor();
});
