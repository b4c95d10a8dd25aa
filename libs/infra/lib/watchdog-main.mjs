// Watchdog: `node watchdog-main.mjs <ownerPid>`, detached, reading `add <pid> <signal> <group 0|1> [pidFile]` and
// `remove <pid>` lines on stdin. When stdin closes (the owner exited, however it died), every process still
// registered is asked to stop with its signal, then killed with SIGKILL after 5 s. Nothing registered: it just exits.
import fs from 'node:fs';
import readline from 'node:readline';

/** @type {Map<number, { signal: NodeJS.Signals, group: boolean, pidFile?: string }>} */
const registered = new Map();

// A terminal's Ctrl-C or hang-up is for the owner; the watchdog only acts once the owner is gone.
for (const signal of ['SIGINT', 'SIGHUP', 'SIGTERM']) process.on(signal, () => {});

const send = (pid, group, signal) => {
  try {
    process.kill(group ? -pid : pid, signal);
  } catch {
    /* gone */
  }
};
const alive = (pid) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')); // a zombie has exited
  } catch {
    return true;
  }
};

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [verb, pidText, signal, group, ...file] = line.trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 1) return;
  if (verb === 'add') {
    registered.set(pid, {
      signal: /** @type {NodeJS.Signals} */ (signal),
      group: group === '1',
      pidFile: file.join(' ') || undefined,
    });
  }
  if (verb === 'remove') registered.delete(pid);
});

process.stdin.on('close', async () => {
  for (const [pid, { signal, group }] of registered) send(pid, group, signal);
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && [...registered.keys()].some(alive))
    await new Promise((r) => setTimeout(r, 100));
  for (const pid of registered.keys()) send(pid, true, 'SIGKILL');
  for (const pid of registered.keys()) send(pid, false, 'SIGKILL');
  for (const { pidFile } of registered.values()) if (pidFile) fs.rmSync(pidFile, { force: true });
  process.exit(0);
});
