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
  const started = Date.now();
  // --prefer-offline: packages npm's cache holds are taken from it without asking the registry first.
  await run(
    npmCommand(),
    [...args, '--no-audit', '--no-fund', '--prefer-offline'],
    { cwd: root, stdio: 'inherit' },
    `npm ${args[0]}`,
  );
  log(`install: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/** What `npm start` runs (Nx tags); their libraries follow through `dependsOn: ^build`. */
const RUNNABLE = 'tag:type:app,tag:type:gateway,tag:type:service';

/**
 * What the build of RUNNABLE reads (Nx's inputs, a little wider) and what it makes. Nothing of it
 * newer than the start of the last whole build, and every output there: nothing is stale, and even Nx
 * (seconds of hashing without its daemon) need not run.
 */
const BUILD_SOURCES = [
  'gateway',
  'services',
  'frontends',
  'libs/contracts',
  'libs/nest-kit',
  'libs/shell-contract',
  'libs/web-testing',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'nx.json',
  'tsconfig.base.json',
  '.swcrc',
];
/** Folders the build writes or that no build reads. */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'generated', 'coverage', '.nx', 'test-results']);
export const BUILD_OUTPUTS = [
  'libs/contracts/dist/index.js',
  'libs/nest-kit/dist/index.js',
  'gateway/dist/main.js',
  ...['auth', 'catalog', 'billing', 'media', 'users'].map((s) => `services/${s}/dist/main.js`),
  ...['shell', 'viewer', 'admin'].map((f) => `frontends/${f}/dist/index.html`),
];

/** The latest modification time (ms) of any file under `paths`, skipping NOT_SOURCES. */
export function newestSource(root, paths = BUILD_SOURCES) {
  let newest = 0;
  const visit = (file) => {
    let stat;
    try {
      stat = fs.lstatSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file))
        if (!NOT_SOURCES.has(entry) && !entry.endsWith('.tsbuildinfo')) visit(path.join(file, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

/** Whether the last whole build (its start, in `stampFile`) is newer than every source, with its outputs there. */
export function buildIsFresh(root, stampFile) {
  let builtFrom;
  try {
    builtFrom = JSON.parse(fs.readFileSync(stampFile, 'utf8')).startedAt;
  } catch {
    return false;
  }
  if (typeof builtFrom !== 'number') return false;
  if (!BUILD_OUTPUTS.every((f) => fs.existsSync(path.join(root, f)))) return false;
  return newestSource(root) < builtFrom;
}

/**
 * `nx run-many -t build`: Nx rebuilds only what changed. Its output goes to `logFile`; the console gets one
 * line per project built and, on failure, the end of the log.
 * With `stampFile`, it skips Nx when buildIsFresh says nothing changed, and records a build that succeeded.
 * @param {{ root: string, log: (line: string) => void, logFile: string, signal?: AbortSignal, stampFile?: string }} o
 */
export async function buildAll({ root, log, logFile, signal, stampFile }) {
  const started = Date.now();
  if (stampFile && buildIsFresh(root, stampFile)) {
    log(
      `build: nothing changed since the last build (checked in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    return;
  }
  if (stampFile) fs.rmSync(stampFile, { force: true });
  const nx = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'nx.cmd' : 'nx');
  const [command, args] = fs.existsSync(nx) ? [nx, []] : [npxCommand(), ['nx']];
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.createWriteStream(logFile);
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
  if (stampFile) fs.writeFileSync(stampFile, `${JSON.stringify({ startedAt: started })}\n`);
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
