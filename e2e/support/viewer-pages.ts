import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from './browser';
import { freshClientIp, fromClient } from './sessions';

// The viewer's pages as the issue 22 specs open them: one browser for the spec file, a context of its
// own for each test (closed after it), each from a client address of its own (D4).

/** Call at the top of a spec: the browser's life around the spec's tests, and a way to open pages. */
export function viewerPages(shots: string): { open(width: number, clientIp?: string): Promise<Page> } {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  return {
    /** A page of a new context at this width (900 px high), in English, from the client address given. */
    async open(width, clientIp = freshClientIp()) {
      if (!browser) throw new Error('viewerPages: open a page inside a test');
      context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
      await fromClient(context, clientIp);
      return context.newPage();
    },
  };
}

/** A call to the API as a signed-in viewer from a client address; a body makes it a POST. */
export function viewerApi(path: string, token: string, clientIp: string, body?: unknown): Promise<Response> {
  return fetch(`${BASE_URL}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-forwarded-for': clientIp,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Calls to the API from one client address (D4: each spec keeps its own per-address limits), with a
 * token when given; a body is sent as JSON, with the method given (GET otherwise).
 */
export function apiFrom(clientIp: string) {
  return (route: string, init: { token?: string; method?: string; body?: unknown } = {}): Promise<Response> =>
    fetch(`${BASE_URL}/api/${route}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-forwarded-for': clientIp,
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
}

/** The player closed on a film at a position (POST /api/playback/stop), as it reports it; 3000 s long. */
export async function playerStopped(
  token: string,
  clientIp: string,
  filmId: string,
  positionSeconds: number,
): Promise<void> {
  const res = await viewerApi('playback/stop', token, clientIp, {
    kind: 'movie',
    titleId: filmId,
    positionSeconds,
    durationSeconds: 3000,
  });
  if (res.status !== 200) throw new Error(`playback/stop answered ${res.status}: ${await res.text()}`);
}

/** Waits, asking the API, until the condition holds (what an event brings arrives a moment later). */
export async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A demo film as the search finds it (by its exact title): its id and its page's slug. */
export async function demoFilm(title: string, clientIp: string): Promise<{ _id: string; slug: string }> {
  const res = await fetch(`${BASE_URL}/api/home/search?q=${encodeURIComponent(title)}`, {
    headers: { 'x-forwarded-for': clientIp },
  });
  const found = ((await res.json()) as Array<{ _id: string; slug: string; title: string }>).find(
    (m) => m.title === title,
  );
  if (!found) throw new Error(`no demo title ${title}`);
  return found;
}
