// Child processes that must never outlive their owner: each runs in its own process group (so a stop
// reaches its own children, e.g. postgres backends or ffmpeg), writes its output to a log file, keeps a
// pid file, and is registered with a detached watchdog that kills it if the owner dies without stopping it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WATCHDOG_MAIN = fileURLToPath(new URL('./watchdog-main.mjs', import.meta.url));

/** @type {import('node:child_process').ChildProcess | undefined} */
let watchdog;

/** One watchdog per owner process, started on first use; it exits on its own when the owner does. */
function watchdogSend(line) {
  if (!watchdog) {
    watchdog = spawn(process.execPath, [WATCHDOG_MAIN, String(process.pid)], {
      detached: true, // its own group: a Ctrl-C aimed at the terminal must not kill the watchdog first
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    watchdog.on('error', () => {});
    watchdog.stdin?.on('error', () => {});
    watchdog.unref();
    /** @type {any} */ (watchdog.stdin)?.unref?.();
  }
  watchdog.stdin?.write(`${line}\n`);
}

/**
 * @typedef {object} ManagedProcess
 * @property {string} name
 * @property {number} pid
 * @property {string} logFile
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 * @property {() => boolean} running
 * @property {(options?: { killAfterMs?: number }) => Promise<void>} stop
 */

/**
 * Spawns `command` in its own process group with output appended to `logFile`.
 * With `onLine`, output is piped through this process (to pick out error lines) and also written to the log.
 * @param {object} o
 * @param {string} o.name
 * @param {string} o.command
 * @param {string[]} [o.args]
 * @param {string} [o.cwd]
 * @param {NodeJS.ProcessEnv} [o.env]
 * @param {string} o.logFile
 * @param {string} [o.pidFile]
 * @param {NodeJS.Signals} [o.stopSignal] how to ask it to stop (postgres: SIGINT, a fast shutdown)
 * @param {boolean} [o.stopGroup] send the stop signal to the whole group (default) or to the leader only
 * @param {number} [o.uid]
 * @param {number} [o.gid]
 * @param {(line: string, stream: 'stdout' | 'stderr') => void} [o.onLine]
 * @returns {Promise<ManagedProcess>} once spawned (not once ready)
 */
export async function spawnManaged(o) {
  fs.mkdirSync(path.dirname(o.logFile), { recursive: true });
  const stopSignal = o.stopSignal ?? 'SIGTERM';
  const stopGroup = o.stopGroup ?? true;
  const logFd = fs.openSync(o.logFile, 'a');
  fs.writeSync(logFd, `\n--- ${new Date().toISOString()} ${o.command} ${(o.args ?? []).join(' ')}\n`);
  const child = spawn(o.command, o.args ?? [], {
    cwd: o.cwd,
    env: o.env ?? process.env,
    detached: true,
    uid: o.uid,
    gid: o.gid,
    stdio: o.onLine ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  const spawned = await Promise.race([
    once(child, 'spawn').then(() => null),
    once(child, 'error').then(([error]) => error),
  ]);
  if (spawned) {
    fs.closeSync(logFd);
    throw new Error(`${o.name}: cannot run ${o.command}: ${spawned.message}`);
  }
  const pid = /** @type {number} */ (child.pid);
  watchdogSend(`add ${pid} ${stopSignal} ${stopGroup ? 1 : 0}${o.pidFile ? ` ${o.pidFile}` : ''}`);
  if (o.pidFile) {
    fs.mkdirSync(path.dirname(o.pidFile), { recursive: true });
    fs.writeFileSync(o.pidFile, `${pid}\n`);
  }

  if (o.onLine) {
    const log = fs.createWriteStream('', { fd: logFd, autoClose: true }); // the path is ignored when fd is given;
    for (const stream of /** @type {const} */ (['stdout', 'stderr'])) {
      let rest = '';
      child[stream]?.on('data', (chunk) => {
        log.write(chunk);
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) o.onLine?.(line, stream);
      });
      child[stream]?.on('end', () => rest && o.onLine?.(rest, stream));
    }
    child.on('close', () => log.end());
  } else {
    fs.closeSync(logFd); // the child holds its own copy
  }

  let alive = true;
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      alive = false;
      watchdogSend(`remove ${pid}`);
      if (o.pidFile) fs.rmSync(o.pidFile, { force: true });
      resolve({ code, signal });
    });
  });

  const signalGroup = (signal) => {
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        child.kill(signal);
      } catch {
        /* already gone */
      }
    }
  };

  return {
    name: o.name,
    pid,
    logFile: o.logFile,
    exited: /** @type {ManagedProcess['exited']} */ (exited),
    running: () => alive,
    async stop({ killAfterMs = 5000 } = {}) {
      if (!alive) return;
      if (stopGroup) signalGroup(stopSignal);
      else child.kill(stopSignal);
      const timer = setTimeout(() => signalGroup('SIGKILL'), killAfterMs);
      await exited;
      clearTimeout(timer);
      signalGroup('SIGKILL'); // stragglers left in its group (the leader exited first)
    },
  };
}

/** Resolves true if something accepts TCP connections on host:port. */
export function isListening(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Resolves true if this process could listen on host:port now. */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first port at or after `from` that is free on 127.0.0.1 (and where nothing answers). */
export async function findFreePort(from, attempts = 50) {
  for (let port = from; port < from + attempts; port++) {
    if ((await isPortFree(port)) && !(await isListening(port))) return port;
  }
  throw new Error(`no free TCP port in ${from}-${from + attempts - 1}`);
}

/**
 * Polls `check` until it resolves truthy; rejects with `message` after `timeoutMs`,
 * or at once if `process` exits meanwhile.
 * @template T
 * @param {() => Promise<T>} check
 * @param {{ timeoutMs: number, intervalMs?: number, message: string, process?: ManagedProcess }} o
 * @returns {Promise<T>}
 */
export async function waitUntil(check, { timeoutMs, intervalMs = 200, message, process: proc }) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  proc?.exited.then(() => (exited = true));
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (exited) throw new Error(`${message}: it exited (see ${proc?.logFile})`);
    if (Date.now() > deadline) throw new Error(`${message}: timed out after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The last `count` lines of a text file ('' if it cannot be read). */
export function tailFile(file, count = 15) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
}

/** Whether a process of this machine with that pid is running (one of another user's counts). */
export function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}
