#!/usr/bin/env node
// npm run images:check (issue 24): each image built by `npm run images` is run and must
//   - refuse to run as root (`--user 0`: exit 78 and its reason, deploy/not-root.cjs), and
//   - start on a read-only root file system as its own user and become healthy by its own HEALTHCHECK.
// The back-end images need the platform's servers: a test platform of processes is started first (its own
// ports, NATS, Redis, storage and databases, as `npm test` starts one; the build must be there), and each
// image runs as one more instance of its app beside it, on the host's network, with the same variables.
// A running `npm start` is neither used nor touched. Exits 1 when an image fails a check.
//
//   npm run images:check [-- app ...]     (apps by their images' names, as for npm run images; default all)
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestPlatform } from '../../bench/lib/test-platform.mjs';
import { findFreePort } from '../../libs/infra/lib/processes.mjs';
import { appSpecs } from '../../scripts/lib/layout.mjs';
import { composeImages, docker, dockerAnswers } from './build.mjs';

const HEALTHY_WITHIN_MS = 150_000;
const ROOT_REFUSAL_EXIT = 78;

const log = (line) => console.log(line);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the image as root: it must stop at once with the guard's exit code and reason. */
function refusesRoot(image) {
  const run = docker(['run', '--rm', '--user', '0', '--network', 'none', image]);
  return run.status === ROOT_REFUSAL_EXIT && /refusing to run as root/.test(run.stderr)
    ? null
    : `as root it exited ${run.status} (${(run.stderr || run.stdout).trim().split('\n').pop()})`;
}

/** Starts the image beside the test platform and waits for Docker to call it healthy. */
async function becomesHealthy(app, env, mounts) {
  const name = `chitram-check-${app.name}-${process.pid}`;
  const args = ['run', '-d', '--name', name, '--network', 'host', '--read-only', '--tmpfs', '/tmp'];
  for (const dir of mounts) args.push('-v', `${dir}:${dir}`);
  for (const [key, value] of Object.entries(env)) args.push('-e', `${key}=${value}`);
  const started = docker([...args, app.image]);
  if (started.status !== 0) return `did not start: ${started.stderr.trim()}`;
  const since = Date.now();
  try {
    for (;;) {
      const state = docker([
        'inspect',
        '--format',
        '{{.State.Status}} {{.State.Health.Status}} {{.Config.User}}',
        name,
      ]);
      const [status, health, user] = state.stdout.trim().split(' ');
      if (health === 'healthy') {
        log(
          `  ${app.name}: healthy in ${((Date.now() - since) / 1000).toFixed(1)} s, as user ${user}, read-only`,
        );
        return null;
      }
      if (status !== 'running' || Date.now() - since > HEALTHY_WITHIN_MS) {
        const logs = docker(['logs', '--tail', '15', name]);
        return `${status === 'running' ? 'not healthy in time' : `stopped (${status})`}:\n${logs.stdout}${logs.stderr}`;
      }
      await sleep(1000);
    }
  } finally {
    docker(['rm', '-f', name]);
  }
}

async function main() {
  if (!dockerAnswers()) {
    console.error('npm run images:check needs a Docker engine: none answers');
    process.exit(1);
  }
  const wanted = process.argv.slice(2);
  const known = composeImages();
  const unknown = wanted.filter((name) => !known.some((app) => app.name === name));
  if (unknown.length) {
    console.error(`no such image: ${unknown.join(', ')} (known: ${known.map((app) => app.name).join(', ')})`);
    process.exit(1);
  }
  const images = wanted.length ? known.filter((app) => wanted.includes(app.name)) : known;
  const missing = images.filter((app) => docker(['image', 'inspect', app.image]).status !== 0);
  if (missing.length) {
    console.error(`not built yet (npm run images): ${missing.map((app) => app.image).join(', ')}`);
    process.exit(1);
  }
  const problems = [];
  for (const app of images) {
    const problem = refusesRoot(app.image);
    if (problem) problems.push(`${app.name}: ${problem}`);
    else log(`  ${app.name}: refuses to run as root`);
  }

  const platform = await startTestPlatform({ log: () => {} });
  let keyDir = '';
  try {
    const { settings, runDir } = platform;
    // The platform's signing key is its owner's alone (0600); the images' user gets a copy it may read,
    // as a Secret mounted into a pod would be.
    keyDir = mkdtempSync(path.join(os.tmpdir(), 'images-check-'));
    chmodSync(keyDir, 0o755);
    const keyFile = path.join(keyDir, 'jwt-ed25519.pem');
    copyFileSync(platform.env.JWT_DEV_KEY_FILE, keyFile);
    chmodSync(keyFile, 0o644);
    const specs = appSpecs(settings.ports, { databasePrefix: settings.databasePrefix });
    for (const app of images) {
      const spec = specs.find((s) => s.app === app.name);
      const port = await findFreePort(settings.ports.shell + 900 + images.indexOf(app) * 3);
      // The app's variables as the platform gives them to its own instance, on a port of its own; a
      // front end's files and defaults are the image's.
      const env = {
        ...(app.args.APP.startsWith('frontends/') ? {} : { ...platform.env, JWT_DEV_KEY_FILE: keyFile }),
        ...spec.env,
        ...(settings.natsUsers && spec.kind !== 'frontend' ? settings.natsUsers.env(app.name) : {}),
        ...(spec.kind === 'service' ? { HEALTH_PORT: String(port) } : { PORT: String(port) }),
        ...(app.name === 'media' ? { MEDIA_HTTP_PORT: String(port + 1) } : {}),
        ...(app.name === 'gateway' ? { METRICS_PORT: String(port + 1) } : {}),
      };
      delete env.ROOT;
      delete env.SPA;
      const problem = await becomesHealthy(app, env, [runDir, keyDir]);
      if (problem) problems.push(`${app.name}: ${problem}`);
    }
  } finally {
    await platform.stop();
    if (keyDir) rmSync(keyDir, { recursive: true, force: true });
  }
  if (problems.length) {
    console.error(`\n${problems.length} image check(s) failed:\n${problems.join('\n')}`);
    process.exit(1);
  }
  const which = wanted.length ? images.map((app) => app.name).join(', ') : `all ${images.length} images`;
  console.log(`\n${which}: refuse root and become healthy, read-only, as their own user`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
