// The images' runtime stage, read from the Dockerfiles (issue 24): any Node base will do (the base of
// the last stage is a build argument, so `npm run images` can give one made on the machine), the app
// runs as a user the Dockerfile makes, never as root, and deploy/not-root.cjs stops an app started as
// root all the same. The images themselves are built and run by `npm run images` where a Docker
// engine answers (deploy/images/build.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dockerfileOf, finalStage, imageUser, readCompose } from './compose';
import { WORKSPACE_ROOT } from './workspace';

const compose = readCompose(path.join(WORKSPACE_ROOT, 'docker-compose.yml'));
const dockerfiles = [
  ...new Set(
    Object.values(compose.services)
      .map((service) => dockerfileOf(service, WORKSPACE_ROOT))
      .filter((file): file is string => file !== undefined),
  ),
];
const NOT_ROOT = path.join(WORKSPACE_ROOT, 'deploy/not-root.cjs');
const APP_UID = '10001';

describe("the images' runtime stage", () => {
  it.each(dockerfiles.map((file) => [path.relative(WORKSPACE_ROOT, file), file]))(
    '%s runs on any base, as its own user, with the root guard preloaded',
    (_name, file) => {
      const dockerfile = readFileSync(file, 'utf8');
      const stage = finalStage(dockerfile);
      expect(stage[0]).toMatch(/^FROM \$\{RUNTIME_IMAGE\} AS runtime$/);
      expect(dockerfile).toMatch(/^ARG RUNTIME_IMAGE=/m);
      expect(imageUser(dockerfile)).toBe(`${APP_UID}:${APP_UID}`);
      expect(stage.some((line) => line.includes(`chitram:x:${APP_UID}:${APP_UID}:`))).toBe(true);
      expect(stage).toContain('COPY deploy/not-root.cjs /usr/local/lib/chitram/not-root.cjs');
      expect(stage.find((line) => line.startsWith('ENV '))).toContain(
        '--require /usr/local/lib/chitram/not-root.cjs',
      );
      // No package manager runs in the image that ships.
      expect(stage.filter((line) => /\bapt-get\b|\bdpkg\b/.test(line))).toEqual([]);
    },
  );
});

describe('deploy/images/prune-modules.sh', () => {
  it('drops maps, declarations and markdown from a node_modules, and keeps code and licences', () => {
    const modules = mkdtempSync(path.join(os.tmpdir(), 'prune-modules-'));
    const files = [
      'a/index.js',
      'a/index.js.map',
      'a/index.d.ts',
      'a/types.d.mts',
      'a/README.md',
      'a/LICENSE',
      'a/package.json',
    ];
    for (const file of files) {
      mkdirSync(path.dirname(path.join(modules, file)), { recursive: true });
      writeFileSync(path.join(modules, file), 'x');
    }
    const pruned = spawnSync('sh', [path.join(WORKSPACE_ROOT, 'deploy/images/prune-modules.sh'), modules]);
    expect(pruned.status).toBe(0);
    expect(readdirSync(path.join(modules, 'a')).sort()).toEqual(['LICENSE', 'index.js', 'package.json']);
  });
});

describe('deploy/not-root.cjs', () => {
  // The uid the guard reads is the process's; a preloaded line makes it the one a case needs, so the
  // cases hold on any machine, root or not.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'not-root-'));
  const asUid = path.join(dir, 'as-uid.cjs');
  writeFileSync(asUid, 'process.getuid = () => Number(process.env.AS_UID);\n');
  const run = (uid: number) =>
    spawnSync(process.execPath, ['--require', asUid, '--require', NOT_ROOT, '-e', 'console.log("app ran")'], {
      env: { ...process.env, AS_UID: String(uid) },
      encoding: 'utf8',
    });

  it('stops an app started as root before any of its code runs, saying why', () => {
    const answer = run(0);
    expect(answer.status).toBe(78);
    expect(answer.stdout).toBe('');
    expect(answer.stderr).toContain('refusing to run as root');
  });

  it("lets the image's own user run the app", () => {
    const answer = run(Number(APP_UID));
    expect(answer.status).toBe(0);
    expect(answer.stdout).toBe('app ran\n');
  });
});

describe('deploy/images/media-ffmpeg.sh', () => {
  // Media's image runs an ffmpeg built with only what media does; a codec or format its code starts to
  // ask for must be added to the build too, or the image would fail where development (npm's full
  // static builds) works.
  const script = readFileSync(path.join(WORKSPACE_ROOT, 'deploy/images/media-ffmpeg.sh'), 'utf8');
  const built = (kind: string) =>
    new Set((new RegExp(`^${kind}=\\(([^)]*)\\)`, 'm').exec(script)?.[1] ?? '').split(/\s+/).filter(Boolean));
  const mediaSource = path.join(WORKSPACE_ROOT, 'services/media/src');
  const mediaCode = readdirSync(mediaSource, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && !/\.(spec|integration-spec|testing)\.ts$/.test(file))
    .map((file) => readFileSync(path.join(mediaSource, file), 'utf8'));
  /** The literal values media's code passes after an option, e.g. every `'-c:v', 'libx264'`. */
  const asked = (option: string) => {
    const pattern = new RegExp(`'${option}',\\s*'([a-z0-9_]+)'`, 'g');
    return [
      ...new Set(mediaCode.flatMap((code) => [...code.matchAll(pattern)].map((match) => match[1]))),
    ].sort();
  };

  it("builds every encoder media's code names", () => {
    const codecs = [...asked('-c:v'), ...asked('-c:a')];
    expect(codecs).toEqual(expect.arrayContaining(['aac', 'libx264']));
    const encoders = built('encoders');
    expect(codecs.filter((codec) => !encoders.has(codec))).toEqual([]);
  });

  it("builds every format media's code reads or writes with -f", () => {
    // lavfi is an input device; ffmpeg names its raw PCM muxers pcm_<format>.
    const formats = asked('-f').filter((format) => format !== 'lavfi');
    expect(formats).toEqual(expect.arrayContaining(['hls', 's16le']));
    const muxers = built('muxers');
    expect(formats.filter((format) => !muxers.has(format) && !muxers.has(`pcm_${format}`))).toEqual([]);
    expect(script).toContain('--enable-indev=lavfi');
  });
});
