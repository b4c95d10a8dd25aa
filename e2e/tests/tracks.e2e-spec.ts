import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAdmin } from '../support/admin';
import { BASE_URL, launchBrowser } from '../support/browser';
import { demoFilm, until } from '../support/viewer-pages';
import { freshClientIp, fromClient, storeSession, subscribedSession } from '../support/sessions';

// Subtitles and dubs (issue 23, DECISIONS D44) as a viewer uses them. `npm start` gives two demo films
// subtitle tracks in Tamil, Hindi and English SDH and a Hindi and a Telugu dub (scripts/seed/tracks.mjs)
// once their videos play; a subscribed viewer plays one, opens the Subtitles menu mid-play and picks
// Tamil: the film plays on and the Tamil cue shows on the picture; then switches the audio to Hindi and
// hears the Hindi rendition's segments. Screenshots of the open menus and of the cue, and of the admin's
// panels, at 390 and 1366 px, go to SHOTS.

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/chitram-tracks';
/** A demo film with subtitles (scripts/seed/tracks.mjs) that no other spec plays. */
const FILM = 'Chennai Central';
/** How long the demo videos (and then their subtitles) may take after start-up, on a busy machine. */
const SETTLING_MS = 600_000;

interface Screen {
  width: number;
  height: number;
}
const PHONE: Screen = { width: 390, height: 844 };
const LAPTOP: Screen = { width: 1366, height: 800 };

let browser: Browser;
const contexts: BrowserContext[] = [];
const clientIp = freshClientIp();

async function api(route: string, token: string): Promise<Response> {
  return fetch(`${BASE_URL}${route.startsWith('/') ? route : `/api/${route}`}`, {
    headers: { 'x-forwarded-for': clientIp, authorization: `Bearer ${token}` },
  });
}

/** Waits until the film's master playlist lists its Tamil subtitles (asked as its viewer, on one screen). */
const untilSubtitled = (token: string) =>
  untilMaster(token, `the subtitles of ${FILM} are listed`, (text) =>
    text.includes('TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="ta"'),
  );

/** The film's master playlist as its viewer gets it (on one screen), once it lists what `ready` wants. */
async function untilMaster(token: string, what: string, ready: (master: string) => boolean): Promise<string> {
  const route = `movie/${(await demoFilm(FILM, clientIp))._id}/stream`;
  let text = '';
  await until(
    async () => {
      const grant = await api(route, token);
      if (grant.status !== 200) return false;
      const { movieUrl } = (await grant.json()) as { movieUrl: string };
      const master = await api(movieUrl, token);
      text = master.ok ? await master.text() : '';
      return ready(text);
    },
    what,
    SETTLING_MS,
  );
  return text;
}

/**
 * Waits until the film's master lists its Hindi and Telugu dubs, four grants in a row (each media
 * instance remembers a ready video up to 30 s: the one that did not make the track may not list it
 * yet); answers the Hindi rendition's id.
 */
async function untilDubbed(token: string): Promise<string> {
  let inARow = 0;
  const master = await untilMaster(token, `the dubs of ${FILM} are listed`, (text) => {
    const listed =
      text.includes('TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="hi"') &&
      text.includes('TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="te"');
    inARow = listed ? inARow + 1 : 0;
    return inARow >= 4;
  });
  const hindi = master.split('\n').find((l) => l.includes('TYPE=AUDIO') && l.includes('LANGUAGE="hi"'))!;
  return /\/audio\/([0-9a-f]{12})\/index\.m3u8"/.exec(hindi)![1];
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
});

async function open(screen: Screen): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    locale: 'en-US',
  });
  contexts.push(context);
  await fromClient(context, clientIp);
  return context.newPage();
}

const shoot = (page: Page, name: string, screen: Screen) =>
  page.screenshot({ path: `${SHOTS}/${name}-${screen.width}.png` });

const currentTime = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLVideoElement>('video.vw-player__video')!.currentTime);

/** The text of the cues the browser shows now (hls.js's showing text track). */
const shownCues = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('video.vw-player__video')!;
    const showing = Array.from(video.textTracks).filter((track) => track.mode === 'showing');
    return showing.flatMap((track) =>
      Array.from(track.activeCues ?? []).map((cue) => ({
        language: track.language,
        text: (cue as VTTCue).text,
      })),
    );
  });

/** The film's player for this viewer, once it plays. */
async function playFilm(page: Page, session: Parameters<typeof storeSession>[2]): Promise<void> {
  await storeSession(page, 'user', session);
  await page.goto(`${BASE_URL}/movie/${encodeURIComponent((await demoFilm(FILM, clientIp)).slug)}/play`);
  await page.getByRole('button', { name: 'Play', exact: true }).first().click();
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('video.vw-player__video');
      return video !== null && !video.paused && video.currentTime > 0.2;
    },
    undefined,
    { timeout: 45_000 },
  );
}

/** Until the browser shows a Tamil cue on the picture (hls.js's showing text track). */
const untilTamilCue = (page: Page) =>
  page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('video.vw-player__video')!;
      return Array.from(video.textTracks).some(
        (track) => track.mode === 'showing' && track.language === 'ta' && (track.activeCues?.length ?? 0) > 0,
      );
    },
    undefined,
    { timeout: 20_000 },
  );

describe('a viewer turning Tamil subtitles on mid-play (D44)', () => {
  for (const screen of [LAPTOP, PHONE]) {
    it(
      `picks Tamil in the Subtitles menu while the film plays: it plays on with the Tamil cue shown (${screen.width} px)`,
      async () => {
        const session = await subscribedSession('gold', clientIp);
        await untilSubtitled(session.token);
        const page = await open(screen);
        await playFilm(page, session);
        const bar = page.locator('.vw-player__bar');
        await shoot(page, 'playing', screen);
        // An English interface on a Tamil film: English subtitles from the start (D44's first choice).
        const menu = bar.getByRole('button', { name: /^Subtitles\W/ });
        await menu.waitFor({ state: 'visible', timeout: 30_000 });
        expect(await menu.innerText()).toBe('Subtitles: English (SDH)');
        await menu.click();
        const languages = bar.getByRole('group', { name: 'Subtitles' });
        expect(
          await languages
            .getByRole('radio')
            .evaluateAll((radios) => radios.map((r) => r.parentElement!.textContent)),
        ).toEqual(['Off', 'English (SDH)', 'हिन्दी', 'தமிழ்']);
        await shoot(page, 'subtitles-menu', screen);
        const before = await currentTime(page);
        await languages.getByRole('radio', { name: 'தமிழ்' }).check();
        await untilTamilCue(page);
        const cues = await shownCues(page);
        expect(cues[0]).toMatchObject({ language: 'ta' });
        expect(cues[0].text).toMatch(/^(வணக்கம், சென்னை!|ரயில் புறப்படுகிறது|நேரம் இல்லை) \(\d+\)$/);
        // The film played on through the change.
        expect(await currentTime(page)).toBeGreaterThan(before);
        expect(await bar.getByRole('button', { name: /^Subtitles\W+தமிழ்$/ }).count()).toBe(1);
        // The menu closes with Esc (the player stays), and the cue is there on the picture.
        await page.keyboard.press('Escape');
        await languages.waitFor({ state: 'hidden' });
        expect(await page.locator('.vw-player').count()).toBe(1);
        await shoot(page, 'subtitles-cue', screen);
      },
      SETTLING_MS + 120_000,
    );
  }
});

describe('a viewer switching the audio to Hindi and the subtitles to Tamil mid-play (D44)', () => {
  for (const screen of [LAPTOP, PHONE]) {
    it(
      `picks Hindi in the Audio menu and Tamil in the Subtitles menu while the film plays: it plays on, hls.js plays the Hindi rendition, the Tamil cue shows (${screen.width} px)`,
      async () => {
        const session = await subscribedSession('gold', clientIp);
        const hindiId = await untilDubbed(session.token);
        const page = await open(screen);
        const audioSegments: string[] = [];
        page.on('request', (request) => {
          const found = /\/audio\/([0-9a-f]{12})\/segment_\d+\.ts$/.exec(request.url());
          if (found) audioSegments.push(found[1]);
        });
        await playFilm(page, session);
        const bar = page.locator('.vw-player__bar');
        // An English interface on a Tamil film without an English dub: the film's own Tamil first.
        const audio = bar.getByRole('button', { name: /^Audio\W/ });
        await audio.waitFor({ state: 'visible', timeout: 30_000 });
        expect(await audio.innerText()).toBe('Audio: தமிழ்');
        expect(audioSegments.length).toBeGreaterThan(0);
        expect(audioSegments).not.toContain(hindiId);
        await audio.click();
        const tracks = bar.getByRole('group', { name: 'Audio' });
        expect(
          await tracks
            .getByRole('radio')
            .evaluateAll((radios) => radios.map((r) => r.parentElement!.textContent)),
        ).toEqual(['தமிழ்', 'हिन्दी', 'తెలుగు']);
        await shoot(page, 'audio-menu', screen);
        const before = await currentTime(page);
        await tracks.getByRole('radio', { name: 'हिन्दी' }).check();
        // hls.js has switched to the Hindi track, and loads the Hindi rendition's segments.
        await page.waitForFunction(
          () =>
            document.querySelector<HTMLVideoElement>('video.vw-player__video')!.dataset.audioLanguage ===
            'hi',
          undefined,
          { timeout: 20_000 },
        );
        await until(async () => audioSegments.includes(hindiId), 'a Hindi audio segment is loaded', 20_000);
        expect(await bar.getByRole('button', { name: /^Audio\W+हिन्दी$/ }).count()).toBe(1);
        await page.keyboard.press('Escape');
        await tracks.waitFor({ state: 'hidden' });

        await bar.getByRole('button', { name: /^Subtitles\W/ }).click();
        const languages = bar.getByRole('group', { name: 'Subtitles' });
        await languages.getByRole('radio', { name: 'தமிழ்' }).check();
        await untilTamilCue(page);
        expect((await shownCues(page))[0]).toMatchObject({ language: 'ta' });
        // The film played on through both changes, still in Hindi.
        await until(async () => (await currentTime(page)) > before + 1, 'the film plays on', 20_000);
        expect(
          await page.evaluate(
            () => document.querySelector<HTMLVideoElement>('video.vw-player__video')!.dataset.audioLanguage,
          ),
        ).toBe('hi');
        await page.keyboard.press('Escape');
        await shoot(page, 'dubbed-cue', screen);
      },
      SETTLING_MS + 120_000,
    );
  }
});

describe("the admin's subtitles and audio panels (D44)", () => {
  for (const screen of [LAPTOP, PHONE]) {
    it(
      `lists the film's subtitle and audio tracks in its video panel (${screen.width} px)`,
      async () => {
        const session = await subscribedSession('gold', clientIp);
        await untilSubtitled(session.token);
        const page = await open(screen);
        await signInAdmin(page);
        const listed = page.waitForResponse(
          (res) => /\/api\/admin\/videos\/[^/]+\/subtitles$/.test(res.url()),
          {
            timeout: 60_000,
          },
        );
        await page.goto(`${BASE_URL}/admin/movies`);
        await page.getByRole('searchbox', { name: 'Search movies' }).fill(FILM);
        const row = page.getByRole('row', { name: new RegExp(FILM) });
        await row.locator('[data-video-state="ready"]').waitFor({ state: 'visible', timeout: 30_000 });
        await row.getByRole('link', { name: new RegExp(`Edit ${FILM}`) }).click();
        await listed;
        const panel = page.getByRole('region', { name: 'Subtitles' });
        await panel.getByRole('listitem').first().waitFor({ state: 'visible', timeout: 30_000 });
        expect(await panel.getByRole('listitem').allInnerTexts()).toHaveLength(3);
        await panel.scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          screen.width,
        );
        await shoot(page, 'admin-subtitles', screen);
        // The film's audio: its own Tamil and the two dubs, each ready.
        await untilDubbed(session.token);
        await page.reload();
        const audio = page.getByRole('region', { name: 'Audio tracks' });
        await audio.locator('li[data-state="ready"]').nth(2).waitFor({ state: 'visible', timeout: 30_000 });
        expect(await audio.getByRole('listitem').allInnerTexts()).toHaveLength(3);
        await audio.scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          screen.width,
        );
        await shoot(page, 'admin-audio', screen);
      },
      SETTLING_MS + 120_000,
    );
  }
});
