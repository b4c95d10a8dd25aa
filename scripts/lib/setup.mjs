// Before anything runs: dependencies installed, builds fresh. Uses only Node's own modules, so it works
// before `node_modules` exists.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Installs dependencies if `node_modules` is missing (`npm ci` with a lockfile, else `npm install`).
 * @param {{ root: string, log: (line: string) => void }} o
 * @returns {Promise<boolean>} true if it installed
 */
export async function ensureDependencies({ root, log }) {
  const modules = path.join(root, 'node_modules');
  if (fs.existsSync(modules)) {
    const lock = path.join(root, 'package-lock.json');
    const installed = path.join(modules, '.package-lock.json');
    if (
      fs.existsSync(lock) &&
      fs.existsSync(installed) &&
      fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs + 1000
    ) {
      log('note: package-lock.json is newer than the last install; run `npm install` if the start fails');
    }
    return false;
  }
  const ci = fs.existsSync(path.join(root, 'package-lock.json'));
  const args = ci ? ['ci'] : ['install'];
  log(`install: npm ${args[0]} (node_modules is missing)`);
  await run(
    npmCommand(),
    [...args, '--no-audit', '--no-fund'],
    { cwd: root, stdio: 'inherit' },
    `npm ${args[0]}`,
  );
  return true;
}

/** What `npm start` runs (Nx tags); their libraries follow through `dependsOn: ^build`. */
const RUNNABLE = 'tag:type:app,tag:type:gateway,tag:type:service';

/**
 * `nx run-many -t build`: Nx rebuilds only what changed. Its output goes to `logFile`; the console gets one
 * line per project built and, on failure, the end of the log.
 * @param {{ root: string, log: (line: string) => void, logFile: string, signal?: AbortSignal }} o
 */
export async function buildAll({ root, log, logFile, signal }) {
  const nx = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'nx.cmd' : 'nx');
  const [command, args] = fs.existsSync(nx) ? [nx, []] : [npxCommand(), ['nx']];
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.createWriteStream(logFile);
  const started = Date.now();
  log('build: nx run-many -t build (the apps and what they depend on)');
  const child = spawn(
    command,
    [...args, 'run-many', '-t', 'build', `--projects=${RUNNABLE}`, '--outputStyle=static'],
    {
      cwd: root,
      // No daemon (it would outlive this command), no terminal UI, no cloud.
      env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const onAbort = () => child.kill('SIGTERM');
  signal?.addEventListener('abort', onAbort, { once: true });
  let built = 0;
  let cached = 0;
  let rest = '';
  const onData = (chunk) => {
    out.write(chunk);
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      // "> nx run @chitram/auth-service:build  [local cache]" / "> nx run @chitram/gateway:build"
      const match = /^\s*>\s+nx run (\S+?):build(.*)$/.exec(stripAnsi(line));
      if (!match) continue;
      if (/cache/.test(match[2])) cached++;
      else {
        built++;
        log(`  build ${match[1]}`);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('close', (c) => resolve(c));
  });
  signal?.removeEventListener('abort', onAbort);
  await new Promise((resolve) => out.end(resolve));
  signal?.throwIfAborted();
  if (code !== 0) {
    throw new Error(
      `build failed (exit ${code}); full output in ${path.relative(process.cwd(), logFile)}\n${buildErrors(logFile)}`,
    );
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(`build: done in ${seconds} s (${built} built, ${cached} from cache)`);
}

/** The failed tasks and the compiler's error lines from an Nx log, or its end if none are recognised. */
function buildErrors(logFile) {
  const lines = fs.readFileSync(logFile, 'utf8').split('\n').map(stripAnsi);
  const failedAt = lines.findIndex((l) => /^\s*Failed tasks:/.test(l));
  const failed = failedAt < 0 ? [] : lines.slice(failedAt + 1).filter((l) => /^\s*- /.test(l));
  const errors = lines.filter((l) => /\berror\b/i.test(l) && !/^npm (error|warn)/.test(l)).slice(0, 15);
  const shown = errors.length ? errors : lines.filter((l) => l.trim()).slice(-20);
  return [
    ...(failed.length ? [`failed: ${failed.map((l) => l.replace(/^\s*- /, '')).join(', ')}`] : []),
    ...shown.map((l) => `  ${l}`),
  ].join('\n');
}

/** @param {string} text */
function stripAnsi(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

function npmCommand() {
  return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}
function npxCommand() {
  return process.platform === 'win32' ? 'npx.cmd' : 'npx';
}

/** Runs a command to completion; rejects with `what` if it fails. */
function run(command, args, options, what) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, options);
    child.on('error', (error) => reject(new Error(`${what}: ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`${what} failed (exit ${code})`)),
    );
  });
}
