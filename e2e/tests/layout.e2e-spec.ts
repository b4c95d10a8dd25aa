import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../support/browser';
import { overlappingControls, sidewaysOverflow } from '../support/overlaps';
import {
  adminSession,
  freshClientIp,
  freshPhone,
  fromClient,
  storeSession,
  viewerSession,
} from '../support/sessions';

// Layouts that hold (issue 11): at 390, 1024, 1366 and 1920 px no two visible controls overlap and no
// page scrolls sideways; the header holds at every width from 320 to 1920 px in English and in Tamil;
// toasts sit below the header; category pages group episodes by series; the sign-in steps; an admin's
// profile panel; the back office on a phone. Screenshots of every page at every width go to SHOTS.

const WIDTHS = [390, 1024, 1366, 1920];
const HEADER_WIDTHS = [320, 360, 390, 480, 600, 768, 900, 1024, 1180, 1280, 1366, 1440, 1600, 1920];
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-layout';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let viewer: object;
let admin: object;
let titlePath: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  [viewer, admin] = await Promise.all([viewerSession(), adminSession()]);
  const home = (await (await fetch(`${BASE_URL}/api/home/content`)).json()) as {
    genreMovies: Record<string, Array<{ slug: string }>>;
  };
  const first = Object.values(home.genreMovies).flat()[0];
  titlePath = `/movie/${encodeURIComponent(first.slug)}/play`;
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function open(width: number, options: { language?: string; locale?: string } = {}): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 900 }, locale: options.locale ?? 'en-US' });
  await fromClient(context, freshClientIp());
  page = await context.newPage();
  if (options.language) {
    await page.goto(`${BASE_URL}/about`);
    await page.evaluate((l) => localStorage.setItem('interfaceLanguage', l), options.language);
  }
  return page;
}

afterEach(async () => {
  await context?.close();
});

/** Every control of the page in reach and uncovered, and nothing wider than the window. */
async function expectLayoutHolds(where: string, scope = 'body'): Promise<void> {
  expect({ where, overlaps: await overlappingControls(page, scope) }).toEqual({ where, overlaps: [] });
  expect({ where, sideways: await sidewaysOverflow(page) }).toEqual({ where, sideways: 0 });
}

/**
 * Until `scope` is laid out alike two frames running: what a resize sets off (a ResizeObserver's re-count,
 * the re-render it asks for) has run.
 */
async function settled(scope: string): Promise<void> {
  const still = () =>
    page.evaluate(
      (selector) =>
        new Promise<boolean>((resolve) => {
          const shape = () =>
            [...document.querySelectorAll(`${selector}, ${selector} *`)]
              .map((element) => {
                const box = element.getBoundingClientRect();
                return `${box.x},${box.y},${box.width},${box.height}`;
              })
              .join(' ');
          const before = shape();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(shape() === before)));
        }),
      scope,
    );
  for (let tries = 0; !(await still()); tries++) if (tries > 30) throw new Error(`${scope} never settled`);
}

async function shoot(name: string, width: number): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

const h1 = (name?: string | RegExp) => page.getByRole('heading', { level: 1, name }).first();

describe('the header at every width from 320 to 1920 px (issue 11)', () => {
  it.each([
    ['a visitor, in English', 'en', false],
    ['a visitor, in Tamil', 'ta', false],
    ['a signed-in viewer, in Malayalam', 'ml', true],
  ])('%s: no control overlaps another and nothing is cut off', async (_who, language, signedIn) => {
    await open(1920, { language });
    if (signedIn) await storeSession(page, 'user', viewer);
    await page.goto(`${BASE_URL}/`);
    await page.locator('section.vw-rail').first().waitFor();
    for (const width of HEADER_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // The header re-counts the links that fit on the next frames (ResizeObserver).
      await settled('header.site-header');
      await expectLayoutHolds(`header at ${width} px (${language})`, 'header.site-header');
      if (width === 1024 || width === 320)
        await shoot(`header-${language}${signedIn ? '-viewer' : ''}`, width);
    }
  });

  it('puts the links that do not fit under More, where each still opens its page', async () => {
    await open(1024);
    await page.goto(`${BASE_URL}/about`);
    await h1('About Chitram').waitFor();
    const header = page.locator('header.site-header');
    const more = header.getByRole('button', { name: 'More' });
    await more.click();
    const hidden = page.locator('#nav-more-panel a');
    expect(await hidden.count()).toBeGreaterThan(0);
    const last = hidden.last();
    const [target, name] = [await last.getAttribute('href'), await last.innerText()];
    await last.click();
    await page.waitForURL(`${BASE_URL}${target}`);
    await h1(name).waitFor();
    // More stands for the page it holds.
    await header.locator('.nav-more__button.active').waitFor();
  });
});

describe.each(WIDTHS)('at %i px (issue 11)', (width) => {
  it('home, a category, an episode, a title, login and plans hold', async () => {
    await open(width);
    const pages: Array<[string, string, () => Promise<unknown>]> = [
      ['home', '/', () => page.locator('section.vw-rail').first().waitFor()],
      ['category', '/political', () => page.locator('.vw-series').first().waitFor()],
      ['title', titlePath, () => page.locator('.vw-title__heading').waitFor()],
      ['login', '/login', () => h1('Login to Continue').waitFor()],
      ['plans', '/subscribe', () => page.locator('.vw-plan').first().waitFor()],
    ];
    for (const [name, path, ready] of pages) {
      await page.goto(`${BASE_URL}${path}`);
      await ready();
      await expectLayoutHolds(`${name} at ${width} px`);
      await shoot(name, width);
    }
    await page.goto(`${BASE_URL}/political`);
    await page.getByRole('link', { name: 'Watch Now' }).click();
    await page.locator('.vw-episode-page__heading').waitFor();
    await expectLayoutHolds(`episode at ${width} px`);
    await shoot('episode', width);
  });

  it("the back office's movie list and title forms hold", async () => {
    await open(width);
    await storeSession(page, 'admin', admin);
    await page.goto(`${BASE_URL}/admin/movies`);
    await page.getByRole('row').nth(1).waitFor();
    await expectLayoutHolds(`admin movies at ${width} px`);
    await shoot('admin-movies', width);
    await page.goto(`${BASE_URL}/admin/movies/upload`);
    await page.getByLabel('Title', { exact: true }).waitFor();
    await expectLayoutHolds(`admin movie form at ${width} px`);
    await shoot('admin-movie-form', width);
    for (const form of ['series', 'shows']) {
      await page.goto(`${BASE_URL}/admin/${form}/upload`);
      await page.getByLabel('Title', { exact: true }).waitFor();
      await expectLayoutHolds(`admin ${form} form at ${width} px`);
      await shoot(`admin-${form}-form`, width);
    }
  });
});

describe('toasts (issue 11)', () => {
  it("sit below the header, and a failed attempt's toast goes when a later one succeeds", async () => {
    await open(1024);
    await page.goto(`${BASE_URL}/login`);
    await h1('Login to Continue').waitFor();
    await page.getByLabel('Mobile Number').fill('12345');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const failure = page.locator('.toast', { hasText: 'Invalid phone number' });
    await failure.waitFor();
    const header = (await page.locator('header.site-header').boundingBox())!;
    const toast = (await failure.boundingBox())!;
    expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
    await expectLayoutHolds('login with a toast at 1024 px');

    await page.getByLabel('Mobile Number').fill(freshPhone());
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.locator('.toast', { hasText: 'OTP sent Successfully.' }).waitFor();
    // At once, not when its 3 seconds are up.
    expect(await failure.count()).toBe(0);
  });
});

describe('category pages (issue 11)', () => {
  it('group episodes by series, in episode order; Watch Now and each episode open its own page', async () => {
    await open(1366);
    await page.goto(`${BASE_URL}/political`);
    const groups = page.locator('section.vw-series');
    await groups.first().waitFor();
    const series = await groups.first().getByRole('heading', { level: 2 }).innerText();
    expect(series).not.toBe('More episodes');
    for (const group of await groups.all()) {
      const numbers = (await group.getByRole('heading', { level: 3 }).allInnerTexts()).map((heading) =>
        Number(/^Episode (\d+) - /.exec(heading)?.[1]),
      );
      expect(numbers.length).toBeGreaterThan(0);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    }

    const first = await groups.first().getByRole('heading', { level: 3 }).first().innerText();
    await page.getByRole('link', { name: 'Watch Now' }).click();
    await page.waitForURL(/\/political\/episode\/[^/]+$/);
    await h1(first).waitFor();
    await page.getByText(`Part of ${series}`).waitFor();

    await page.goBack();
    const second = groups.first().locator('.vw-episode').nth(1);
    const heading = await second.getByRole('heading', { level: 3 }).innerText();
    await second.getByRole('link', { name: /^Play/ }).click();
    await page.waitForURL(/\/political\/episode\/[^/]+$/);
    await h1(heading).waitFor();
  });
});

describe('sign-in (issue 11)', () => {
  it("lets another number have a code at once after 'Change number', and Back returns to the code step", async () => {
    await open(1024);
    const [first, second] = [freshPhone(), freshPhone()];
    await page.goto(`${BASE_URL}/login`);
    await page.getByLabel('Mobile Number').fill(first);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.waitForURL(`${BASE_URL}/verify-otp`);
    await page.getByRole('link', { name: 'Change number' }).click();
    await page.waitForURL(`${BASE_URL}/login`);
    // The wait belongs to the number the code went to ...
    await page.getByRole('button', { name: /^Resend OTP in \d+$/ }).waitFor();
    // ... another number may have one now.
    await page.getByLabel('Mobile Number').fill(second);
    expect(await page.getByRole('button', { name: 'Send OTP' }).isEnabled()).toBe(true);

    await page.goBack();
    await page.waitForURL(`${BASE_URL}/verify-otp`);
    await page.getByText(`+91 ${first.slice(0, 5)} ${first.slice(5)}`).waitFor();
    await page.goForward();
    await page.getByLabel('Mobile Number').fill(second);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.waitForURL(`${BASE_URL}/verify-otp`);
    await page.getByText(`+91 ${second.slice(0, 5)} ${second.slice(5)}`).waitFor();
  });
});

describe("an admin's profile panel (issue 11)", () => {
  it("shows the admin's e-mail, role and Logout, not a viewer's plan", async () => {
    await open(1366);
    await storeSession(page, 'admin', admin);
    await page.goto(`${BASE_URL}/about`);
    await page.getByRole('button', { name: 'Profile' }).click();
    const panel = page.locator('#profile-panel');
    await panel.waitFor();
    const text = await panel.innerText();
    expect(text).toContain((admin as { email: string }).email);
    expect(text).toMatch(/Role\s+Administrator/);
    expect(text).not.toMatch(/Plan|Expiry|Upgrade/);
    await panel.getByRole('button', { name: 'Logout' }).waitFor();
  });
});

describe('the back office on a phone, 390 px (issue 11)', () => {
  it("reaches every row's actions and the whole side menu without sideways scrolling", async () => {
    await open(390);
    await storeSession(page, 'admin', admin);
    await page.goto(`${BASE_URL}/admin/movies`);
    await page.getByRole('row').nth(1).waitFor();
    const inView = async (locator: ReturnType<Page['locator']>) => {
      const box = (await locator.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 390;
    };
    for (const link of await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').all())
      expect({ link: await link.innerText(), inView: await inView(link) }).toEqual({
        link: await link.innerText(),
        inView: true,
      });
    for (const action of await page.getByRole('button', { name: /^Delete / }).all())
      expect(await inView(action)).toBe(true);
    for (const action of await page.getByRole('link', { name: /^Edit / }).all())
      expect(await inView(action)).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  it('names the columns in words', async () => {
    await open(1366);
    await storeSession(page, 'admin', admin);
    await page.goto(`${BASE_URL}/admin/shows`);
    for (const column of ['Title', 'Category', 'Release date', 'Rating', 'Duration'])
      await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
  });

  it('keeps the movie form’s fields apart at every width', async () => {
    await open(1920);
    await storeSession(page, 'admin', admin);
    await page.goto(`${BASE_URL}/admin/movies/upload`);
    await page.getByLabel('Title', { exact: true }).waitFor();
    for (const width of [320, 390, 560, 700, 820, 960, 1101, 1280, 1600, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await settled('form');
      await expectLayoutHolds(`movie form at ${width} px`, 'form');
    }
  });
});
