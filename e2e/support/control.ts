/**
 * The development supervisor's control API (scripts/lib/control-server.mjs): the suite stops and
 * starts apps through it to see how the platform behaves when a part is down. It wants the token its
 * platform printed at start (CONTROL_TOKEN, which `npm test` passes).
 */
export const CONTROL_URL = (process.env.CONTROL_URL ?? 'http://127.0.0.1:3099').replace(/\/$/, '');
const CONTROL_TOKEN = process.env.CONTROL_TOKEN ?? '';

/** An app's name stands for all its instances (`gateway` stops `gateway-1` and `gateway-2`). */
export type AppName =
  'shell' | 'viewer' | 'admin' | 'gateway' | 'auth' | 'catalog' | 'billing' | 'media' | 'users';

async function control(app: AppName, verb: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`${CONTROL_URL}/apps/${app}/${verb}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${CONTROL_TOKEN}` },
  });
  if (!res.ok) throw new Error(`control API: ${verb} ${app} answered ${res.status}: ${await res.text()}`);
}

/** Stops an app and answers once it is gone. */
export const stopApp = (app: AppName) => control(app, 'stop');

/** Starts an app and answers once its port answers. */
export const startApp = (app: AppName) => control(app, 'start');
