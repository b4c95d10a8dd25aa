import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAdmin } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';
import { apiFrom, until } from '../support/viewer-pages';
import { freshClientIp, fromClient } from '../support/sessions';

// Suggested intros (D42) as an admin meets them: the demo series' two transcoded episodes open with the
// same melody (scripts/seed/videos.mjs), so media offers each that span as its intro. The admin opens
// the first episode's form, sees "Suggested intro 0:00–0:08" in its marker panel (screenshots at 390 and
// 1366 px go to SHOTS), and confirms it: the intro fields show it, saved. The episode's markers are
// cleared again at the end.

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-suggested-intro';
const EPISODE = 'Water for Marathwada';
/** The demo episodes' transcodes, then the fingerprints, on a busy machine. */
const SUGGESTED_MS = 600_000;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };

let browser: Browser;
const contexts: BrowserContext[] = [];
const clientIp = freshClientIp();
let adminToken: string | undefined;
let videoId: string | undefined;

const api = apiFrom(clientIp);

/** The demo episode's id and its video's, as the catalogue lists it. */
async function episode(): Promise<{ _id: string; videoId: string | undefined }> {
  const page = (await (await api(`series/episodes?search=${encodeURIComponent(EPISODE)}`)).json()) as {
    paginatedEpisodes: Array<{ _id: string; title: string; video?: { videoId: string } | null }>;
  };
  const found = page.paginatedEpisodes.find((e) => e.title === EPISODE);
  if (!found) throw new Error(`no demo episode ${EPISODE}`);
  return { _id: found._id, videoId: found.video?.videoId };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  // The episode leaves this spec without markers, as it came.
  if (adminToken && videoId)
    await api(`admin/videos/${videoId}/markers`, { token: adminToken, method: 'PUT', body: {} });
  await browser?.close();
});

async function open(screen: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: screen, locale: 'en-US' });
  contexts.push(context);
  await fromClient(context, clientIp);
  return context.newPage();
}

const shoot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });

describe('a suggested intro in the marker panel (D42)', () => {
  it(
    'shows the span the series’ episodes share, and confirming makes it the intro',
    async () => {
      const page = await open(LAPTOP);
      adminToken = await signInAdmin(page);
      const token = adminToken;
      let episodeId = '';
      await until(
        async () => {
          const found = await episode();
          episodeId = found._id;
          videoId = found.videoId;
          if (!videoId) return false;
          const res = await api(`admin/videos/${videoId}/markers`, { token });
          return res.ok && ((await res.json()) as { suggestedIntro: unknown }).suggestedIntro !== null;
        },
        `${EPISODE} has a suggested intro`,
        SUGGESTED_MS,
      );

      const phone = await open(PHONE);
      await signInAdmin(phone);
      for (const [shown, width] of [
        [phone, PHONE.width],
        [page, LAPTOP.width],
      ] as const) {
        await shown.goto(`${BASE_URL}/admin/shows/edit/${episodeId}`);
        const row = shown
          .getByRole('region', { name: 'Skip markers' })
          .getByRole('group', { name: /^Suggested intro 0:0[01]–0:0[789]$/ });
        await row.waitFor({ state: 'visible', timeout: 30_000 });
        await row.scrollIntoViewIfNeeded();
        // Nothing of the panel is wider than the phone.
        expect(await shown.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shoot(shown, 'suggested-intro', width);
      }

      const panel = page.getByRole('region', { name: 'Skip markers' });
      await panel.getByRole('button', { name: 'Confirm' }).click();
      await panel.getByRole('status').filter({ hasText: 'Markers saved.' }).waitFor();
      expect(await panel.getByTestId('suggested-intro').count()).toBe(0);
      expect(Number(await panel.getByLabel('Intro start (seconds)').inputValue())).toBeLessThanOrEqual(1);
      const end = Number(await panel.getByLabel('Intro end (seconds)').inputValue());
      expect(Math.abs(end - 8)).toBeLessThanOrEqual(1);
      await shoot(page, 'suggested-intro-confirmed', LAPTOP.width);
    },
    SUGGESTED_MS + 120_000,
  );
});
