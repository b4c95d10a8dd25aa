import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../support/browser';
import { adminSession, freshClientIp, fromClient, storeSession, viewerSession } from '../support/sessions';

// Accessible screens (issue 11): axe-core on home, a category page, a title page, login, the plans,
// a viewer's My List (issue 22) and the admin movie list, failing on any serious or critical violation; one `main`; every control
// reached by the keyboard shows where the focus is.

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let titlePath: string;
let admin: object;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession();
  const home = (await (await fetch(`${BASE_URL}/api/home/content`)).json()) as {
    genreMovies: Record<string, Array<{ slug: string }>>;
  };
  titlePath = `/movie/${encodeURIComponent(Object.values(home.genreMovies).flat()[0].slug)}/play`;
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await fromClient(context, freshClientIp());
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

/** axe-core's serious and critical findings on the page as it is (run outside the page's CSP). */
async function seriousViolations(): Promise<Array<{ rule: string; help: string; where: string[] }>> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(options: object): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run({ resultTypes: ['violations'] })).violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, where: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

describe('axe-core finds nothing serious (issue 11)', () => {
  it.each([
    ['home', '/', '.vw-rail .vw-poster'],
    ['a category page', '/political', '.vw-episode'],
    ['a title page', '', '.vw-title__heading'],
    ['login', '/login', '#vw-phone'],
    ['the plans', '/subscribe', '.vw-plan'],
  ])('on %s', async (_name, path, ready) => {
    await page.goto(`${BASE_URL}${path || titlePath}`);
    await page.locator(ready).first().waitFor();
    expect(await seriousViolations()).toEqual([]);
    expect(await page.locator('main').count()).toBe(1);
  });

  it('on a viewer’s My List with a title in it (issue 22)', async () => {
    const clientIp = freshClientIp();
    await fromClient(context, clientIp);
    const viewer = (await viewerSession(clientIp)) as { token: string };
    const home = (await (await fetch(`${BASE_URL}/api/home/content`)).json()) as {
      genreMovies: Record<string, Array<{ _id: string }>>;
    };
    const added = await fetch(`${BASE_URL}/api/user/list/${Object.values(home.genreMovies).flat()[0]._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${viewer.token}`, 'x-forwarded-for': clientIp },
    });
    expect(added.status).toBe(200);
    await storeSession(page, 'user', viewer);
    await page.goto(`${BASE_URL}/my-list`);
    await page.getByTestId('my-list-films').getByTestId('poster').first().waitFor();
    expect(await seriousViolations()).toEqual([]);
    expect(await page.locator('main').count()).toBe(1);
  });

  it('on the admin movie list', async () => {
    await storeSession(page, 'admin', admin);
    await page.goto(`${BASE_URL}/admin/movies`);
    await page.getByRole('row').nth(1).waitFor();
    expect(await seriousViolations()).toEqual([]);
    expect(await page.locator('main').count()).toBe(1);
  });
});

describe('the keyboard (issue 11)', () => {
  it('reaches the header and the page, and every control it reaches shows that it has the focus', async () => {
    await page.goto(`${BASE_URL}/`);
    await page.locator('.vw-rail .vw-poster').first().waitFor();
    const reached: string[] = [];
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluateHandle(() => document.activeElement);
      const name = await focused.evaluate((el) =>
        el && el !== document.body
          ? (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 40) ||
            el.tagName
          : null,
      );
      if (!name) continue;
      reached.push(name);
      const box = await focused.asElement()!.boundingBox();
      expect({ name, shown: box !== null && box.width > 0 && box.height > 0 }).toEqual({ name, shown: true });
      // What the focus looks like: the control with it, then the same spot without it.
      const clip = {
        x: Math.max(0, box!.x - 6),
        y: Math.max(0, box!.y - 6),
        width: Math.min(box!.width + 12, 1280 - Math.max(0, box!.x - 6)),
        height: Math.min(box!.height + 12, 900 - Math.max(0, box!.y - 6)),
      };
      const withFocus = await page.screenshot({ clip, animations: 'disabled' });
      await focused.evaluate((el) => (el as HTMLElement).blur());
      const without = await page.screenshot({ clip, animations: 'disabled' });
      expect({ name, focusVisible: !withFocus.equals(without) }).toEqual({ name, focusVisible: true });
      await focused.evaluate((el) => (el as HTMLElement).focus());
    }
    for (const name of ['Skip to content', 'Home', 'Search titles', 'Login']) expect(reached).toContain(name);
  });
});
