#!/usr/bin/env node
// `npm test`: lint, format, build, typecheck, unit tests, integration tests against real
// Postgres/Redis/NATS/object storage (found or started like `npm start` does), and the browser
// suite against the platform as `npm start` runs it. Ends with one "N passed, N failed" line.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, '.data', 'test-results');
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const wants = (stage) => only.length === 0 || only.includes(stage);
const totals = { passed: 0, failed: 0 };
const summary = [];

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function step(name, cmd, args, env) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const code = await run(cmd, args, env);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  summary.push(`${code === 0 ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (code !== 0) {
    console.error(`\n✘ ${name} failed (exit ${code})`);
    await finish(1);
  }
}

/** Runs a jest config, counting its tests from the JSON report. */
async function jestStage(name, config, env, extraArgs = []) {
  const outputFile = join(resultsDir, `${name.replace(/\W+/g, '-')}.json`);
  rmSync(outputFile, { force: true });
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const code = await run(
    'npx',
    ['jest', '-c', config, '--ci', '--json', `--outputFile=${outputFile}`, ...extraArgs],
    env,
  );
  let passed = 0;
  let failed = 0;
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  } catch {
    failed = 1;
  }
  totals.passed += passed;
  totals.failed += failed;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  summary.push(`${code === 0 ? '✔' : '✘'} ${name}: ${passed} passed, ${failed} failed (${seconds} s)`);
  if (code !== 0) await finish(1);
}

/** node:test stages report their own counts in TAP-like lines; keep their totals. */
async function nodeTestStage(name, paths) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const out = [];
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=spec', ...paths], {
      cwd: root,
      env: process.env,
    });
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      out.push(d);
    });
    child.stderr.pipe(process.stderr);
    child.on('exit', (c) => resolve(c ?? 1));
  });
  const text = Buffer.concat(out).toString();
  const passed = Number(/ℹ pass (\d+)/.exec(text)?.[1] ?? 0);
  const failed = Number(/ℹ fail (\d+)/.exec(text)?.[1] ?? (code === 0 ? 0 : 1));
  totals.passed += passed;
  totals.failed += failed;
  summary.push(
    `${code === 0 ? '✔' : '✘'} ${name}: ${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (code !== 0) await finish(1);
}

let stopInfrastructure = async () => {};
let stopPlatform = async () => {};

async function finish(code) {
  await stopPlatform().catch(() => {});
  await stopInfrastructure().catch(() => {});
  console.log('\n' + summary.join('\n'));
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code || (totals.failed > 0 ? 1 : 0));
}

process.on('SIGINT', () => finish(130));
process.on('SIGTERM', () => finish(143));

mkdirSync(resultsDir, { recursive: true });
if (wants('lint')) {
  // The module-boundary rule reads Nx's project graph and is silently skipped when none is cached
  // (a fresh clone): compute it first.
  await step('project graph', 'npx', ['nx', 'show', 'projects', '--json']);
  await step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
  await step('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
}
if (wants('build') || wants('integration') || wants('e2e')) {
  await step('build', 'npx', ['nx', 'run-many', '-t', 'build', '--output-style=stream-without-prefixes']);
}
if (wants('typecheck'))
  await step('typecheck', 'npx', [
    'nx',
    'run-many',
    '-t',
    'typecheck',
    '--output-style=stream-without-prefixes',
  ]);
if (wants('unit')) {
  await jestStage('unit', 'jest.unit.config.js');
  await nodeTestStage('unit (tooling)', ['libs/infra/', 'libs/web-server/', 'scripts/seed/', 'docs/']);
}
if (wants('integration') || wants('e2e')) {
  const { ensureInfrastructure } = await import('../libs/infra/index.mjs');
  const infra = await ensureInfrastructure({
    dataDir: join(root, '.data'),
    log: (m) => console.log(`  ${m}`),
  });
  stopInfrastructure = () => infra.stop();
  Object.assign(process.env, infra.env);
  if (wants('integration'))
    await jestStage('integration', 'jest.integration.config.js', infra.env, ['--runInBand']);
  if (wants('e2e')) {
    const { startPlatform } = await import('./lib/platform.mjs');
    console.log('\n▶ starting the platform for the browser suite');
    // Every browser test signs in from this one address; the per-address send limit is tested in the
    // integration stage, so here it is raised to let a whole run (and a rerun) through.
    const platform = await startPlatform({
      build: false,
      env: { ...process.env, OTP_IP_LIMIT: process.env.OTP_IP_LIMIT ?? '1000' },
      log: (m) => console.log(`  ${m}`),
    });
    stopPlatform = () => platform.stop();
    // E2E_PATTERN narrows the browser suite to matching spec files while working on one screen.
    await jestStage(
      'e2e (browser)',
      'e2e/jest.config.js',
      { E2E_BASE_URL: platform.url, CONTROL_URL: platform.controlUrl },
      process.env.E2E_PATTERN ? [process.env.E2E_PATTERN] : [],
    );
  }
}
await finish(0);
