// Child processes of a benchmark: every one is registered with a supervisor that stops them all at the
// end, on failure and on Ctrl-C, and that turns an early exit into an error quoting the end of its output.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const KEPT_OUTPUT_LINES = 40;
const STOP_GRACE_MS = 5000;
// USER_HZ: the unit of /proc/<pid>/stat times; 100 on every Linux this runs on.
const CLOCK_TICKS_PER_SECOND = 100;

/** A port nobody listens on right now (the OS picks it). */
export function findFreePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Calls `check` until it returns something truthy; fails after `timeoutMs`, or at once when `abort`
 * (e.g. a child's exit) settles first.
 * @template T
 * @param {string} what  named in the error
 * @param {() => Promise<T | undefined | false>} check
 * @param {{ timeoutMs?: number, intervalMs?: number, abort?: Promise<never> }} [options]
 * @returns {Promise<T>}
 */
export async function waitUntil(what, check, { timeoutMs = 30_000, intervalMs = 100, abort } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const value = await (abort ? Promise.race([check(), abort]) : check());
      if (value) return value;
    } catch (error) {
      if (error instanceof ChildExitError) throw error;
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError instanceof Error ? ` (last: ${lastError.message})` : '';
      throw new Error(`${what}: not ready within ${timeoutMs} ms${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * CPU time (user + system, seconds) a process has used so far, from /proc; undefined where there is
 * no /proc (not Linux) or the process is gone. Divided by requests served it says what one request
 * costs each process, a figure a busy machine disturbs far less than throughput.
 * @param {number} pid
 */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // the name may hold spaces
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** A child ended while it was still needed. */
export class ChildExitError extends Error {}

/**
 * @typedef {object} Child
 * @property {string} name
 * @property {number} pid
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 * @property {Promise<never>} failed  rejects with a ChildExitError if it exits before `stop()`
 * @property {() => string} output  the end of what it printed
 * @property {() => Promise<void>} stop  SIGTERM, then SIGKILL after a grace period
 */

/** Starts processes and remembers them so that none outlives the benchmark. */
export class Supervisor {
  /** @type {Set<Child>} */
  #children = new Set();
  /** @type {Set<import('node:child_process').ChildProcess>} */
  #processes = new Set();

  constructor() {
    // Last resort if the benchmark ends without calling stopAll (a synchronous kill is all `exit` allows).
    process.on('exit', () => {
      for (const child of this.#processes)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
  }

  /**
   * @param {string} name
   * @param {string} command
   * @param {string[]} args
   * @param {{ env?: NodeJS.ProcessEnv, cwd?: string }} [options]
   * @returns {Child}
   */
  start(name, command, args, { env = process.env, cwd } = {}) {
    const proc = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    this.#processes.add(proc);
    /** @type {string[]} */
    const lines = [];
    const keep = (/** @type {Buffer} */ chunk) => {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (lines.length > KEPT_OUTPUT_LINES) lines.splice(0, lines.length - KEPT_OUTPUT_LINES);
    };
    proc.stdout.on('data', keep);
    proc.stderr.on('data', keep);
    const output = () => lines.join('\n');

    let stopping = false;
    const exited = new Promise((resolve) => {
      proc.once('error', (error) => {
        lines.push(`cannot run ${command}: ${error.message}`);
        resolve({ code: null, signal: null });
      });
      proc.once('exit', (code, signal) => resolve({ code, signal }));
    }).then((exit) => {
      this.#processes.delete(proc);
      return exit;
    });
    /** @type {Promise<never>} */
    const failed = exited.then((exit) => {
      if (stopping) return new Promise(() => {});
      const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
      throw new ChildExitError(`${name} ${how}. Its last output:\n${indent(output())}`);
    });
    failed.catch(() => {}); // observed by whoever waits on it

    /** @type {Child} */
    const child = {
      name,
      pid: proc.pid ?? -1,
      exited,
      failed,
      output,
      stop: async () => {
        stopping = true;
        if (proc.exitCode === null && proc.signalCode === null) {
          proc.kill('SIGTERM');
          const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
          await exited;
          clearTimeout(timer);
        }
        this.#children.delete(child);
      },
    };
    this.#children.add(child);
    return child;
  }

  /**
   * Runs a command to its end (e.g. migrations); fails with its output unless it exits 0.
   * @param {string} name
   * @param {string} command
   * @param {string[]} args
   * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, timeoutMs?: number }} [options]
   */
  async run(name, command, args, { timeoutMs = 120_000, ...options } = {}) {
    const child = this.start(name, command, args, options);
    const timer = setTimeout(() => void child.stop(), timeoutMs);
    const exit = await child.exited;
    clearTimeout(timer);
    this.#children.delete(child);
    if (exit.code !== 0) {
      const how = exit.signal ? `was stopped by ${exit.signal}` : `exited with code ${exit.code}`;
      throw new Error(`${name} ${how}. Its output:\n${indent(child.output())}`);
    }
  }

  /** Stops every child still running, the most recently started first (the gateway before its services). */
  async stopAll() {
    for (const child of [...this.#children].reverse()) await child.stop();
  }
}

/** @param {string} text */
function indent(text) {
  return (text || '(nothing)')
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
