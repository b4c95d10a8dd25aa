import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAdmin } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';
import { overlappingControls, sidewaysOverflow } from '../support/overlaps';
import { freshClientIp, fromClient } from '../support/sessions';

// Issue 19: search finds series and episodes beside the films, in their groups on the search page;
// an admin edits an existing (demo) series and it saves, an episode row uploading its video with its
// progress. Screenshots of the grouped results and the series form at 390 and 1366 px go to SHOTS.

const ROOT = path.resolve(__dirname, '../..');
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-search';
/** A demo series (scripts/seed/catalogue.mjs) that no other browser spec changes. */
const DEMO_SERIES = 'Vidya Vahini';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let work: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  work = await mkdtemp(path.join(tmpdir(), 'chitram-e2e-search-'));
});

afterAll(async () => {
  await browser?.close();
  await rm(work, { recursive: true, force: true });
});

async function open(width: number): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 900 } });
  // Each test searches from its own address, so the search rate limit counts it alone.
  await fromClient(context, freshClientIp());
  page = await context.newPage();
  return page;
}

afterEach(async () => {
  await context?.close();
});

async function shoot(name: string, width: number): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

/** Types a term into the header's search box and waits for its results. */
async function searchFor(term: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search titles' });
  await box.fill(term);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === term);
  await page.getByRole('heading', { level: 1, name: `Results for “${term}”` }).waitFor();
}

/** A group of the results page, by its name. */
const group = (name: 'Films' | 'Series' | 'Episodes') =>
  page.getByRole('region', { name: new RegExp(`^${name} `) });

describe('search over films, series and episodes (issue 19)', () => {
  it('finds a series from its name typed with a mistake, in the Series group, and opens it', async () => {
    await open(1366);
    await page.goto(`${BASE_URL}/`);
    await searchFor('Arogya Kata');
    const series = group('Series').getByRole('link', { name: /Arogya Katha/ });
    await series.waitFor();
    expect(await series.textContent()).toMatch(/Health and Fitness · .* · 7 episodes/);
    // Its episodes are found by their series' cast, not by its name: the Episodes group is about them.
    await series.click();
    await page.waitForURL(/\/health#series-/);
    const section = page.locator(`[id="${new URL(page.url()).hash.slice(1)}"]`);
    await section.getByRole('heading', { level: 2, name: 'Arogya Katha' }).waitFor();
    // The page opens at the series.
    await page.waitForFunction(
      (el) => {
        const box = el?.getBoundingClientRect();
        return Boolean(box && box.top >= 0 && box.top < window.innerHeight);
      },
      await section.elementHandle(),
    );
  });

  it.each([390, 1366])(
    'shows films, series and episodes in their groups at %i px, each opening its page',
    async (width) => {
      await open(width);
      await page.goto(`${BASE_URL}/`);
      await searchFor('Anjali');
      // Dr. Anjali Rao presents Arogya Katha (and so its episodes); films star other Anjalis.
      await group('Films').locator('a.vw-poster').first().waitFor();
      await group('Series')
        .getByRole('link', { name: /Arogya Katha/ })
        .waitFor();
      const episodes = group('Episodes').getByTestId('episode-result');
      await episodes.first().waitFor();
      expect(await episodes.count()).toBeGreaterThan(1);
      const jump = page.getByRole('navigation', { name: 'Jump to a group of results' });
      expect(await jump.getByRole('link').allInnerTexts()).toEqual([
        expect.stringMatching(/^Films\s+\d+$/),
        expect.stringMatching(/^Series\s+1$/),
        expect.stringMatching(/^Episodes\s+\d+$/),
      ]);
      expect({ width, overlaps: await overlappingControls(page, 'body') }).toEqual({ width, overlaps: [] });
      expect({ width, sideways: await sidewaysOverflow(page) }).toEqual({ width, sideways: 0 });
      await shoot('search-grouped', width);

      const first = episodes.first();
      const heading = (await first.locator('.vw-found__title').innerText()).trim();
      await first.click();
      await page.waitForURL(/\/health\/episode\//);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    },
  );
});

/** A short real MP4 (test pattern and tone), made by the media service's own generator. */
async function testVideo(file: string, seconds: number, height: number): Promise<void> {
  const script = `require('./services/media/dist/transcoding/test-sources.js')
    .makeTestVideo(${JSON.stringify(file)}, { seconds: ${seconds}, height: ${height} })
    .catch((e) => { console.error(e); process.exit(1); })`;
  await promisify(execFile)(process.execPath, ['-e', script], { cwd: ROOT });
}

/** Opens the edit page of a demo series from the admin's series list. */
async function editSeries(title: string): Promise<void> {
  await page.goto(`${BASE_URL}/admin/series`);
  await page.getByRole('searchbox', { name: 'Search series' }).fill(title);
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await page.getByRole('heading', { level: 1, name: 'Edit Series' }).waitFor();
  await page.getByRole('group', { name: 'Episode 1', exact: true }).getByLabel('Episode title').waitFor();
}

async function acknowledgeUpdated(): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Updated!' });
  await dialog.waitFor({ state: 'visible', timeout: 60_000 });
  const text = (await dialog.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(`${BASE_URL}/admin/series`);
  return text;
}

describe('an admin editing an existing series (issue 19)', () => {
  it.each([390, 1366])(
    'shows the series form with a video field in each episode row at %i px',
    async (width) => {
      await open(width);
      await signInAdmin(page);
      await editSeries(DEMO_SERIES);
      const rows = page.getByRole('group', { name: /^Episode \d+$/ });
      const count = await rows.count();
      expect(count).toBeGreaterThan(1);
      for (let n = 1; n <= count; n++)
        await page.getByLabel(`Episode ${n} video file`).waitFor({ state: 'attached' });
      expect({ width, sideways: await sidewaysOverflow(page) }).toEqual({ width, sideways: 0 });
      // The pictures (title image, banners) in the shot, not their empty frames.
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
      await shoot('admin-series-form', width);
    },
  );

  it("saves the demo series after an edit, and an episode row's video upload shows its progress", async () => {
    const film = path.join(work, 'vidya-lesson.mp4');
    await testVideo(film, 8, 360);
    await open(1366);
    await signInAdmin(page);
    await editSeries(DEMO_SERIES);

    // The demo's episodes have no link: the form no longer asks for one to save the series.
    const description = page.getByLabel('Description', { exact: true });
    const original = await description.inputValue();
    await description.fill(`${original} Now with worked examples.`);
    const row = page.getByRole('group', { name: 'Episode 1', exact: true });
    expect(await row.getByLabel('Episode link').inputValue()).toBe('');
    await row.getByLabel('Episode 1 video file').setInputFiles(film);

    // A slow uplink, so the upload can be seen on its way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const { size } = await stat(film);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: Math.max(32 * 1024, Math.round(size / 8)),
    });
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const progress = row.getByRole('progressbar', { name: 'Video upload progress' });
    await progress.waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForFunction(
      (el) => /\d+%/.test(el?.textContent ?? ''),
      await row.locator('.ad-upload__figures').elementHandle(),
      { timeout: 30_000 },
    );
    await shoot('admin-series-upload', 1366);
    // Cancelled, nothing of the file is kept; the series itself was saved.
    await row.getByRole('button', { name: 'Cancel upload' }).click();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await acknowledgeUpdated()).toMatch(/episode video upload was cancelled/);

    await editSeries(DEMO_SERIES);
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(
      `${original} Now with worked examples.`,
    );
    // Saved again as it was, through the same form.
    await page.getByLabel('Description', { exact: true }).fill(original);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await acknowledgeUpdated();
  });
});
