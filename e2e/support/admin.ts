import type { Page } from 'playwright-core';
import { BASE_URL } from './browser';

/**
 * The admin the browser suite signs in as: the one the test platform was started with (`npm test` makes
 * a random one and passes it here), never the demo admin of a development platform.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: the browser suite signs in as the admin of the platform it tests (npm test sets E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD)`,
    );
  return value;
}

export const ADMIN = {
  email: required('E2E_ADMIN_EMAIL'),
  password: required('E2E_ADMIN_PASSWORD'),
};

/**
 * Signs the page in through the admin login form (SPEC §2.12) as the suite's admin, and answers the
 * token the web app stored for the session (DECISIONS D2: local-storage key `admin`).
 */
export async function signInAdmin(page: Page): Promise<string> {
  await page.goto(`${BASE_URL}/admin`);
  await page.getByRole('heading', { level: 1, name: 'Enter Admin Login Details' }).waitFor();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${BASE_URL}/admin/dashboard`);
  const stored = await page.evaluate(() => localStorage.getItem('admin'));
  return (JSON.parse(stored ?? '{}') as { token: string }).token;
}
