import { BASE_URL, launchBrowser } from '../support/browser';
import { startApp, stopApp } from '../support/control';
import {
  freshClientIp,
  fromClient,
  storeSession,
  subscribedSession,
  viewerSession,
} from '../support/sessions';

// The platform as `npm start` runs it, seen through the one origin a browser uses (ARCHITECTURE "How it runs").

const SERVICES = ['auth', 'catalog', 'billing', 'media', 'users'];

interface PlatformHealth {
  status: 'up' | 'degraded';
  services: Record<string, { status: 'up' | 'down' }>;
}

async function health(): Promise<{ status: number; body: PlatformHealth }> {
  const res = await fetch(`${BASE_URL}/api/health`);
  return { status: res.status, body: (await res.json()) as PlatformHealth };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('reports all five services up', async () => {
  const { status, body } = await health();
  expect(status).toBe(200);
  expect(body.status).toBe('up');
  expect(Object.keys(body.services).sort()).toEqual([...SERVICES].sort());
  for (const service of SERVICES) expect(body.services[service].status).toBe('up');
});

it('turns a stopped service red within 5 s, answers 503 for it without hanging, and recovers', async () => {
  await stopApp('billing');
  try {
    const stoppedAt = Date.now();
    const red = await until(async () => {
      const h = await health();
      return h.body.services.billing.status === 'down' ? h : undefined;
    }, 5000);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    expect(red.status).toBe(503);
    expect(red.body.status).toBe('degraded');
    expect(red.body.services.auth.status).toBe('up');

    const asked = Date.now();
    const plans = await fetch(`${BASE_URL}/api/plans`);
    expect(plans.status).toBe(503);
    expect(await plans.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('billing'),
    });
    expect(Date.now() - asked).toBeLessThan(6000);
  } finally {
    await startApp('billing');
  }
  await until(async () => ((await health()).status === 200 ? true : undefined), 15_000);
  const plans = await fetch(`${BASE_URL}/api/plans`);
  expect(plans.status).toBe(200);
});

it("while billing is away, the profile shows a paying viewer's plan as last seen and calls no one Free", async () => {
  const clientIp = freshClientIp();
  const paying = await subscribedSession('standard', clientIp);
  const unpaid = await viewerSession(clientIp);
  const browser = await launchBrowser();
  const profileOf = async (session: object) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await fromClient(context, clientIp);
    const page = await context.newPage();
    await storeSession(page, 'user', session);
    await page.goto(`${BASE_URL}/profile`);
    return page;
  };
  await stopApp('billing');
  try {
    await until(
      async () => ((await health()).body.services.billing.status === 'down' ? true : undefined),
      5000,
    );
    const payingPage = await profileOf(paying);
    const plan = payingPage.locator('.vw-profile__facts dd').nth(1);
    await plan.getByText("Last known; we couldn't check it again just now.").waitFor();
    expect(await plan.innerText()).toContain('Standard Plan');

    const unpaidPage = await profileOf(unpaid);
    const unknown = unpaidPage.getByRole('status').filter({ hasText: "Can't check your plan just now." });
    await unknown.waitFor();
    expect(await unpaidPage.locator('.vw-profile__facts').innerText()).not.toContain('Free');
    expect(await unpaidPage.getByRole('link', { name: 'Subscribe' }).count()).toBe(0);

    await startApp('billing');
    await until(async () => ((await health()).status === 200 ? true : undefined), 15_000);
    await unknown.getByRole('button', { name: 'Try again' }).click();
    await unpaidPage.locator('.vw-profile__facts').getByText('Free').waitFor();
    await unpaidPage.getByRole('link', { name: 'Subscribe' }).waitFor();
  } finally {
    await startApp('billing');
    await browser.close();
  }
});
