#!/usr/bin/env node
// npm run images (issue 24): builds every app's image from the repository's Dockerfiles, as
// docker-compose.yml names them (its `build:` and `image:` of each app: one source for both), and
// prints their sizes against the target (a back-end image under 250 MB).
//
// Base images: the official node images where a registry answers (`docker pull`); where none does,
// bases made on this machine by deploy/images/node-base.sh (Debian from its packages, Node from the npm
// registry), made once and then reused. Where they come from can be forced: NODE_IMAGE (the build
// stages' base, and the runtime of an app that installs Debian packages) and RUNTIME_IMAGE (every other
// runtime). The legacy builder is used, on the host's network: BuildKit would fetch its own front end
// image, and the build stages install from the npm registry.
//
//   npm run images [-- app ...]     (apps by their images' names: auth, gateway, shell, ...; default all)
//
// Settings: CHITRAM_TAG (the images' tag, `local` as in compose), IMAGES_PULL_TIMEOUT_SECONDS (20).
// Exits 1 when a build fails or no Docker engine answers.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OFFICIAL_NODE = 'node:20-bookworm-slim';
const LOCAL_PREFIX = 'chitram-local/node';
const NODE_MAJOR = process.versions.node.split('.')[0];
const LOCAL_NODE = `${LOCAL_PREFIX}:${NODE_MAJOR}-bookworm-slim`;
const LOCAL_RUNTIME = `${LOCAL_PREFIX}:${NODE_MAJOR}-runtime`;
/** The back-end images' size target (issue 24). */
const BACKEND_TARGET_MB = 250;
const tag = process.env.CHITRAM_TAG || 'local';

/** Runs the docker client to completion, its output kept as text. */
export function docker(args, options = {}) {
  return spawnSync('docker', args, { encoding: 'utf8', ...options });
}

/** Whether a Docker engine answers the client. */
export function dockerAnswers() {
  return docker(['info', '--format', '{{.ServerVersion}}']).status === 0;
}

/** Runs docker with its output shown, prefixed by the app's name; resolves to the exit code. */
function dockerShown(name, args, env) {
  return new Promise((resolve) => {
    const child = spawn('docker', args, { cwd: ROOT, env: { ...process.env, ...env } });
    let tail = '';
    const show = (chunk) => {
      tail = (tail + chunk).slice(-4000);
      for (const line of String(chunk).split('\n'))
        if (/^Step \d+\/\d+/.test(line)) console.log(`  ${name}: ${line}`);
    };
    child.stdout.on('data', show);
    child.stderr.on('data', show);
    child.on('close', (code) => {
      if (code !== 0) console.error(`${name}: docker build failed\n${tail}`);
      resolve(code ?? 1);
    });
  });
}

/** The images compose builds (an app's migration job shares its image): name, Dockerfile, build args and image name. */
export function composeImages(composeFile = path.join(ROOT, 'docker-compose.yml')) {
  const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true });
  const seen = new Set();
  return Object.entries(compose.services)
    .filter(([, service]) => service.build)
    .filter(([, service]) => !seen.has(service.image) && seen.add(service.image))
    .map(([, service]) => ({
      // The image's own name (chitram/auth:local → auth): an app's migration job shares it.
      name: String(service.image).split('/').pop().split(':')[0],
      dockerfile: service.build.dockerfile,
      args: Object.fromEntries(Object.entries(service.build.args ?? {}).map(([k, v]) => [k, String(v)])),
      image: String(service.image).replace(/\$\{CHITRAM_TAG:-[^}]*\}/, tag),
    }));
}

/** Which bases to build on: forced by the environment, the official image if it can be pulled, else ours. */
function chooseBases() {
  if (process.env.NODE_IMAGE)
    return { node: process.env.NODE_IMAGE, runtime: process.env.RUNTIME_IMAGE || process.env.NODE_IMAGE };
  const timeout = Number(process.env.IMAGES_PULL_TIMEOUT_SECONDS || 20) * 1000;
  const pulled = docker(['pull', '-q', OFFICIAL_NODE], { timeout });
  if (pulled.status === 0) {
    console.log(`bases: ${OFFICIAL_NODE} (pulled)`);
    return { node: OFFICIAL_NODE, runtime: process.env.RUNTIME_IMAGE || OFFICIAL_NODE };
  }
  console.log(`bases: ${OFFICIAL_NODE} cannot be pulled here; using bases made on this machine`);
  const missing = [LOCAL_NODE, LOCAL_RUNTIME].filter(
    (image) => docker(['image', 'inspect', image]).status !== 0,
  );
  if (missing.length) {
    console.log(`making ${missing.join(' and ')} (deploy/images/node-base.sh)`);
    const made = spawnSync(path.join(ROOT, 'deploy/images/node-base.sh'), [LOCAL_PREFIX], {
      stdio: 'inherit',
    });
    if (made.status !== 0) throw new Error('deploy/images/node-base.sh failed');
  }
  return { node: LOCAL_NODE, runtime: process.env.RUNTIME_IMAGE || LOCAL_RUNTIME };
}

function sizeMb(image) {
  const answer = docker(['image', 'inspect', '--format', '{{.Size}}', image]);
  return answer.status === 0 ? Number(answer.stdout.trim()) / 1e6 : NaN;
}

async function main() {
  if (!dockerAnswers()) {
    console.error(
      'npm run images needs a Docker engine: none answers (apt-get install docker.io, then start dockerd)',
    );
    process.exit(1);
  }
  const wanted = process.argv.slice(2);
  const images = composeImages().filter((app) => wanted.length === 0 || wanted.includes(app.name));
  if (images.length === 0) throw new Error(`no such app: ${wanted.join(', ')}`);
  const bases = chooseBases();
  const results = [];
  const started = Date.now();
  // One at a time: the builds share their first stages (the workspace's install), which the first
  // build makes and the others reuse from the layer cache.
  for (const app of images) {
    const appStarted = Date.now();
    // An app that installs Debian packages needs apt in its runtime: the build stages' base has it.
    const runtime = app.args.SYSTEM_PACKAGES ? bases.node : bases.runtime;
    const buildArgs = { ...app.args, NODE_IMAGE: bases.node, RUNTIME_IMAGE: runtime };
    const args = ['build', '--network', 'host', '-f', app.dockerfile, '-t', app.image];
    for (const [key, value] of Object.entries(buildArgs)) args.push('--build-arg', `${key}=${value}`);
    args.push('.');
    console.log(`${app.name}: building ${app.image}`);
    const code = await dockerShown(app.name, args, { DOCKER_BUILDKIT: '0' });
    results.push({
      ...app,
      ok: code === 0,
      seconds: (Date.now() - appStarted) / 1000,
      mb: sizeMb(app.image),
    });
    if (code !== 0) break;
  }
  console.log('\nimage                       size MB  target  build s');
  for (const r of results) {
    const backEnd = r.dockerfile !== 'deploy/frontend.Dockerfile';
    const target =
      backEnd && r.ok
        ? r.mb <= BACKEND_TARGET_MB
          ? `<=${BACKEND_TARGET_MB} ok`
          : `>${BACKEND_TARGET_MB} MISS`
        : '-';
    console.log(
      `${r.image.padEnd(28)}${r.ok ? r.mb.toFixed(0).padStart(7) : ' FAILED'}  ${target.padEnd(10)}${r.seconds.toFixed(0).padStart(6)}`,
    );
  }
  console.log(
    `\n${results.filter((r) => r.ok).length} of ${images.length} images in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (results.some((r) => !r.ok) || results.length < images.length) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
