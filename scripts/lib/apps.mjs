// A runner that starts and stops one app instance (what each runs and where: layout.mjs).
// Once the platform is up (`keepRunning`), an app that crashes is started again after a wait that
// doubles from 1 s to 30 s while it keeps crashing, and is back to 1 s after a minute of running; each
// restart is logged and counted. An app stopped on purpose (the control API's stop, the e2e suite's
// "service down" tests) stays down until someone starts it.
import fs from 'node:fs';
import path from 'node:path';
import { isListening, spawnManaged, tailFile, waitUntil } from '../../libs/infra/index.mjs';

/** @typedef {import('./layout.mjs').AppSpec} AppSpec */

/**
 * A log line worth a console line: pino/JSON levels error and fatal, Nest's ERROR, uncaught errors.
 * Returns the text to show, or undefined.
 * @param {string} line
 */
export function errorLine(line) {
  const text = line.trim();
  if (!text) return undefined;
  if (text.startsWith('{')) {
    try {
      const entry = JSON.parse(text);
      const level = entry.level;
      const bad = typeof level === 'number' ? level >= 50 : /^(error|fatal)$/i.test(String(level));
      if (!bad) return undefined;
      const message = entry.msg ?? entry.message ?? '';
      const error =
        entry.err?.message ?? entry.error?.message ?? (typeof entry.error === 'string' ? entry.error : '');
      return [message, error].filter(Boolean).join(': ') || text;
    } catch {
      /* not JSON after all */
    }
  }
  if (/\b(ERROR|FATAL)\b/.test(text) || /^(Uncaught |Unhandled|\w*Error\b|node:internal)/.test(text))
    return text;
  return undefined;
}

const MAX_ERROR_LINES = 20;

/**
 * How crashed apps come back: the first wait, its ceiling (the wait doubles per crash in a row), and
 * how long an app must run for its next crash to start from the first wait again.
 * @typedef {{ firstDelayMs: number, maxDelayMs: number, healthyAfterMs: number }} RestartPolicy
 */
/** @type {RestartPolicy} */
export const RESTART_POLICY = { firstDelayMs: 1000, maxDelayMs: 30_000, healthyAfterMs: 60_000 };

export class App {
  /** @type {'stopped' | 'starting' | 'running' | 'stopping' | 'crashed'} */
  status = 'stopped';
  /** @type {import('../../libs/infra/lib/processes.mjs').ManagedProcess | undefined} */
  process;
  /** @type {{ code: number | null, signal: string | null } | undefined} */
  lastExit;
  /** @type {Date | undefined} */
  startedAt;
  errorLines = 0;
  /** @type {Promise<void> | undefined} */
  pending;
  /** Crashes are restarted (set once the platform is up: a crash during start-up fails the start). */
  keepRunning = false;
  /** Restarts after crashes since the supervisor started it. */
  restarts = 0;
  /** @type {Date | undefined} when the next restart is due, while one is */
  nextRestartAt;
  /** The wait before the next restart, doubled after each crash in a row. */
  #delayMs;
  /** @type {NodeJS.Timeout | undefined} */
  #restartTimer;

  /**
   * @param {AppSpec} spec
   * @param {{ root: string, dataDir: string, env: NodeJS.ProcessEnv, log: (line: string) => void, restart?: Partial<RestartPolicy>, now?: () => number }} context
   *   `now` is the clock that says how long an app ran (tests move it on instead of waiting a minute)
   */
  constructor(spec, context) {
    this.spec = spec;
    this.context = context;
    this.logFile = path.join(context.dataDir, 'logs', `${spec.name}.log`);
    this.policy = { ...RESTART_POLICY, ...context.restart };
    this.#delayMs = this.policy.firstDelayMs;
    this.now = context.now ?? Date.now;
  }

  get name() {
    return this.spec.name;
  }

  /** Starts it (a no-op if it runs); resolves once spawned. A restart that was due is not needed any more. */
  async start() {
    this.#cancelRestart();
    if (this.process?.running()) return;
    const { root, dataDir, env, log } = this.context;
    const script = path.join(root, this.spec.script);
    if (!fs.existsSync(script))
      throw new Error(
        `${this.name}: ${this.spec.script} not found (build it: npm start builds unless --no-build)`,
      );
    this.status = 'starting';
    this.errorLines = 0;
    const proc = await spawnManaged({
      name: this.name,
      command: process.execPath,
      args: [script],
      cwd: root,
      env: { ...env, ...this.spec.env },
      logFile: this.logFile,
      pidFile: path.join(dataDir, 'run', `${this.name}.pid`),
      onLine: (line) => this.#onLine(line),
    });
    this.process = proc;
    this.startedAt = new Date(this.now());
    this.lastExit = undefined;
    proc.exited.then((exit) => {
      if (this.process !== proc) return;
      this.lastExit = exit;
      if (this.status === 'stopping' || this.status === 'stopped') return;
      this.status = 'crashed';
      const how = exit.signal ? `was killed (${exit.signal})` : `exited with code ${exit.code}`;
      const next = this.keepRunning ? this.#scheduleRestart() : undefined;
      const then = next === undefined ? 'not restarted' : `restarting in ${formatWait(next)}`;
      log(`[${this.name}] ${how}; ${then}. The end of ${path.relative(root, this.logFile)}:`);
      const tail = tailFile(this.logFile, 8)
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('--- '));
      for (const l of tail) log(`[${this.name}]   ${l.length > 240 ? `${l.slice(0, 240)}…` : l}`);
    });
  }

  /**
   * Plans the restart after a crash; answers the wait. The wait doubles per crash in a row, and starts
   * over once the app had run for `healthyAfterMs`.
   */
  #scheduleRestart() {
    const ranMs = this.startedAt ? this.now() - this.startedAt.getTime() : 0;
    if (ranMs >= this.policy.healthyAfterMs) this.#delayMs = this.policy.firstDelayMs;
    const wait = this.#delayMs;
    this.#delayMs = Math.min(wait * 2, this.policy.maxDelayMs);
    this.#cancelRestart();
    this.nextRestartAt = new Date(Date.now() + wait);
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = undefined;
      // In line with the control API's actions on this app (one at a time).
      const restart = (this.pending ?? Promise.resolve()).then(() => this.#restart());
      this.pending = restart.then(
        () => {},
        () => {},
      );
    }, wait);
    this.#restartTimer.unref?.();
    return wait;
  }

  async #restart() {
    this.nextRestartAt = undefined;
    if (this.status !== 'crashed' || !this.keepRunning) return; // stopped or started meanwhile
    this.restarts++;
    const { log } = this.context;
    log(`[${this.name}] restart ${this.restarts} after a crash`);
    try {
      await this.start();
      // Outside the queue: a stop asked meanwhile need not wait for the port.
      this.ready().catch(() => {});
    } catch (error) {
      this.status = 'crashed';
      const wait = this.#scheduleRestart();
      log(
        `[${this.name}] could not restart (${/** @type {Error} */ (error).message}); again in ${formatWait(wait)}`,
      );
    }
  }

  #cancelRestart() {
    if (this.#restartTimer) clearTimeout(this.#restartTimer);
    this.#restartTimer = undefined;
    this.nextRestartAt = undefined;
  }

  /** Resolves once its port answers (and sets status running); rejects if it exits or times out. */
  async ready(timeoutMs = 60_000) {
    const proc = this.process;
    if (!proc) throw new Error(`${this.name} is not running`);
    await waitUntil(() => isListening(this.spec.port), {
      timeoutMs,
      message: `${this.name} did not answer on port ${this.spec.port}`,
      process: proc,
    });
    if (this.process === proc && proc.running()) this.status = 'running';
  }

  /** SIGTERM to its process group, SIGKILL after 5 s; resolves once it is gone. It stays down: no restart follows. */
  async stop() {
    const restartWasDue = this.#restartTimer !== undefined;
    this.#cancelRestart();
    const proc = this.process;
    if (!proc?.running()) {
      if (this.status !== 'crashed' || restartWasDue) this.status = 'stopped';
      return;
    }
    this.status = 'stopping';
    await proc.stop({ killAfterMs: 5000 });
    this.status = 'stopped';
  }

  describe() {
    return {
      name: this.name,
      app: this.spec.app,
      instance: this.spec.instance,
      kind: this.spec.kind,
      status: this.status,
      pid: this.process?.running() ? this.process.pid : null,
      port: this.spec.port,
      startedAt: this.startedAt?.toISOString() ?? null,
      lastExit: this.lastExit ?? null,
      restarts: this.restarts,
      nextRestartAt: this.nextRestartAt?.toISOString() ?? null,
      log: this.logFile,
    };
  }

  /** @param {string} line */
  #onLine(line) {
    const error = errorLine(line);
    if (!error || this.errorLines > MAX_ERROR_LINES) return;
    this.errorLines++;
    const { log, root } = this.context;
    if (this.errorLines > MAX_ERROR_LINES)
      log(`[${this.name}] (more errors in ${path.relative(root, this.logFile)})`);
    else log(`[${this.name}] ${error.length > 240 ? `${error.slice(0, 240)}…` : error}`);
  }
}

/** @param {number} ms */
function formatWait(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms % 1000 ? 1 : 0)} s` : `${ms} ms`;
}
