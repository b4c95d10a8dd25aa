import { BASE_URL } from '../support/browser';
import { startApp, stopApp } from '../support/control';

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
