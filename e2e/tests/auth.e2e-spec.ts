import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';

// Sign-in end to end (issue 3): SPEC §2.3, §2.4, §2.7, §2.10, §2.12, §4.3, §8; DECISIONS D2–D9, D15, D26.
// Codes are read from the development outbox (DECISIONS D3, D29). Every test uses a fresh number (the
// per-number send limit) and its own client address (the per-address limit, D4): the gateway takes the
// client from X-Forwarded-For, as it would behind the edge proxy.

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The client address of the current test, for the browser and for direct API calls alike. */
let clientIp: string;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  clientIp = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route(`${BASE_URL}/api/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': clientIp } }),
  );
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

/** A 10-digit Indian mobile number nobody has used yet (D4: it starts with 6–9). */
function freshPhone(): string {
  return `${randomInt(6, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', clientIp);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${BASE_URL}/api/${path}`, { ...init, headers });
}

/** The newest code the development outbox holds for a number, once one has arrived. */
async function latestCode(phone: string, olderThan?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await api(`dev/otp-outbox?phone=${encodeURIComponent(`+91${phone}`)}`);
    if (res.ok) {
      const { codes } = (await res.json()) as { codes: Array<{ otp: string }> };
      const newest = codes.at(-1)?.otp;
      if (newest && newest !== olderThan) return newest;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code arrived in the outbox for +91${phone}`);
}

interface StoredViewer {
  token: string;
  refreshToken: string;
  phoneNumber: string;
}

/** Signs a new viewer in through the API and stores the session as the web app does (D2 key `user`). */
async function signInThroughApi(phone = freshPhone()): Promise<StoredViewer> {
  const sent = await api('user/send-otp', { method: 'POST', body: JSON.stringify({ phoneNumber: phone }) });
  expect(sent.status).toBe(200);
  const otp = await latestCode(phone);
  const res = await api('user/verify-otp', {
    method: 'POST',
    body: JSON.stringify({ phoneNumber: `+91${phone}`, otp }),
  });
  expect(res.status).toBe(200);
  const session = (await res.json()) as StoredViewer;
  await page.goto(`${BASE_URL}/about`);
  await page.evaluate((s) => localStorage.setItem('user', JSON.stringify(s)), session);
  return session;
}

async function storedViewer(): Promise<StoredViewer | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('user');
    return raw ? (JSON.parse(raw) as StoredViewer) : null;
  });
}

async function meStatus(token: string): Promise<number> {
  return (await api('user/me', { headers: { authorization: `Bearer ${token}` } })).status;
}

/** Waits until `probe` gives `expected` (background work such as the logout call), or fails with the last value. */
async function eventually<T>(probe: () => Promise<T>, expected: T, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (last !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    last = await probe();
  }
  expect(last).toBe(expected);
}

const header = () => page.locator('header.site-header');
const toast = (text: string) => page.locator('.toast', { hasText: text });
const phoneField = () => page.getByLabel('Mobile Number');
const codeField = () => page.getByLabel('Enter OTP');

async function openLoginAndSend(phone: string): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  await page.getByRole('heading', { level: 1, name: 'Login to Continue' }).waitFor();
  await phoneField().fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.waitForURL(`${BASE_URL}/verify-otp`);
  await toast('OTP sent Successfully.').waitFor();
  await codeField().waitFor(); // the code step is its own lazily loaded screen
}

async function openProfilePanel(): Promise<ReturnType<Page['locator']>> {
  await header().getByRole('button', { name: 'Profile' }).click();
  const panel = page.locator('#profile-panel');
  await panel.waitFor();
  return panel;
}

describe('viewer sign-in (SPEC §2.7, §4.3)', () => {
  it('signs in with the code from the outbox and shows the profile with the number and Plan Free', async () => {
    const phone = freshPhone();
    await openLoginAndSend(phone);
    expect(await codeField().isVisible()).toBe(true);
    expect(await phoneField().count()).toBe(0); // the code field replaces the phone form

    // Six digits verify by themselves: no button to press.
    await codeField().pressSequentially(await latestCode(phone));
    await page.waitForURL(`${BASE_URL}/`);

    await header().getByRole('button', { name: 'Profile' }).waitFor();
    expect(await header().getByRole('link', { name: 'Login' }).count()).toBe(0);
    const panel = await openProfilePanel();
    await panel.getByText(`+91${phone}`).waitFor();
    const plan = await panel.locator('dt:has-text("Plan") + dd').innerText();
    expect(plan).toMatch(/^Free/);
    expect(await panel.locator('dt:has-text("Expiry") + dd').innerText()).toBe('N/A');

    const stored = await storedViewer();
    expect(stored?.phoneNumber).toBe(`+91${phone}`);
    expect(stored?.refreshToken).toBeTruthy();
    expect(await meStatus(stored!.token)).toBe(200);
  });

  it("says 'Failed to verify OTP.' for a wrong code and stays on the code step", async () => {
    const phone = freshPhone();
    await openLoginAndSend(phone);
    const right = await latestCode(phone);
    const wrong = right.replace(/^./, (d) => String((Number(d) + 1) % 10));

    await codeField().pressSequentially(wrong);
    await toast('Failed to verify OTP.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/verify-otp');
    expect(await codeField().inputValue()).toBe('');
    expect(await storedViewer()).toBeNull();
  });

  it('counts the resend wait down, disables Send OTP while the field is empty, and states the 18+ rule', async () => {
    await page.goto(`${BASE_URL}/login`);
    await page.getByRole('heading', { level: 1, name: 'Login to Continue' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send OTP' }).isDisabled()).toBe(true);
    expect(await page.locator('main').innerText()).toMatch(/18 or over/);
    await phoneField().fill('98x76');
    expect(await phoneField().inputValue()).toBe('9876'); // digits only

    await openLoginAndSend(freshPhone());
    const resend = page.getByRole('button', { name: /^Resend OTP in \d+$/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    const first = Number((await resend.innerText()).match(/\d+$/)![0]);
    expect(first).toBeGreaterThan(55);
    expect(first).toBeLessThanOrEqual(60);
    // The count goes down a second at a time.
    await page.waitForFunction(
      (before) =>
        [...document.querySelectorAll('button')].some((b) => {
          const left = /^Resend OTP in (\d+)$/.exec(b.textContent?.trim() ?? '');
          return left !== null && Number(left[1]) < before;
        }),
      first,
    );
    const later = Number((await resend.innerText()).match(/\d+$/)![0]);
    expect(later).toBeLessThan(first);
    expect(later).toBeGreaterThanOrEqual(first - 4);
  });

  it('fits the phone form inside its card on a 375 px phone', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${BASE_URL}/login`);
    const card = await page.locator('.vw-signin__card').boundingBox();
    const send = await page.getByRole('button', { name: 'Send OTP' }).boundingBox();
    const field = await page.locator('.vw-phone').boundingBox();
    expect(card && send && field).toBeTruthy();
    for (const box of [send!, field!])
      expect(box.x + box.width).toBeLessThanOrEqual(card!.x + card!.width - 8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('sends /verify-otp without a number back to /login', async () => {
    await page.goto(`${BASE_URL}/verify-otp`);
    await page.waitForURL(`${BASE_URL}/login`);
    await phoneField().waitFor();
  });
});

describe('viewer session (SPEC §2.3, §2.4; DECISIONS D5)', () => {
  it('logs out to / with Login shown, and the old token stops working', async () => {
    const session = await signInThroughApi();
    await page.goto(`${BASE_URL}/about`);
    const panel = await openProfilePanel();
    await panel.getByRole('button', { name: 'Logout' }).click();

    await page.waitForURL(`${BASE_URL}/`);
    await header().getByRole('link', { name: 'Login' }).waitFor();
    expect(await storedViewer()).toBeNull();
    await eventually(() => meStatus(session.token), 401);
  });

  it('closes /login to a signed-in viewer', async () => {
    await signInThroughApi();
    await page.goto(`${BASE_URL}/login`);
    await page.waitForURL(`${BASE_URL}/`);
    await header().getByRole('button', { name: 'Profile' }).waitFor();
  });

  it('renews a refused access token silently with the refresh token', async () => {
    const session = await signInThroughApi();
    await page.evaluate(
      (s) => localStorage.setItem('user', JSON.stringify({ ...s, token: 'not-a-valid-token' })),
      session,
    );
    await page.goto(`${BASE_URL}/about`);
    // Opening the panel asks GET /api/user/me: refused, renewed, retried.
    const panel = await openProfilePanel();
    await panel.getByText(session.phoneNumber).waitFor();
    await eventually(async () => (await storedViewer())?.token !== 'not-a-valid-token', true);
    const renewed = (await storedViewer())!;
    expect(renewed.refreshToken).not.toBe(session.refreshToken); // rotated (D5)
    expect(await meStatus(renewed.token)).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/about');
  });

  it('ends the session and opens /login when the refresh token is refused too', async () => {
    const session = await signInThroughApi();
    await page.evaluate(
      (s) => localStorage.setItem('user', JSON.stringify({ ...s, token: 'bad', refreshToken: 'also-bad' })),
      session,
    );
    // The shell asks for the account (its interface language, issue 11) as soon as it finds a stored
    // session: refused, renewal refused, so the session ends before anything is clicked.
    await page.goto(`${BASE_URL}/about`);
    await page.waitForURL(`${BASE_URL}/login`);
    expect(await storedViewer()).toBeNull();
  });
});

describe('admin sign-in (SPEC §2.12, §2.3; DECISIONS D7)', () => {
  it('signs in, sees Dashboard in the header, and is sent from /delete-user to the dashboard', async () => {
    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Enter Admin Login Details' }).waitFor();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await page.waitForURL(`${BASE_URL}/admin/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.locator('main').getByText(ADMIN.email).first().waitFor();

    await page.goto(`${BASE_URL}/`);
    await header().getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await header().getByRole('link', { name: 'Login' }).count()).toBe(0);

    await page.goto(`${BASE_URL}/delete-user`);
    await page.waitForURL(`${BASE_URL}/admin/dashboard`);
  });

  it("shows the server's message when the login fails", async () => {
    await page.goto(`${BASE_URL}/admin`);
    // An unknown address: the demo admin's failure count (and lockout, D6) stays untouched.
    await page.getByLabel('Email').fill(`nobody-${randomInt(1e9)}@chitram.in`);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await toast('Invalid e-mail or password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it('sends a visitor opening /admin/movies to the admin login', async () => {
    await page.goto(`${BASE_URL}/admin/movies`);
    await page.waitForURL(`${BASE_URL}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Enter Admin Login Details' }).waitFor();
  });
});

describe('account deletion (SPEC §2.10, §4.7, §8; DECISIONS D15, D25)', () => {
  it('asks first, deletes the account, lands on /login, and the old token is refused', async () => {
    const session = await signInThroughApi();
    await page.goto(`${BASE_URL}/about`);
    const panel = await openProfilePanel();
    await panel.getByRole('link', { name: 'Delete account' }).click();
    await page.waitForURL(`${BASE_URL}/delete-user`);

    await page.getByRole('button', { name: 'Delete My Account' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText('Are you sure you want to delete your account? This action is irreversible.')
      .waitFor();
    // Cancel keeps everything as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await meStatus(session.token)).toBe(200);

    await page.getByRole('button', { name: 'Delete My Account' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
    await toast('Account deleted successfully.').waitFor();
    await page.waitForURL(`${BASE_URL}/login`);
    expect(await storedViewer()).toBeNull();
    expect(await meStatus(session.token)).toBe(401);
  });
});
