import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { ADMIN } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';

// A title's video (issue 8, DECISIONS D23) as an admin uploads it: the movie form takes a video file
// instead of a link, uploads it resumably after the title is saved with its progress, speed and time
// left, and the movie list follows it to Ready. On a phone-sized screen (390 px), against the running
// platform.

const ROOT = path.resolve(__dirname, '../..');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let work: string;

beforeAll(async () => {
  browser = await launchBrowser();
  work = await mkdtemp(path.join(tmpdir(), 'chitram-e2e-video-'));
});

afterAll(async () => {
  await browser?.close();
  await rm(work, { recursive: true, force: true });
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

/** A short real MP4 (test pattern and tone), made by the media service's own generator. */
async function testVideo(file: string, seconds: number, height: number): Promise<void> {
  const script = `require('./services/media/dist/transcoding/test-sources.js')
    .makeTestVideo(${JSON.stringify(file)}, { seconds: ${seconds}, height: ${height} })
    .catch((e) => { console.error(e); process.exit(1); })`;
  await promisify(execFile)(process.execPath, ['-e', script], { cwd: ROOT });
}

/** A one-colour PNG, drawn here. */
function png(width: number, height: number, rgb: [number, number, number]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return {
    name: 'picture.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  };
}

async function signInAdmin(): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/admin/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!res.ok) throw new Error(`admin-login answered ${res.status}: ${await res.text()}`);
  const session = (await res.json()) as { token: string };
  await page.goto(`${BASE_URL}/admin`);
  await page.evaluate((value) => localStorage.setItem('admin', value), JSON.stringify(session));
  return session.token;
}

/** Fills the movie form with a new title and its video file (the link left empty). */
async function fillMovieForm(title: string, film: string): Promise<void> {
  await page.goto(`${BASE_URL}/admin/movies/upload`);
  await page.getByRole('heading', { level: 1, name: 'Upload New Movie' }).waitFor();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description').fill('Two sisters run a night ferry on the Kaveri.');
  await page.getByLabel('Cast').fill('Meera Nair, Arjun Das');
  await page.getByLabel('Language').selectOption('Kannada');
  await page.getByLabel('Release year').fill('2022');
  await page.getByLabel('Duration').fill('1hr 58min');
  await page.getByRole('checkbox', { name: 'Drama' }).check();
  await page.getByLabel('Thumbnail').setInputFiles(png(60, 90, [200, 110, 40]));
  await page.getByLabel('Banner').setInputFiles(png(160, 90, [40, 90, 200]));
  await page.getByLabel('Title image').setInputFiles(png(120, 45, [250, 240, 220]));
  // With a video chosen, the movie link may stay empty.
  await page.getByLabel('Video file').setInputFiles(film);
}

/** Limits the page's uplink to `bytesPerSecond` (-1: no limit), so an upload can be seen on its way. */
async function uplink(cdp: CDPSession, bytesPerSecond: number): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: bytesPerSecond < 0 ? 0 : 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Saves the form, and waits until the upload shows its percent and speed. */
async function uploadUnderWay(): Promise<void> {
  await page.getByRole('button', { name: 'Upload Movie' }).click();
  const progress = page.getByRole('progressbar', { name: 'Video upload progress' });
  await progress.waitFor({ state: 'visible' });
  await page.waitForFunction(
    (el) => /\d+%/.test(el?.textContent ?? '') && /\/s/.test(el?.textContent ?? ''),
    await page.locator('.ad-upload__figures').elementHandle(),
    { timeout: 20_000 },
  );
}

/** The list's row of a movie, found by its title. */
async function listRow(title: string) {
  await page.getByRole('searchbox', { name: 'Search movies' }).fill(title);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.waitFor({ state: 'visible' });
  return row;
}

/** Deletes the movie of a list row (its video goes with it), leaving the demo catalogue as it was. */
async function deleteMovieOf(row: Locator, title: string, token: string): Promise<void> {
  const movieId = await row
    .getByRole('link', { name: new RegExp(`Edit ${title}`) })
    .getAttribute('href')
    .then((href) => href?.split('/').pop());
  if (movieId) {
    await fetch(`${BASE_URL}/api/admin/movie/delete/${movieId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
}

describe('an admin uploading a movie with its video (DECISIONS D23)', () => {
  it('saves the movie without a link, uploads the video with its progress, and sees it Ready in the list', async () => {
    const film = path.join(work, 'kaveri-nights.mp4');
    await testVideo(film, 10, 720);
    const token = await signInAdmin();
    const title = `Kaveri Video ${Date.now().toString(36)}`;
    await fillMovieForm(title, film);

    // A slow uplink, so the progress can be seen on its way.
    const cdp = await context.newCDPSession(page);
    const { size } = await stat(film);
    await uplink(cdp, Math.max(64 * 1024, Math.round(size / 6)));
    await uploadUnderWay();
    const figures = page.locator('.ad-upload__figures');
    expect(await figures.textContent()).toMatch(/left/);
    expect(await page.getByRole('button', { name: 'Cancel upload' }).isVisible()).toBe(true);
    // Nothing of the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const dialog = page.getByRole('dialog', { name: 'Movie uploaded successfully!' });
    await dialog.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await dialog.textContent()).toMatch(/video is uploaded/);
    await uplink(cdp, -1);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${BASE_URL}/admin/movies`);

    const row = await listRow(title);
    // Uploading (being stored), queued, transcoding n%, then Ready: the list follows it on its own.
    // Soon after start-up the demo's own videos may still hold the transcoding workers (issue 19).
    await row.locator('[data-video-state="ready"]').waitFor({ state: 'visible', timeout: 180_000 });
    expect(await row.locator('.ad-video-state__text').textContent()).toBe('Ready');
    await deleteMovieOf(row, title, token);
  }, 300_000);

  it('cancels the upload: nothing of it is kept, and the list shows no pending upload', async () => {
    const film = path.join(work, 'kaveri-cancelled.mp4');
    await testVideo(film, 10, 720);
    const token = await signInAdmin();
    const title = `Kaveri Cancelled ${Date.now().toString(36)}`;
    await fillMovieForm(title, film);
    const cdp = await context.newCDPSession(page);
    await uplink(cdp, 48 * 1024);
    await uploadUnderWay();

    await page.getByRole('button', { name: 'Cancel upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Movie uploaded successfully!' });
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await dialog.textContent()).toMatch(/video upload was cancelled/);
    await uplink(cdp, -1);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${BASE_URL}/admin/movies`);

    // The movie is there, with no upload on its way: the list (which follows a video still on its way
    // by itself) says the upload was cancelled.
    const row = await listRow(title);
    const cancelled = row.locator('[data-video-state="cancelled"]');
    await cancelled.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await cancelled.textContent()).toBe('No video: upload cancelled');
    expect(await row.locator('[data-video-state="uploading"]').count()).toBe(0);
    await deleteMovieOf(row, title, token);
    // A test video made with ffmpeg, an upload throttled to 48 KB/s and a cancellation: 60 s ran out once
    // beside the integration suite.
  }, 120_000);
});
