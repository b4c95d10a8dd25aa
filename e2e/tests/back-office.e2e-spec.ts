import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, signInAdmin } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';

// The back office's dashboard and viewers (issue 9): SPEC §2.13, §4.7, §8 and DECISIONS D13, D15, D25,
// against the running platform, on a phone-sized screen (390 px) as an admin on the move would use it.

const PHONE_WIDTH = 390;
const DESK_WIDTH = 1366;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-backoffice';
/** A whole number as the services store it: what no admin screen shows until Reveal (issue 19). */
const WHOLE_NUMBER = /\+91\s?[6-9]\d{9}/;
/** A paid demo title whose video `npm start` makes and transcodes (scripts/seed/videos.mjs). */
const PAID_TITLE = 'Godavari Express';
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let clientIp: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  // A client address of its own, so the per-address code limit of other suites never reaches this one.
  clientIp = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  context = await browser.newContext({ viewport: { width: PHONE_WIDTH, height: 844 } });
  await context.route(`${BASE_URL}/api/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': clientIp } }),
  );
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

/** `9876543210` → `+91 98•••••210`, as every admin list shows it. */
const masked = (phone: string) => `+91 ${phone.slice(0, 2)}•••••${phone.slice(-3)}`;
const freshPhone = () => `${randomInt(6, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
const toast = (text: string) => page.locator('.toast', { hasText: text });
const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', clientIp);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${BASE_URL}/api/${path}`, { ...init, headers });
}

async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await api(path, init);
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} /api/${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A viewer signed in through the API (the code from the development outbox), with a plan bought in the sandbox. */
async function subscribedViewer(): Promise<{ phone: string; token: string; _id: string }> {
  const phone = freshPhone();
  await json('user/send-otp', { method: 'POST', body: JSON.stringify({ phoneNumber: phone }) });
  let otp: string | undefined;
  for (let tries = 0; !otp && tries < 50; tries++) {
    const outbox = await json<{ codes: Array<{ otp: string }> }>(
      `dev/otp-outbox?phone=${encodeURIComponent(`+91${phone}`)}`,
    );
    otp = outbox.codes.at(-1)?.otp;
    if (!otp) await new Promise((r) => setTimeout(r, 200));
  }
  const session = await json<{ token: string; _id: string }>('user/verify-otp', {
    method: 'POST',
    body: JSON.stringify({ phoneNumber: `+91${phone}`, otp }),
  });
  const order = await json<{ orderId: string }>('checkout/create-order', {
    method: 'POST',
    headers: bearer(session.token),
    body: JSON.stringify({ planKey: 'basic' }),
  });
  const confirmation = await json<Record<string, string>>('dev/payments-sandbox/pay', {
    method: 'POST',
    headers: bearer(session.token),
    body: JSON.stringify({ orderId: order.orderId }),
  });
  await json('checkout/verify-payment', {
    method: 'POST',
    headers: bearer(session.token),
    body: JSON.stringify({ ...confirmation, planKey: 'basic' }),
  });
  return { phone, token: session.token, _id: session._id };
}

async function fitsThePhone() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** The page at a width, whole, for a person to look at. */
async function shoot(name: string, width: number) {
  await page.setViewportSize({ width, height: width === PHONE_WIDTH ? 844 : 900 });
  await page.waitForFunction((w) => document.documentElement.clientWidth === w, width);
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

describe('an admin in the back office (SPEC §2.13, DECISIONS D13, D25)', () => {
  it('sees the viewer count on the dashboard, finds a viewer by part of the number, opens their page and deletes them', async () => {
    const viewer = await subscribedViewer();
    const adminToken = await signInAdmin(page);

    // The dashboard: the Viewers tile shows the count the API gives.
    const viewersTile = page.getByRole('region', { name: 'Viewers' });
    await viewersTile.locator('.ad-tile__value').waitFor();
    const shown = Number((await viewersTile.locator('.ad-tile__value').innerText()).replace(/\D/g, ''));
    const counts = await json<{ data: { users: { available: boolean; total?: number } } }>(
      'admin/dashboard',
      {
        headers: bearer(adminToken),
      },
    );
    expect(counts.data.users.available).toBe(true);
    expect(shown).toBeGreaterThanOrEqual(1);
    // Other suites may sign viewers up meanwhile: the API, asked a moment later, never says fewer.
    expect(counts.data.users.total).toBeGreaterThanOrEqual(shown);
    expect(counts.data.users.total).toBeLessThan(shown + 50);
    // Profiles: at least one an account, the tile's rows adding up to the accounts it counts.
    const profilesTile = page.getByRole('region', { name: 'Profiles' });
    const profiles = Number((await profilesTile.locator('.ad-tile__value').innerText()).replace(/\D/g, ''));
    expect(profiles).toBeGreaterThanOrEqual(shown);
    expect(await profilesTile.locator('.ad-tile__sub').innerText()).toMatch(
      /^\d+(\.\d)? profiles? per account$/,
    );
    await profilesTile.getByText('Accounts with 1 profile', { exact: true }).waitFor();
    await profilesTile.getByText('Kids profiles').waitFor();
    for (const tile of [
      'Profiles',
      'Active subscribers',
      'Revenue',
      'Titles',
      'Latest payments',
      'Latest sign-ups',
    ])
      await page.getByRole('region', { name: tile }).waitFor();
    await fitsThePhone();

    // Users: search by six digits of the number (500 ms after the last key), open the viewer's page.
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await h1('Users').waitFor();
    await page.getByRole('searchbox', { name: 'Search by mobile number' }).fill(viewer.phone.slice(4));
    const row = page.getByRole('row').filter({ hasText: masked(viewer.phone) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Basic Plan');
    await fitsThePhone();
    await row.getByRole('link', { name: masked(viewer.phone), exact: true }).click();

    await h1(masked(viewer.phone)).waitFor();
    const payments = page.getByRole('region', { name: 'Payments' });
    await payments.getByText('₹99.00').waitFor();
    expect(await payments.innerText()).toMatch(/CH\/\d{4}-\d{2}\/\d{6}/);
    expect(await page.getByRole('region', { name: 'Subscription history' }).innerText()).toContain('Started');
    await page.getByRole('region', { name: 'Watch history' }).getByText('Nothing watched yet.').waitFor();
    await fitsThePhone();

    // Delete, behind the confirm dialog (SPEC §8: focus on Cancel).
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await toast('Viewer deleted.').waitFor();
    await page.waitForURL(`${BASE_URL}/admin/users`);

    // Their sessions ended at once (D25), and the list no longer finds them.
    expect((await api('movie/subscription-status', { headers: bearer(viewer.token) })).status).toBe(401);
    await page.getByRole('searchbox', { name: 'Search by mobile number' }).fill(viewer.phone);
    await page.getByText(`No viewers match “${viewer.phone}”.`).waitFor();
  });

  it('sees what a viewer is watching now and where they are signed in, until Sign out everywhere ends it', async () => {
    const viewer = await subscribedViewer();
    // The viewer starts a paid demo title on a phone (the Basic plan is for mobiles): 409 while its video
    // is still being transcoded after start-up.
    const found = await json<Array<{ _id: string; title: string }>>(
      `home/search?q=${encodeURIComponent(PAID_TITLE)}`,
    );
    const movie = found.find((m) => m.title === PAID_TITLE);
    if (!movie) throw new Error(`no demo title ${PAID_TITLE}`);
    const deadline = Date.now() + 150_000;
    const onPhone = { ...bearer(viewer.token), 'user-agent': PHONE_AGENT };
    let grant = await api(`movie/${movie._id}/stream`, { headers: onPhone });
    while (grant.status === 409 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 2000));
      grant = await api(`movie/${movie._id}/stream`, { headers: onPhone });
    }
    expect(grant.status).toBe(200);

    await signInAdmin(page);
    await page.goto(`${BASE_URL}/admin/users/${viewer._id}`);
    await h1(masked(viewer.phone)).waitFor();
    const streams = page.getByRole('region', { name: 'Active streams' });
    await streams.getByRole('row', { name: new RegExp(PAID_TITLE) }).waitFor();
    const sessions = page.getByRole('region', { name: 'Signed-in sessions' });
    // One session: the one the stream plays on (the same short id in both tables).
    const sessionRows = sessions.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
    await sessionRows.first().waitFor();
    expect(await sessionRows.count()).toBe(1);
    const sessionId = (await sessionRows.first().getByRole('rowheader').innerText()).trim();
    expect(await streams.innerText()).toContain(sessionId);
    await fitsThePhone();

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, sign out' }).click();
    await toast('Signed out on every device.').waitFor();
    await sessions.getByText('Not signed in anywhere.').waitFor();
  }, 240_000);

  it('sees plays and watch time with their 30 days’ chart, masked numbers in every list, and the whole number only on Reveal, which the audit trail lists', async () => {
    const viewer = await subscribedViewer();
    const adminToken = await signInAdmin(page);

    // The dashboard: today's plays and watch time, the 30 days', and the chart of the 30 days.
    const plays = page.getByRole('region', { name: 'Plays', exact: true });
    const watchTime = page.getByRole('region', { name: 'Watch time', exact: true });
    await plays.locator('.ad-tile__value').waitFor();
    const answer = await json<{
      data: {
        catalog: {
          available: boolean;
          viewing?: { today: { plays: number }; last30Days: { plays: number } };
        };
      };
    }>('admin/dashboard', { headers: bearer(adminToken) });
    const viewing = answer.data.catalog.viewing;
    if (!viewing) throw new Error('the catalogue’s part is unavailable');
    const count = async (locator: ReturnType<Page['locator']>) =>
      Number((await locator.innerText()).replace(/\D/g, ''));
    // Other suites may play meanwhile: the API, asked a moment later, never says fewer.
    const today = await count(plays.locator('.ad-tile__value'));
    expect(today).toBeLessThanOrEqual(viewing.today.plays);
    const month = await count(plays.locator('dd'));
    expect(month).toBeLessThanOrEqual(viewing.last30Days.plays);
    expect(month).toBeGreaterThanOrEqual(today);
    expect(await watchTime.locator('.ad-tile__value').innerText()).toMatch(/^\d[\d,]* (min|h)( \d+ min)?$/);
    expect(await watchTime.locator('dd').innerText()).toMatch(/^\d[\d,]* (min|h)( \d+ min)?$/);
    const chart = page.getByRole('img', { name: 'Plays and hours watched per day, the last 30 days' });
    await chart.waitFor();
    const box = await chart.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(box?.height).toBeGreaterThan(150);
    // The latest sign-ups and payments name viewers by masked numbers only.
    const latest = page.getByRole('region', { name: 'Latest sign-ups' });
    await latest.getByRole('link').first().waitFor();
    for (const name of await latest.getByRole('link').allInnerTexts())
      expect(name).toMatch(/^\+91 [6-9]\d•••••\d{3}$/);
    expect(await page.locator('main, body').first().innerText()).not.toMatch(WHOLE_NUMBER);
    await fitsThePhone();
    await shoot('dashboard', PHONE_WIDTH);
    await shoot('dashboard', DESK_WIDTH);
    await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });

    // The users list: the viewer by a masked number, and no whole number on the page.
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await h1('Users').waitFor();
    await page.getByRole('searchbox', { name: 'Search by mobile number' }).fill(viewer.phone.slice(4));
    const row = page.getByRole('row').filter({ hasText: masked(viewer.phone) });
    await row.waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(WHOLE_NUMBER);
    await row.getByRole('link', { name: masked(viewer.phone), exact: true }).click();

    // The viewer's page: masked until Reveal, then whole.
    await h1(masked(viewer.phone)).waitFor();
    const number = page.locator('.ad-phone__number');
    expect(await number.innerText()).toBe(masked(viewer.phone));
    expect(await page.locator('body').innerText()).not.toMatch(WHOLE_NUMBER);
    await shoot('viewer-masked', PHONE_WIDTH);
    await shoot('viewer-masked', DESK_WIDTH);
    await page.getByRole('button', { name: 'Reveal', exact: true }).click();
    await page.getByText(`+91${viewer.phone}`, { exact: true }).waitFor();
    await shoot('viewer-revealed', DESK_WIDTH);
    await shoot('viewer-revealed', PHONE_WIDTH);
    await fitsThePhone();
    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    await page.getByText(masked(viewer.phone), { exact: true }).last().waitFor();
    expect(await number.innerText()).toBe(masked(viewer.phone));

    // The audit trail lists it: who revealed whose number, and when.
    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await h1('Audit').waitFor();
    await page.getByLabel('Action', { exact: true }).selectOption('phone-revealed');
    await page.waitForURL(/action=phone-revealed/);
    const entry = page
      .getByRole('list', { name: 'Audit entries' })
      .getByRole('listitem')
      .filter({ hasText: masked(viewer.phone) });
    await entry.first().waitFor();
    const text = await entry.first().innerText();
    expect(text).toContain('Revealed the number');
    expect(text).toContain(`by ${ADMIN.email}`);
    expect(text).not.toMatch(WHOLE_NUMBER);
    await fitsThePhone();
    await shoot('audit-revealed', PHONE_WIDTH);
  }, 120_000);
});
