// A runner that starts and stops one app instance (what each runs and where: layout.mjs).
// A crashed app is not restarted: it is logged and stays down until someone starts it (the e2e suite
// relies on a stop sticking).
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

  /**
   * @param {AppSpec} spec
   * @param {{ root: string, dataDir: string, env: NodeJS.ProcessEnv, log: (line: string) => void }} context
   */
  constructor(spec, context) {
    this.spec = spec;
    this.context = context;
    this.logFile = path.join(context.dataDir, 'logs', `${spec.name}.log`);
  }

  get name() {
    return this.spec.name;
  }

  /** Starts it (a no-op if it runs); resolves once spawned. */
  async start() {
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
    this.startedAt = new Date();
    this.lastExit = undefined;
    proc.exited.then((exit) => {
      if (this.process !== proc) return;
      this.lastExit = exit;
      if (this.status === 'stopping') return;
      this.status = 'crashed';
      const how = exit.signal ? `was killed (${exit.signal})` : `exited with code ${exit.code}`;
      log(`[${this.name}] ${how}; not restarted. The end of ${path.relative(root, this.logFile)}:`);
      const tail = tailFile(this.logFile, 8)
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('--- '));
      for (const l of tail) log(`[${this.name}]   ${l.length > 240 ? `${l.slice(0, 240)}…` : l}`);
    });
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

  /** SIGTERM to its process group, SIGKILL after 5 s; resolves once it is gone. */
  async stop() {
    const proc = this.process;
    if (!proc?.running()) {
      if (this.status !== 'crashed') this.status = 'stopped';
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
