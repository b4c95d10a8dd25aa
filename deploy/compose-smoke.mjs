#!/usr/bin/env node
// npm run compose:smoke (issue 24): the whole platform from its images with `docker compose up`, then a
// browser pass as a viewer would make it, then `docker compose down`:
//
//   1. the images: the apps' (built by `npm run images` first when one is missing) and the servers'
//      (the official ones where the engine has them, else those `npm run images` makes here, through
//      deploy/compose.made-images.yml; each named by POSTGRES_IMAGE, REDIS_IMAGE, NATS_IMAGE, S3_IMAGE)
//   2. docker-compose.yml with deploy/compose.smoke.yml (development settings: codes in the outbox,
//      payments in the sandbox), fresh secrets and free ports, as project chitram-smoke-<pid>, until
//      the shell answers /api/health with every service up
//   3. the demo catalogue and one transcoded film (Palleturi Cricket, free), loaded from this machine
//      through NATS and media's upload server, both published on the loopback only
//   4. Chromium (playwright-core, /usr/bin/chromium): sign in with a phone number and the code of the
//      development outbox, pay for the Standard plan in the sandbox, play the film until its time moves
//   5. `docker compose down -v`, whatever happened
//
// Needs a Docker engine and a compose (the plugin, `docker compose`, or Debian's docker-compose), the
// workspace built (npm run build) and Chromium. Settings: SMOKE_PORT_FROM (11500: the first port tried
// for the published ones), CHROMIUM_PATH, SMOKE_KEEP=1 (leave the platform up, and say how to stop it).
/* global document -- in the function the film's page runs */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { INFRA_IMAGES, imagePresent } from '../libs/infra/lib/images.mjs';
import { OPERATOR, deploymentConfig, passwordVariable } from '../libs/infra/lib/nats-permissions.mjs';
import { findFreePort } from '../libs/infra/lib/processes.mjs';
import { composeImages, dockerAnswers } from './images/build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILM = 'Palleturi Cricket';
const HEALTHY_WITHIN_MS = 6 * 60_000;
const PLAYABLE_WITHIN_MS = 10 * 60_000;
const started = Date.now();
const phases = [];

const log = (line) => console.log(`compose:smoke: ${line}`);
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(0);

/** Runs `step` as a named phase whose time is printed at the end. */
async function phase(name, step) {
  const since = Date.now();
  log(`${name}…`);
  const value = await step();
  phases.push([name, seconds(since)]);
  return value;
}

/**
 * The compose command here: the plugin if the client has it, else Debian's docker-compose (v1: Debian
 * packages no plugin). `v1`: it predates the top-level `name:`, so it is given the file without it.
 */
function composeCommand() {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0)
    return { command: ['docker', 'compose'], v1: false };
  if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0)
    return { command: ['docker-compose'], v1: true };
  throw new Error(
    'no compose: neither `docker compose` nor `docker-compose` runs (apt-get install docker-compose)',
  );
}

/** docker-compose.yml as compose v1 reads it: the same, less the project's `name:` (the smoke names its own). */
function composeFileForV1(dir) {
  const file = path.join(dir, 'docker-compose.yml');
  const text = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
  writeFileSync(file, text.replace(/^name: .*$/m, ''));
  return file;
}

/** The apps' images, built by `npm run images` when one is missing; the servers' images to run. */
function readyImages() {
  const missingApps = composeImages().filter((app) => !imagePresent(app.image));
  const official = Object.values(INFRA_IMAGES).every(
    (i) => process.env[i.variable] || imagePresent(i.official),
  );
  const missingInfra = official
    ? []
    : Object.entries(INFRA_IMAGES)
        .filter(([, i]) => !imagePresent(process.env[i.variable] || i.made))
        .map(([name]) => name);
  const missing = [...missingApps.map((app) => app.name), ...missingInfra];
  if (missing.length) {
    log(`building the images that are missing: ${missing.join(', ')} (npm run images)`);
    const built = spawnSync(process.execPath, [path.join(ROOT, 'deploy/images/build.mjs'), ...missing], {
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('npm run images failed');
  }
  return { made: !official };
}

/** A password of letters and digits (they go into URLs). */
const secret = (bytes = 24) => randomBytes(bytes).toString('hex');
/** A PEM on one line, with `\n` escapes, as compose.env.example asks. */
const oneLine = (pem) => pem.trim().replaceAll('\n', '\\n');

/** Every value docker-compose.yml and deploy/compose.smoke.yml ask the operator for. */
async function smokeEnvironment(dir) {
  const ports = {};
  let next = Number(process.env.SMOKE_PORT_FROM || 11500);
  for (const name of ['SHELL_PORT', 'VIEWER_PORT', 'ADMIN_PORT', 'SMOKE_NATS_PORT', 'SMOKE_MEDIA_PORT']) {
    ports[name] = await findFreePort(next);
    next = ports[name] + 1;
  }
  const keys = generateKeyPairSync('ed25519');
  const natsConfig = path.join(dir, 'nats.conf');
  // The deployment's users and permissions, and the operator the seed signs in as.
  writeFileSync(natsConfig, deploymentConfig({ withOperator: true }), { mode: 0o644 });
  const { NATS_APPS } = createRequire(import.meta.url)('@chitram/contracts');
  // Starting with a letter: nats-server reads a value that starts with a digit as a number.
  const nats = Object.fromEntries(
    [...NATS_APPS, OPERATOR].map((user) => [passwordVariable(user), `n${secret()}`]),
  );
  const shell = `http://localhost:${ports.SHELL_PORT}`;
  return {
    ...ports,
    ...nats,
    SMOKE_NATS_CONFIG: natsConfig,
    PUBLIC_WEB_URL: shell,
    VIEWER_REMOTE_URL: `http://localhost:${ports.VIEWER_PORT}`,
    ADMIN_REMOTE_URL: `http://localhost:${ports.ADMIN_PORT}`,
    POSTGRES_PASSWORD: secret(),
    REDIS_PASSWORD: secret(),
    S3_ACCESS_KEY: secret(10),
    S3_SECRET_KEY: secret(),
    MEDIA_INTERNAL_TOKEN: secret(32),
    OTP_HASH_SECRET: secret(32),
    TRIAL_HASH_SECRET: secret(32),
    JWT_PRIVATE_KEY: oneLine(keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    JWT_PUBLIC_KEY: oneLine(keys.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    // Required by the production file; the development providers of compose.smoke.yml never call out.
    TWILIO_ACCOUNT_SID: `AC${secret(16)}`,
    TWILIO_AUTH_TOKEN: secret(16),
    TWILIO_VERIFY_SERVICE_SID: `VA${secret(16)}`,
    TWILIO_SMS_FROM: `MG${secret(16)}`,
    RAZORPAY_KEY_ID: `rzp_test_${secret(7)}`,
    RAZORPAY_KEY_SECRET: secret(12),
    RAZORPAY_WEBHOOK_SECRET: secret(16),
    SELLER_GSTIN: '36AABCC1234D1Z5',
    ADMIN_EMAIL: `smoke-admin-${secret(4)}@chitram.in`,
    ADMIN_PASSWORD: secret(12),
  };
}

/**
 * fetch, given up after `ms`. Its own timer, not AbortSignal.timeout's: that one does not hold the
 * process open, and a published port whose container does not listen yet (docker-proxy takes the
 * connection and holds it) leaves nothing else that does, so node would exit with the check unfinished.
 */
async function fetchWithin(url, ms = 5000) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`no answer from ${url} within ${ms} ms`)), ms);
  try {
    return await fetch(url, { signal: abort.signal });
  } finally {
    clearTimeout(timer);
  }
}

/** Polls the shell's /api/health until every service is up. */
async function waitForHealth(shell) {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    try {
      const res = await fetchWithin(`${shell}/api/health`);
      if (res.ok) return;
      last = `${res.status} ${(await res.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await delay(2000);
  }
  throw new Error(`${shell}/api/health did not answer 200 within ${HEALTHY_WITHIN_MS / 60_000} min: ${last}`);
}

/** The demo catalogue, and the film's video transcoded (every other title gets a copy of it). */
async function seed(env, dir) {
  const { seedDemoCatalogue, seedDemoVideos } = await import('../scripts/seed/index.mjs');
  const { DEMO_VIDEOS } = await import('../scripts/seed/videos.mjs');
  const seedEnv = {
    NATS_URL: `nats://operator:${env.NATS_PASSWORD_OPERATOR}@127.0.0.1:${env.SMOKE_NATS_PORT}`,
    MEDIA_URL: `http://127.0.0.1:${env.SMOKE_MEDIA_PORT}`,
    MEDIA_INTERNAL_TOKEN: env.MEDIA_INTERNAL_TOKEN,
  };
  // Idempotent, so tried again when a service does not answer in time (a loaded machine's hiccup).
  for (let attempt = 1; ; attempt++) {
    try {
      await seedDemoCatalogue({ env: seedEnv, log: (line) => log(`seed: ${line}`) });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      log(`seed: ${error instanceof Error ? error.message : error}; again (try ${attempt + 1})`);
      await delay(5000);
    }
  }
  const signal = AbortSignal.timeout(PLAYABLE_WITHIN_MS);
  const settled = await seedDemoVideos({
    env: seedEnv,
    log: (line) => log(`seed: ${line}`),
    dataDir: dir,
    signal,
    demos: DEMO_VIDEOS.filter((demo) => demo.title === FILM),
  });
  if (settled.failed) throw new Error(`${FILM}'s video did not transcode`);
}

/** Sign in, subscribe in the sandbox, play the film: what a viewer does first. */
async function browserPass(shell) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // A loaded two-core machine runs the whole platform here: each step may wait a minute.
  page.setDefaultTimeout(60_000);
  try {
    const phone = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
    const plan = () =>
      page.locator('.vw-plan', { has: page.getByRole('heading', { name: 'STANDARD PLAN' }) });

    await page.goto(`${shell}/subscribe`);
    await plan().getByRole('button', { name: 'Pay Rs 299' }).click();
    await page.waitForURL(`${shell}/login`);
    await page.getByLabel('Mobile Number').fill(phone);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('Enter OTP').pressSequentially(await outboxCode(shell, phone));
    await page.waitForURL(`${shell}/subscribe`);
    log(`browser: signed in as +91${phone} with the outbox's code`);

    await plan().getByRole('button', { name: 'Pay Rs 299' }).click();
    await page.waitForURL(/\/checkout\?plan=standard/);
    const where = page.getByRole('dialog', { name: 'Where do you live?' });
    await where.getByLabel('Your state or union territory').selectOption({ label: 'Telangana' });
    await where.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Chitram' }).getByRole('button', { name: 'Pay ₹299.00' }).click();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    log('browser: paid for the Standard plan in the sandbox');

    const found = await (await fetchWithin(`${shell}/api/home/search?q=${encodeURIComponent(FILM)}`)).json();
    const film = found.find((title) => title.title === FILM);
    if (!film) throw new Error(`the catalogue has no ${FILM}`);
    await page.goto(`${shell}/movie/${encodeURIComponent(film.slug)}/play`);
    await page.getByRole('button', { name: 'Play', exact: true }).first().click();
    await page.waitForFunction(
      () => (document.querySelector('video.vw-player__video')?.currentTime ?? 0) > 1,
      undefined,
      { timeout: 30_000 },
    );
    log(`browser: ${FILM} plays (its time passed 1 s)`);
  } catch (error) {
    // Where the page was, and what it showed, for the failure's report.
    const shot = path.join(os.tmpdir(), `chitram-compose-smoke-${process.pid}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    throw new Error(
      `${error instanceof Error ? error.message : error} (at ${page.url()}; screenshot ${shot})`,
    );
  } finally {
    await browser.close();
  }
}

/** The newest code the development outbox holds for the number. */
async function outboxCode(shell, phone) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const res = await fetchWithin(`${shell}/api/dev/otp-outbox?phone=${encodeURIComponent(`+91${phone}`)}`);
    if (res.ok) {
      const code = (await res.json()).codes.at(-1)?.otp;
      if (code) return code;
    }
    await delay(300);
  }
  throw new Error(`no code reached the outbox for +91${phone}`);
}

async function main() {
  if (!dockerAnswers())
    throw new Error('no Docker engine answers (apt-get install docker.io, then start dockerd)');
  const compose = composeCommand();
  for (const built of ['libs/contracts/dist/index.js', 'services/media/dist/transcoding/test-sources.js'])
    if (!existsSync(path.join(ROOT, built))) throw new Error(`${built} is missing: npm run build first`);
  const { made } = await phase('images', () => readyImages());

  const dir = mkdtempSync(path.join(os.tmpdir(), 'chitram-compose-smoke-'));
  const env = await smokeEnvironment(dir);
  // The values go in a file of the smoke's own (so that no .env of the operator's is read, and a
  // platform left up with SMOKE_KEEP=1 can be taken down with the same file).
  const envFile = path.join(dir, 'smoke.env');
  writeFileSync(
    envFile,
    Object.entries(env)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
    { mode: 0o600 },
  );
  const project = `chitram-smoke-${process.pid}`;
  const files = [
    compose.v1 ? composeFileForV1(dir) : 'docker-compose.yml',
    ...(made ? ['deploy/compose.made-images.yml'] : []),
    'deploy/compose.smoke.yml',
  ];
  const run = (args, options = {}) =>
    spawnSync(
      compose.command[0],
      [
        ...compose.command.slice(1),
        // Relative paths (the build context, NATS's configuration) are the repository's, whichever file.
        ...['--project-directory', ROOT, '--env-file', envFile, '-p', project],
        ...files.flatMap((f) => ['-f', f]),
        ...args,
      ],
      // Given in the environment too: there it wins over a value the operator's shell may hold.
      { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', ...options },
    );
  const shell = `http://localhost:${env.SHELL_PORT}`;
  log(
    `${compose.command.join(' ')} -p ${project} (${made ? 'servers from the images made here' : 'official server images'}), the shell on ${shell}`,
  );
  let ok = false;
  const down = () => {
    if (process.env.SMOKE_KEEP === '1') {
      log(
        `left up; stop it with: ${compose.command.join(' ')} --project-directory ${ROOT} --env-file ${envFile} -p ${project} ${files.map((f) => `-f ${f}`).join(' ')} down -v`,
      );
      return;
    }
    const stopped = run(['down', '-v', '--remove-orphans', '--timeout', '20'], { stdio: 'ignore' });
    if (stopped.status !== 0) log(`compose down exited ${stopped.status}`);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    down();
    process.exit(130);
  });
  try {
    await phase('compose up', async () => {
      // Compose v1 stops at the first dependency it reads unhealthy, and on a loaded machine a check
      // can miss its time: `up` again (what runs is left as it is) until the deadline.
      const deadline = Date.now() + HEALTHY_WITHIN_MS;
      for (let attempt = 1; ; attempt++) {
        const up = run(['up', '-d', '--no-build'], { stdio: 'inherit' });
        if (up.status === 0) break;
        if (Date.now() > deadline) throw new Error(`compose up exited ${up.status} (${attempt} tries)`);
        log(`compose up exited ${up.status}; again (try ${attempt + 1})`);
        await delay(10_000);
      }
      await waitForHealth(shell);
    });
    await phase('demo seed', () => seed(env, dir));
    await phase('browser pass', () => browserPass(shell));
    ok = true;
  } catch (error) {
    const logs = run(['logs', '--no-color', '--tail', '40']);
    console.error(`${logs.stdout ?? ''}${logs.stderr ?? ''}`.split('\n').slice(-200).join('\n'));
    // Which container is not up or not healthy, and why its health check says so.
    const states = run(['ps']);
    console.error(states.stdout);
    for (const id of run(['ps', '-q']).stdout.split('\n').filter(Boolean)) {
      const health = spawnSync('docker', ['inspect', '--format', '{{.Name}} {{json .State.Health}}', id], {
        encoding: 'utf8',
      });
      if (/"Status":"unhealthy"/.test(health.stdout)) console.error(health.stdout.slice(0, 1500));
    }
    throw error;
  } finally {
    await phase('compose down', () => down());
    console.log(`\n${phases.map(([name, s]) => `${name} ${s} s`).join(', ')}`);
    log(
      `${ok ? 'passed' : 'FAILED'} in ${seconds(started)} s (load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
  }
}

main().catch((error) => {
  console.error(`compose:smoke: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
