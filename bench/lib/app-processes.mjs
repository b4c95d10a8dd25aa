// Each app's resident memory and CPU time, read from /proc for the pids that the dev control API of
// `npm start` lists (GET /apps; scripts/lib/control-server.mjs): the load benchmarks (soak, capacity)
// run on the same machine as the platform.
import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * The running apps' pids.
 * @param {{ controlUrl: string, controlToken: string }} control
 * @returns {Promise<Array<{ name: string, pid: number }>>}
 */
export async function appPids({ controlUrl, controlToken }) {
  const res = await fetch(`${controlUrl}/apps`, {
    headers: { authorization: `Bearer ${controlToken}` },
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`the control API answered ${res.status}`);
  const { apps } = /** @type {{ apps: Array<{ name: string, pid: number | null }> }} */ (await res.json());
  return apps.flatMap(({ name, pid }) => (pid ? [{ name, pid }] : []));
}

/**
 * Reads one /proc file of each app, leaving out those gone between the listing and the read (restarted:
 * their next sample counts).
 * @template T
 * @param {Array<{ name: string, pid: number }>} apps
 * @param {(pid: number) => T | undefined} read
 * @returns {Record<string, T>}
 */
function readEach(apps, read) {
  /** @type {Record<string, T>} */
  const out = {};
  for (const { name, pid } of apps) {
    try {
      const value = read(pid);
      if (value !== undefined) out[name] = value;
    } catch {
      // gone
    }
  }
  return out;
}

/**
 * @param {{ controlUrl: string, controlToken: string }} control
 * @returns {Promise<Record<string, number>>} app instance name → RSS in MiB (absent when not running)
 */
export async function appMemory(control) {
  return readEach(await appPids(control), (pid) => {
    const kb = Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb ? Math.round(kb / 1024) : undefined;
  });
}

/**
 * CPU seconds (user + system) each app has used so far; two samples' difference over the wall time
 * between them is the cores it kept busy.
 * @param {Array<{ name: string, pid: number }>} apps
 * @returns {Record<string, number>}
 */
export function cpuSeconds(apps) {
  /** @type {Record<string, number>} */
  const out = {};
  // A name may stand for several processes (Postgres's backends): their times add up.
  for (const { name, pid } of apps) {
    try {
      // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out[name] = (out[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    } catch {
      // gone
    }
  }
  return out;
}

/** What the platform stands on, by the command line of its processes on this machine. */
const MACHINE_PROCESSES = [
  ['storage', /s3rver-main|\bminio\b/],
  ['nats', /\bnats-server\b/],
  ['redis', /\bredis-server\b/],
  ['postgres', /^postgres(:|\s|$)|\/postgres\s/],
];

/**
 * The processes of the infrastructure on this machine (object storage, NATS, Redis, Postgres), named by
 * what they are: on one machine they take cores from the apps, and a capacity figure must show them.
 * @returns {Array<{ name: string, pid: number }>}
 */
export function machineProcesses() {
  /** @type {Array<{ name: string, pid: number }>} */
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    let command;
    try {
      command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue;
    }
    const kind = MACHINE_PROCESSES.find(([, pattern]) => pattern.test(command));
    if (kind) found.push({ name: kind[0], pid });
  }
  return found;
}
