import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../support/browser';
import { startApp, stopApp } from '../support/control';
import { overlappingControls, sidewaysOverflow } from '../support/overlaps';
import { freshClientIp, fromClient } from '../support/sessions';

// A viewer's first hour, finished (issue 19): the whole interface in the chosen language (plan cards,
// durations, devices, a failing feed's message), and a title page worth sharing (More like this, Share,
// a link that previews without JavaScript).

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-i18n';

interface Movie {
  _id: string;
  slug: string;
  title: string;
  description: string;
  language: string;
  genre: string[];
}

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await context?.close();
});

async function open(width: number, language?: string): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
  await fromClient(context, freshClientIp());
  page = await context.newPage();
  if (language) {
    await page.goto(`${BASE_URL}/about`);
    await page.evaluate((l) => localStorage.setItem('interfaceLanguage', l), language);
  }
  return page;
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/${path}`);
  if (!res.ok) throw new Error(`GET /api/${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** A demo title whose "More like this" the catalogue fills, with what it answers. */
async function titleWithLikes(): Promise<{ movie: Movie; likes: Movie[] }> {
  const { genreMovies } = await api<{ genreMovies: Record<string, Movie[]> }>('home/content');
  for (const movie of Object.values(genreMovies).flat()) {
    const likes = await api<Movie[]>(`movie/${encodeURIComponent(movie.slug)}/more-like-this`);
    if (likes.length >= 2) return { movie, likes };
  }
  throw new Error('the demo catalogue has no title with two others of its language and genre');
}

interface Episode {
  _id: string;
  seriesId: string | null;
  title: string;
}

/** A demo episode of a series whose "More like this" the catalogue fills, and a stand-alone one. */
async function episodesForLikes(): Promise<{
  category: string;
  episode: Episode;
  likes: Movie[];
  alone: Episode;
}> {
  for (const category of ['political', 'health', 'education']) {
    const { episodes } = await api<{ episodes: Episode[] }>(`series/category/${category}/episodes`);
    const alone = episodes.find((e) => !e.seriesId);
    for (const episode of episodes.filter((e) => e.seriesId)) {
      const likes = await api<Movie[]>(`series/episodes/${episode._id}/more-like-this`);
      if (alone && likes.length >= 2) return { category, episode, likes, alone };
    }
  }
  throw new Error(
    'the demo catalogue has no episode whose series shares a language and genre with two films',
  );
}

async function expectLayoutHolds(where: string): Promise<void> {
  expect({ where, overlaps: await overlappingControls(page) }).toEqual({ where, overlaps: [] });
  expect({ where, sideways: await sidewaysOverflow(page) }).toEqual({ where, sideways: 0 });
}

describe('the interface language covers the whole interface (issue 19)', () => {
  it.each([390, 1366])('words the plan cards, their validity and devices in Tamil (%i px)', async (width) => {
    await open(width, 'ta');
    await page.goto(`${BASE_URL}/subscribe`);
    await page.getByRole('heading', { level: 1, name: 'உங்களுக்கான சிறந்த திட்டத்தைத் தேர்ந்தெடுங்கள்' }).waitFor();
    const cards = page.locator('.vw-plan');
    await cards.nth(3).waitFor();
    const basic = await cards.nth(0).innerText();
    const standard = await cards.nth(1).innerText();
    const gold = await cards.nth(3).innerText();
    expect(basic).toContain('பேசிக் திட்டம்');
    expect(basic).toContain('3 மாதங்கள்');
    expect(basic).toContain('மொபைல்');
    expect(standard).toContain('மொபைல் மற்றும் இணையதளம்');
    expect(gold).toContain('கோல்டு திட்டம்');
    expect(gold).toContain('1 ஆண்டு');
    expect(gold).toContain('ஸ்மார்ட் டிவி');
    // None of the server's English is left on the cards.
    const all = await page.locator('.vw-plans__grid').innerText();
    for (const english of ['Plan', 'Mobile', 'Website', 'Smart TV', 'month', 'year'])
      expect({ english, shown: all.includes(english) }).toEqual({ english, shown: false });
    await expectLayoutHolds(`plans in Tamil at ${width}`);
    await page.screenshot({ path: `${SHOTS}/plans-ta-${width}.png`, fullPage: true });
  });

  it("shows a failing home feed's problem in Tamil, never the server's English", async () => {
    await open(1366, 'ta');
    await stopApp('gateway');
    try {
      await page.goto(`${BASE_URL}/`);
      const problem = page.locator('.vw-home__catalogue [role="alert"]');
      await problem.waitFor();
      const text = await problem.innerText();
      expect(text).toContain('சேவையை அணுக முடியவில்லை. சிறிது நேரத்தில் மீண்டும் முயலவும்.');
      expect(text).not.toMatch(/could not be reached|Error:/);
    } finally {
      await startApp('gateway');
    }
    // Back up, "Try again" brings the rails.
    await page.getByRole('button', { name: 'மீண்டும் முயல்' }).click();
    await page.locator('.vw-rail').first().waitFor();
  });
});

describe('the title page a viewer shares (issue 19)', () => {
  it.each([390, 1366])(
    'shows More like this of the same language and genre, and Share copies the link (%i px)',
    async (width) => {
      const { movie, likes } = await titleWithLikes();
      await open(width);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
      // Desktop Chromium has no share sheet; where a browser has one, Share opens it instead.
      await context.addInitScript(() => {
        delete (Navigator.prototype as { share?: unknown }).share;
      });
      await page.goto(`${BASE_URL}/movie/${encodeURIComponent(movie.slug)}/play`);
      await page.getByRole('heading', { level: 1 }).waitFor();

      const more = page.getByRole('region', { name: 'More like this' });
      await more.getByTestId('poster').first().waitFor();
      const shown = await more.locator('.vw-poster__title').allInnerTexts();
      expect(shown).toEqual(likes.map((m) => m.title));
      expect(shown).not.toContain(movie.title);
      for (const like of likes) {
        expect(like.language).toBe(movie.language);
        expect(like.genre.some((g) => movie.genre.includes(g))).toBe(true);
      }
      // Under the title's facts, not beside them.
      const facts = await page.locator('.vw-title__details').boundingBox();
      const rail = await more.boundingBox();
      expect(rail!.y).toBeGreaterThanOrEqual(facts!.y + facts!.height);

      await page.getByRole('button', { name: 'Share' }).click();
      await page.locator('.toast', { hasText: 'Link copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${BASE_URL}/movie/${encodeURIComponent(movie.slug)}/play`,
      );
      await expectLayoutHolds(`title page at ${width}`);
      await page.screenshot({ path: `${SHOTS}/title-share-${width}.png`, fullPage: true });
    },
  );

  it.each([390, 1366])(
    "shows under an episode's meta the films like its series, and nothing for a stand-alone episode (%i px)",
    async (width) => {
      const { category, episode, likes, alone } = await episodesForLikes();
      // The films of one language (the series'); the catalogue's spec checks the language and genres.
      expect(new Set(likes.map((m) => m.language)).size).toBe(1);
      await open(width);
      await page.goto(`${BASE_URL}/${category}/episode/${episode._id}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const more = page.getByRole('region', { name: 'More like this' });
      await more.getByTestId('poster').first().waitFor();
      expect(await more.locator('.vw-poster__title').allInnerTexts()).toEqual(likes.map((m) => m.title));
      // Under the episode's facts and text, not beside them.
      const text = await page.locator('.vw-title__text').boundingBox();
      const rail = await more.boundingBox();
      expect(rail!.y).toBeGreaterThanOrEqual(text!.y + text!.height);
      await expectLayoutHolds(`episode page at ${width}`);
      // The posters load lazily: brought into view and loaded, so the picture shows them.
      await more.scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('[data-testid="more-like-this"] img')].every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      );
      await page.evaluate(() => window.scrollTo(0, 0)); // the fixed header back at the top
      await page.screenshot({ path: `${SHOTS}/episode-more-like-${width}.png`, fullPage: true });

      // A stand-alone episode: no section, and the catalogue answers none.
      expect(await api<Movie[]>(`series/episodes/${alone._id}/more-like-this`)).toEqual([]);
      await page.goto(`${BASE_URL}/${category}/episode/${alone._id}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.vw-title__text').waitFor();
      expect(await page.getByTestId('more-like-this').count()).toBe(0);
    },
  );

  it("refuses an episode's More like this for a bad id and an unknown episode, with their codes", async () => {
    const bad = await fetch(`${BASE_URL}/api/series/episodes/not-an-id/more-like-this`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { id: [expect.any(String)] },
    });
    const unknown = await fetch(
      `${BASE_URL}/api/series/episodes/00000000-0000-4000-8000-000000000000/more-like-this`,
    );
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('NOT_FOUND');
  });

  it('previews a shared title link without JavaScript, and an unknown one as the ordinary page', async () => {
    const { movie } = await titleWithLikes();
    const html = await (await fetch(`${BASE_URL}/movie/${encodeURIComponent(movie.slug)}/play`)).text();
    const escaped = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    expect(html).toContain(`<meta property="og:title" content="${escaped(movie.title)} · Chitram" />`);
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+" \/>/);
    expect(html).toContain(
      `<link rel="canonical" href="${BASE_URL}/movie/${encodeURIComponent(movie.slug)}/play" />`,
    );
    const unknown = await (await fetch(`${BASE_URL}/movie/no-such-title-anywhere/play`)).text();
    expect(unknown).not.toContain('og:title');
    expect(unknown).toContain('<div id="root">');
  });
});
