// Each app's resident memory, read from /proc for the pids that the dev control API of `npm start`
// lists (GET /apps; scripts/lib/control-server.mjs): the soak runs on the same machine as the platform.
import fs from 'node:fs';

/**
 * @param {{ controlUrl: string, controlToken: string }} control
 * @returns {Promise<Record<string, number>>} app instance name → RSS in MiB (absent when not running)
 */
export async function appMemory({ controlUrl, controlToken }) {
  const res = await fetch(`${controlUrl}/apps`, {
    headers: { authorization: `Bearer ${controlToken}` },
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`the control API answered ${res.status}`);
  const { apps } = /** @type {{ apps: Array<{ name: string, pid: number | null }> }} */ (await res.json());
  /** @type {Record<string, number>} */
  const rss = {};
  for (const { name, pid } of apps) {
    if (!pid) continue;
    try {
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      if (kb) rss[name] = Math.round(kb / 1024);
    } catch {
      // Gone between the listing and the read (restarted): its next sample counts.
    }
  }
  return rss;
}
