#!/usr/bin/env node
// npm run images (issue 24): builds every app's image from the repository's Dockerfiles, as
// docker-compose.yml names them (its `build:` and `image:` of each app: one source for both), and
// prints their sizes against the target (a back-end image under 250 MB).
//
// Base images: the official node images where a registry answers (`docker pull`); where none does,
// bases made on this machine by deploy/images/node-base.sh (Debian from its packages, Node from the npm
// registry), made once and then reused. Where they come from can be forced: NODE_IMAGE (the build
// stages' base) and RUNTIME_IMAGE (the runtimes'). The legacy builder is used, on the host's network: BuildKit would fetch its own front end
// image, and the build stages install from the npm registry.
//
//   npm run images [-- app ...]     (apps by their images' names: auth, gateway, shell, ...; default all)
//
// The infrastructure's images too (postgres, redis, nats, s3; libs/infra/lib/images.mjs): the official
// ones are pulled where a registry answers; where none does, stand-ins are made from Debian's packages
// (deploy/images/infra-base.sh: postgresql-15, redis-server, nats-server) and npm (s3.Dockerfile: s3rver),
// each made again only when its recipe changed. `npm run images -- postgres redis nats s3` makes only them.
//
// Settings: CHITRAM_TAG (the images' tag, `local` as in compose), IMAGES_PULL_TIMEOUT_SECONDS (20).
// Exits 1 when a build fails or no Docker engine answers.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { INFRA_IMAGES } from '../../libs/infra/lib/images.mjs';

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

/** Pulls an image within IMAGES_PULL_TIMEOUT_SECONDS; answers whether it came. */
function pulled(image) {
  const timeout = Number(process.env.IMAGES_PULL_TIMEOUT_SECONDS || 20) * 1000;
  return docker(['pull', '-q', image], { timeout }).status === 0;
}

/**
 * Which bases to build on: forced by the environment, the official image if it can be pulled, else
 * ours. `registry`: whether a registry answered (the infrastructure's images follow the same choice).
 */
function chooseBases() {
  if (process.env.NODE_IMAGE)
    return {
      node: process.env.NODE_IMAGE,
      runtime: process.env.RUNTIME_IMAGE || process.env.NODE_IMAGE,
      registry: process.env.NODE_IMAGE === OFFICIAL_NODE,
    };
  if (pulled(OFFICIAL_NODE)) {
    console.log(`bases: ${OFFICIAL_NODE} (pulled)`);
    return { node: OFFICIAL_NODE, runtime: process.env.RUNTIME_IMAGE || OFFICIAL_NODE, registry: true };
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
  return { node: LOCAL_NODE, runtime: process.env.RUNTIME_IMAGE || LOCAL_RUNTIME, registry: false };
}

/** The label that records which recipe made an infrastructure image. */
const RECIPE_LABEL = 'in.chitram.recipe';

/** The files each made infrastructure image comes from: it is made again when their hash changes. */
function recipeOf(name) {
  const files = {
    postgres: ['deploy/images/infra-base.sh', 'deploy/images/infra/postgres-entrypoint.sh'],
    redis: ['deploy/images/infra-base.sh', 'deploy/images/infra/redis-entrypoint.sh'],
    nats: ['deploy/images/infra-base.sh'],
  }[name];
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(path.join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The version of an npm package that the workspace's lockfile installs. */
function lockedVersion(name) {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`package-lock.json installs no ${name}`);
  return version;
}

/**
 * One infrastructure image: the official one pulled where a registry answers (unless its variable names
 * another, used as it is); else the one made here, from Debian's packages or npm. Resolves to the image
 * and whether it is there.
 */
async function infraImage(name, bases) {
  const { variable, official, made } = INFRA_IMAGES[name];
  const wanted = process.env[variable];
  if (wanted && wanted !== made) {
    const there = docker(['image', 'inspect', wanted]).status === 0 || pulled(wanted);
    if (!there) console.error(`${name}: ${variable}=${wanted} is not on the engine and cannot be pulled`);
    return { image: wanted, ok: there };
  }
  if (bases.registry && !wanted) {
    const ok = pulled(official);
    if (!ok) console.error(`${name}: ${official} cannot be pulled`);
    return { image: official, ok };
  }
  if (name === 's3') {
    const args = ['build', '--network', 'host', '-f', 'deploy/images/s3.Dockerfile', '-t', made];
    for (const [key, value] of Object.entries({
      NODE_IMAGE: bases.node,
      RUNTIME_IMAGE: bases.runtime,
      S3RVER_VERSION: lockedVersion('@20minutes/s3rver'),
      MINIO_VERSION: lockedVersion('minio'),
    }))
      args.push('--build-arg', `${key}=${value}`);
    args.push('.');
    return { image: made, ok: (await dockerShown(name, args, { DOCKER_BUILDKIT: '0' })) === 0 };
  }
  const recipe = recipeOf(name);
  const label = docker([
    'image',
    'inspect',
    '--format',
    `{{ index .Config.Labels "${RECIPE_LABEL}" }}`,
    made,
  ]);
  if (label.status === 0 && label.stdout.trim() === recipe) {
    console.log(`${name}: ${made} is there, made by this recipe`);
    return { image: made, ok: true };
  }
  const script = path.join(ROOT, 'deploy/images/infra-base.sh');
  const run = spawnSync(script, [name, made], {
    stdio: 'inherit',
    env: { ...process.env, RECIPE_LABEL: `${RECIPE_LABEL}=${recipe}` },
  });
  return { image: made, ok: run.status === 0 };
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
  const infra = Object.keys(INFRA_IMAGES).filter((name) => wanted.length === 0 || wanted.includes(name));
  const unknown = wanted.filter((name) => !images.some((app) => app.name === name) && !infra.includes(name));
  if (unknown.length) throw new Error(`no such image: ${unknown.join(', ')}`);
  const bases = chooseBases();
  const results = [];
  const started = Date.now();
  // One at a time: the builds share their first stages (the workspace's install), which the first
  // build makes and the others reuse from the layer cache.
  for (const app of images) {
    const appStarted = Date.now();
    const buildArgs = { ...app.args, NODE_IMAGE: bases.node, RUNTIME_IMAGE: bases.runtime };
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
  if (results.every((r) => r.ok))
    for (const name of infra) {
      const infraStarted = Date.now();
      const { image, ok } = await infraImage(name, bases);
      results.push({
        name,
        image,
        ok,
        infra: true,
        seconds: (Date.now() - infraStarted) / 1000,
        mb: sizeMb(image),
      });
      if (!ok) break;
    }
  console.log(`\n${'image'.padEnd(42)}size MB  target    build s`);
  for (const r of results) {
    const backEnd = !r.infra && r.dockerfile !== 'deploy/frontend.Dockerfile';
    const target =
      backEnd && r.ok
        ? r.mb <= BACKEND_TARGET_MB
          ? `<=${BACKEND_TARGET_MB} ok`
          : `>${BACKEND_TARGET_MB} MISS`
        : '-';
    console.log(
      `${r.image.padEnd(42)}${r.ok ? r.mb.toFixed(0).padStart(7) : ' FAILED'}  ${target.padEnd(10)}${r.seconds.toFixed(0).padStart(6)}`,
    );
  }
  console.log(
    `\n${results.filter((r) => r.ok).length} of ${images.length + infra.length} images in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (results.some((r) => !r.ok) || results.length < images.length + infra.length) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
