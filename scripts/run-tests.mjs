#!/usr/bin/env node
// `npm test`: lint, format, build, typecheck, unit tests, integration tests against real
// Postgres/Redis/NATS/object storage, and the browser suite against a whole platform with two instances
// of every service and gateway. Hermetic (scripts/lib/test-run.mjs): its own ports, NATS, Redis, storage,
// databases and admin, so a running `npm start` is neither used nor touched. Every stage runs even
// after another failed; the end names the failed stages and prints one "N passed, N failed" line (a stage
// that fails without a failing test, such as lint, counts as one failure).
//
//   npm test -- unit integration         only these stages (lint, build, typecheck, unit, integration, e2e)
//   E2E_PATTERN=playback npm test -- e2e  only the browser spec files whose path matches
//   INTEGRATION_PATTERN=search npm test -- integration   only the integration specs whose path matches
//   E2E_INSTANCES=1 npm test -- e2e       the browser suite against one instance of each app (default 2)
//   TEST_STAGES=serial npm test           the integration and browser stages one after the other, not side
//                                         by side (each then prints as it goes)
//   TOOLING_NODE=/path/to/node npm test   the tooling's node:test suites once more under that Node (.ci/run
//                                         gives Node 22 this way, so both Node lines of `engines` are tried)
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestRun, hermeticEnv, prepareTestPlatform } from './lib/test-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const wants = (stage) => only.length === 0 || only.includes(stage);
/** Folders whose *.test.mjs files are node:test suites of the tooling. */
const NODE_TEST_DIRS = ['libs/infra', 'libs/web-server', 'scripts', 'docs'];
const log = (line) => console.log(`  ${line}`);

/** @type {Array<{ name: string, ok: boolean, passed?: number, failed?: number, seconds: string, note?: string }>} */
const stages = [];
const run = createTestRun({ log });

/**
 * Runs a command; `env` replaces the environment when given (the hermetic test stages). With `output`,
 * its output goes to that file descriptor instead of the console (a stage that runs beside another).
 * `nice` lowers its CPU priority (and that of what it starts): a batch stage run beside the browser
 * suite takes the cores the suite leaves idle, and does not hold up the pages it waits on.
 */
function spawnStage(cmd, args, env = process.env, output = undefined, nice = 0) {
  return new Promise((resolve) => {
    const stdio = output === undefined ? 'inherit' : ['ignore', output, output];
    const child = spawn(cmd, args, { cwd: root, stdio, env });
    if (nice && child.pid) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Not allowed here: the stage runs at the usual priority.
      }
    }
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs one stage and records how it went; `body` answers ok and, for test stages, the counts. */
async function stage(name, body) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  /** @type {{ ok: boolean, passed?: number, failed?: number, note?: string }} */
  let result;
  try {
    result = await body();
  } catch (error) {
    result = { ok: false, note: /** @type {Error} */ (error).message };
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  stages.push({ name, seconds, ...result });
  if (!result.ok) console.error(`\n✘ ${name} failed${result.note ? `: ${result.note}` : ''}`);
  return result.ok;
}

/** A command as a stage; `output` and `nice` as spawnStage's. */
const command = (name, cmd, args, env = undefined, output = undefined, nice = 0) =>
  stage(name, async () => {
    const code = await spawnStage(cmd, args, env, output, nice);
    return { ok: code === 0, note: code === 0 ? undefined : `exit ${code}` };
  });

/**
 * Runs `first` and `second` side by side, `second`'s output held in a file of the run's folder and
 * printed whole once both have finished, so the console reads one at a time.
 * @param {string} label
 * @param {() => Promise<unknown>} first
 * @param {(output: number) => Promise<unknown>} second
 */
async function besideEachOther(label, first, second) {
  const held = join(run.dir, `${label.replace(/\W+/g, '-')}.log`);
  const output = openSync(held, 'a');
  try {
    await Promise.all([first(), second(output)]);
  } finally {
    closeSync(output);
  }
  console.log(`\n── ${label}, run beside the stages above ──\n${readFileSync(held, 'utf8')}`);
}

/** A jest config, counted from its JSON report; `output` and `nice` as spawnStage's. */
const jestStage = (name, config, env, extraArgs = [], output = undefined, nice = 0) =>
  stage(name, async () => {
    const outputFile = join(run.resultsDir, `${name.replace(/\W+/g, '-')}.json`);
    const code = await spawnStage(
      'npx',
      // --forceExit: a test that leaves a handle open must not hold the whole run once jest has reported.
      ['jest', '-c', config, '--ci', '--forceExit', '--json', `--outputFile=${outputFile}`, ...extraArgs],
      env,
      output,
      nice,
    );
    try {
      const report = JSON.parse(readFileSync(outputFile, 'utf8'));
      const failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
      return { ok: code === 0, passed: report.numPassedTests, failed };
    } catch {
      return { ok: false, passed: 0, failed: 0, note: `jest exited ${code} without a report` };
    }
  });

/**
 * node:test files, counted from a TAP report written beside the console's spec output. Files are named
 * one by one: Node 22 reads `--test` arguments as glob patterns, and a folder no longer means its files.
 */
const nodeTestStage = (name, dirs, node = process.execPath, nice = 0) =>
  stage(name, async () => {
    const files = dirs.flatMap((dir) => testFiles(join(root, dir))).map((f) => relative(root, f));
    const tap = join(run.resultsDir, `${name.replace(/\W+/g, '-')}.tap`);
    const code = await spawnStage(
      node,
      [
        '--test',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tap}`,
        ...files,
      ],
      undefined,
      undefined,
      nice,
    );
    let text = '';
    try {
      text = readFileSync(tap, 'utf8');
    } catch {
      return { ok: false, passed: 0, failed: 0, note: `node --test exited ${code} without a report` };
    }
    const count = (label) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    return { ok: code === 0, passed: count('pass'), failed: count('fail') + count('cancelled') };
  });

/** Every *.test.mjs under `dir`, outside node_modules and build output. */
function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : testFiles(path);
    return entry.name.endsWith('.test.mjs') ? [path] : [];
  });
}

let stopPlatform = async () => {};
/** @type {(o?: { keepFolder?: boolean }) => Promise<void>} */
let cleanUp = async ({ keepFolder = false } = {}) => {
  if (!keepFolder) rmSync(run.dir, { recursive: true, force: true });
};
let finishing = false;

async function finish(code) {
  if (finishing) return;
  finishing = true;
  const failedStages = stages.filter((s) => !s.ok);
  const keepFolder = code !== 0 || failedStages.length > 0;
  await stopPlatform().catch((e) => console.error(`stopping the test platform: ${e.message}`));
  await cleanUp({ keepFolder }).catch((e) => console.error(`cleaning up: ${e.message}`));
  let passed = 0;
  let failed = 0;
  console.log('');
  for (const s of stages) {
    passed += s.passed ?? 0;
    // A failed stage without a failing test (lint, a build, a crash) is one failure.
    failed += s.failed || (s.ok ? 0 : 1);
    const counts = s.passed === undefined ? '' : `: ${s.passed} passed, ${s.failed} failed`;
    console.log(`${s.ok ? '✔' : '✘'} ${s.name}${counts} (${s.seconds} s)${s.note ? `  ${s.note}` : ''}`);
  }
  if (failedStages.length) {
    console.log(`\nfailed stages: ${failedStages.map((s) => s.name).join(', ')}`);
    console.log(`logs and reports kept in ${run.dir}`);
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(code || (failed > 0 ? 1 : 0));
}

process.on('SIGINT', () => void finish(130));
process.on('SIGTERM', () => void finish(143));

/** @param {number | undefined} [output] */
async function lintStages(output) {
  // The module-boundary rule reads Nx's project graph and is silently skipped when none is cached
  // (a fresh clone): compute it first.
  await command('project graph', 'npx', ['nx', 'show', 'projects', '--json'], undefined, output);
  await command('lint', 'npx', ['eslint', '.', '--max-warnings=0'], undefined, output);
  await command('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn'], undefined, output);
}
if (wants('build') || wants('integration') || wants('e2e'))
  await command('build', 'npx', ['nx', 'run-many', '-t', 'build', '--output-style=stream-without-prefixes']);

const lanes = wants('integration') || wants('e2e');
const instances = Number(process.env.E2E_INSTANCES ?? 2);
// The integration and browser stages run side by side: each waits on browsers, servers and timers more
// than it computes, and one after the other they took half an hour. Each has infrastructure of its own
// (NATS, Redis, object storage, databases: another block of ports), as two runs of `npm test` would: a
// service of the browser stage's platform must not answer an integration test's request. The browser
// stage starts first, right after the build, as the longest: the checks below (typecheck, lint, unit)
// run beside it at a lower CPU priority, taking the cores it leaves idle. Its output is held back and
// printed whole when it ends, so the console reads one stage at a time. TEST_STAGES=serial runs the
// checks first, then the integration and browser stages one after the other, on one infrastructure.
const beside = wants('integration') && wants('e2e') && process.env.TEST_STAGES !== 'serial';
// The integration specs run in this many jest workers, each against servers of its own (jest hands
// each worker its set, libs/test-helpers/worker-infrastructure.js): a spec waits on NATS, timers and
// child processes far more than it computes (one worker kept two cores about 40% busy).
const integrationWorkers = beside ? Math.max(1, Number(process.env.INTEGRATION_WORKERS ?? 2)) : 1;
const batchNice = beside ? 10 : 0;

/** @type {import('./lib/test-run.mjs').TestPlatformSettings[]} */
const integrationSets = [];
/** @type {import('./lib/test-run.mjs').TestPlatformSettings | undefined} */
let browserSettings;
const browserRun = beside ? createTestRun({ log }) : run;
if (lanes) {
  await stage('test infrastructure', async () => {
    /** @type {Array<(o?: { keepFolder?: boolean }) => Promise<void>>} */
    const cleanUps = [];
    cleanUp = async (o) => {
      for (const step of cleanUps.slice().reverse()) await step(o);
    };
    const first = await prepareTestPlatform(run, { instances, log });
    cleanUps.push(first.cleanUp);
    integrationSets.push(first);
    for (let worker = 2; worker <= integrationWorkers && wants('integration'); worker++) {
      const more = await prepareTestPlatform(createTestRun({ log }), { instances, log });
      cleanUps.push(more.cleanUp);
      integrationSets.push(more);
    }
    if (beside) {
      browserSettings = await prepareTestPlatform(browserRun, { instances, log });
      cleanUps.push(browserSettings.cleanUp);
    } else browserSettings = first;
    return { ok: true };
  });
}
const browserLane = beside && browserSettings ? browserStages(browserSettings, true) : Promise.resolve();

if (wants('typecheck'))
  await command(
    'typecheck',
    'npx',
    ['nx', 'run-many', '-t', 'typecheck', '--output-style=stream-without-prefixes'],
    undefined,
    undefined,
    batchNice,
  );
// ESLint and Prettier keep one core busy, and jest's unit run on a two-core machine one worker: side by
// side they take the time of the longer instead of both (about three minutes less on CI).
const unitStage = () => jestStage('unit', 'jest.unit.config.js', undefined, [], undefined, batchNice);
if (wants('lint') && wants('unit')) await besideEachOther('lint and format', unitStage, lintStages);
else if (wants('lint')) await lintStages();
else if (wants('unit')) await unitStage();
if (wants('unit')) {
  await nodeTestStage('unit (tooling)', NODE_TEST_DIRS, process.execPath, batchNice);
  const otherNode = process.env.TOOLING_NODE;
  if (otherNode) {
    let version = otherNode;
    try {
      version = `Node ${execFileSync(otherNode, ['--version'], { encoding: 'utf8' }).trim()}`;
    } catch {
      // The stage itself fails and says so: the binary does not run.
    }
    await nodeTestStage(`unit (tooling, ${version})`, NODE_TEST_DIRS, otherNode, batchNice);
  }
}

if (wants('integration') && integrationSets.length) {
  const [test] = integrationSets;
  // INTEGRATION_PATTERN narrows the stage to matching spec files while working on one part.
  const pattern = process.env.INTEGRATION_PATTERN ? [process.env.INTEGRATION_PATTERN] : [];
  await jestStage(
    'integration',
    'jest.integration.config.js',
    {
      ...hermeticEnv(process.env),
      ...test.infraEnv,
      CHITRAM_WORKER_INFRA: JSON.stringify(integrationSets.map((set) => set.infraEnv)),
    },
    integrationSets.length > 1
      ? [`--maxWorkers=${integrationSets.length}`, ...pattern]
      : ['--runInBand', ...pattern],
  );
}
if (!beside && wants('e2e') && browserSettings) await browserStages(browserSettings, false);
await browserLane;

/**
 * The test platform, then the browser suite against it. `beside`: other stages are running; the
 * output goes to a file in the run's folder, printed when the suite has finished.
 * @param {import('./lib/test-run.mjs').TestPlatformSettings} test
 * @param {boolean} beside
 */
async function browserStages(test, beside) {
  if (!wants('e2e')) return;
  const held = beside ? join(browserRun.dir, 'browser-stage.log') : undefined;
  const output = held ? openSync(held, 'a') : undefined;
  const say = output === undefined ? log : (/** @type {string} */ line) => writeSync(output, `  ${line}\n`);
  /** @type {import('./lib/platform.mjs').Platform | undefined} */
  let platform;
  await stage(`test platform (${instances} of each service and gateway)`, async () => {
    const { startPlatform } = await import('./lib/platform.mjs');
    // Every browser test signs in from this one address; the per-address send limit is tested in the
    // integration stage, so here it is raised to let a whole run through.
    platform = await startPlatform({
      build: false,
      install: false,
      dataDir: browserRun.dir,
      ports: test.ports,
      instances,
      databasePrefix: test.databasePrefix,
      natsUsers: test.natsUsers,
      env: { ...test.env, OTP_IP_LIMIT: '1000' },
      log: say,
    });
    const started = platform;
    stopPlatform = () => started.stop();
    return { ok: true };
  });
  if (platform)
    await jestStage(
      'e2e (browser)',
      'e2e/jest.config.js',
      {
        ...hermeticEnv(process.env),
        E2E_BASE_URL: platform.url,
        CONTROL_URL: /** @type {string} */ (platform.controlUrl),
        CONTROL_TOKEN: platform.controlToken,
        E2E_ADMIN_EMAIL: test.admin.email,
        E2E_ADMIN_PASSWORD: test.admin.password,
        // Billing's database, for the few specs that age a plan as time would (D40's reminders).
        E2E_BILLING_DATABASE_URL: databaseOf(test.infraEnv.DATABASE_URL, `${test.databasePrefix}billing`),
      },
      // E2E_PATTERN narrows the browser suite to matching spec files while working on one screen.
      process.env.E2E_PATTERN ? [process.env.E2E_PATTERN] : [],
      output,
    );
  if (held && output !== undefined) {
    closeSync(output);
    console.log(`\n── the browser stage, run beside the stages above ──\n${readFileSync(held, 'utf8')}`);
  }
}
await finish(0);

/** The address of one database on the server `serverUrl` names. */
function databaseOf(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
