// npm run bench:transcode: what a title's video costs the platform (DECISIONS D23), two figures.
//   1. Memory while a large video is uploaded: BENCH_UPLOAD_GB (2) generated on the fly and sent in one
//      tus PATCH through the gateway to media (never held whole anywhere), then moved by media into
//      object storage. The resident memory (RSS) of the gateway and of media is sampled every 100 ms;
//      the figure is its growth over each one's idle RSS (target: under 100 MB).
//   2. Transcoding speed: a generated 1080p source of BENCH_SOURCE_SECONDS (20) turned into the HLS
//      ladder (360 to 1080) by the media service's own transcoder, its segments encrypted as the worker
//      encrypts them (D35), as a multiple of real time.
// Runs its own NATS (JetStream), s3rver, media service and gateway on free ports (Postgres and Redis
// are the local ones, DATABASE_URL and REDIS_URL), so nothing of a running platform is touched.
// Exits 0 whether or not the target is met; 1 when something broke. Figures: .data/bench/transcode.json.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import {
  ensureBuilt,
  infrastructureEnv,
  natsServerBinary,
  ROOT,
  startGateway,
  startService,
} from './lib/apps.mjs';
import { findFreePort, Supervisor, waitUntil } from './lib/processes.mjs';
import { formatTable, oneDecimal, writeJson } from './lib/report.mjs';

const require = createRequire(import.meta.url);
const OUTPUT = path.join(ROOT, '.data/bench/transcode.json');
const DATABASE_NAME = 'chitram_bench_media';
const TARGET_RSS_GROWTH_MB = 100;
const MB = 1024 * 1024;
const settings = {
  uploadBytes: Math.round(Number(process.env.BENCH_UPLOAD_GB ?? 2) * 1024 * MB),
  sourceSeconds: Number(process.env.BENCH_SOURCE_SECONDS ?? 20),
};
const log = (line) => console.log(line);
const supervisor = new Supervisor();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-bench-transcode-'));

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/** Samples the RSS of some processes every 100 ms until stopped; answers each one's peak. */
function sampleRss(children) {
  const peaks = Object.fromEntries(children.map((c) => [c.name, 0]));
  const timer = setInterval(() => {
    for (const c of children) peaks[c.name] = Math.max(peaks[c.name], rssMb(c.pid));
  }, 100);
  return () => {
    clearInterval(timer);
    return peaks;
  };
}

/** A body of `bytes` made as it is read, 1 MB at a time: an MP4's first box, then noise. */
function generatedVideo(bytes) {
  const block = randomBytes(MB);
  Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom')]).copy(block);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return void this.push(null);
      const size = Math.min(MB, bytes - sent);
      this.push(size === MB ? Buffer.from(block) : block.subarray(0, size));
      sent += size;
    },
  });
}

function tusRequest(url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { 'tus-resumable': '1.0.0', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res));
    });
    req.on('error', reject);
    if (body) body.pipe(req);
    else req.end();
  });
}

async function startStorage() {
  const port = await findFreePort();
  const keys = { S3_ACCESS_KEY: 'chitram', S3_SECRET_KEY: 'chitram-secret' };
  const child = supervisor.start(
    's3rver',
    process.execPath,
    [path.join(ROOT, 'libs/infra/lib/s3rver-main.mjs')],
    {
      env: {
        ...process.env,
        S3RVER_PORT: String(port),
        S3RVER_DIRECTORY: path.join(work, 's3'),
        S3RVER_ACCESS_KEY: keys.S3_ACCESS_KEY,
        S3RVER_SECRET_KEY: keys.S3_SECRET_KEY,
      },
    },
  );
  await waitUntil('s3rver', async () => child.output().includes('listening'), { abort: child.failed });
  return { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'bench-media', ...keys };
}

async function startJetStream() {
  const binary = natsServerBinary();
  if (!binary) throw new Error('nats-server is not on PATH (the benchmark runs a private one)');
  const port = await findFreePort();
  const child = supervisor.start('nats-server', binary, [
    '-a',
    '127.0.0.1',
    '-p',
    String(port),
    '-js',
    '-sd',
    path.join(work, 'nats'),
  ]);
  await waitUntil('nats-server', async () => child.output().includes('Server is ready'), {
    abort: child.failed,
  });
  return `nats://127.0.0.1:${port}`;
}

/** An admin's access token, signed with a key pair made for this run (the gateway gets its public half). */
async function adminToken() {
  const { AccessTokenSigner } = require(path.join(ROOT, 'libs/nest-kit/dist/access-tokens.js'));
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const signer = new AccessTokenSigner(privateKey, {
    issuer: 'chitram-auth',
    audience: 'chitram-api',
    ttlSeconds: 3600,
  });
  return {
    // An owner, who may call every admin route (D34).
    token: await signer.sign({ sub: randomUUID(), role: 'admin', sid: randomUUID(), adminRole: 'owner' }),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

async function measureUpload() {
  const infra = infrastructureEnv();
  const storage = await startStorage();
  const natsUrl = await startJetStream();
  const mediaPort = await findFreePort();
  const env = { ...infra, NATS_URL: natsUrl, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  const media = await startService(supervisor, 'media', {
    databaseName: DATABASE_NAME,
    env: {
      ...env,
      ...storage,
      MEDIA_HTTP_PORT: String(mediaPort),
      VIDEO_UPLOAD_DIR: path.join(work, 'uploads'),
    },
  });
  const { token, publicPem } = await adminToken();
  const gateway = await startGateway(supervisor, {
    env: {
      ...env,
      MEDIA_URL: `http://127.0.0.1:${mediaPort}`,
      JWT_PUBLIC_KEY: publicPem,
      REDIS_KEY_PREFIX: 'chitram-bench-transcode:',
    },
  });
  const db = new pg.Client({ connectionString: infra.DATABASE_URL.replace(/\/[^/]*$/, `/${DATABASE_NAME}`) });
  await db.connect();
  const newVideo = async () =>
    (
      await db.query(`INSERT INTO "video" ("owner_kind", "owner_id") VALUES ('movie', $1) RETURNING "id"`, [
        randomUUID(),
      ])
    ).rows[0].id;
  const stateOf = async (id) =>
    (await db.query('SELECT "state" FROM "video" WHERE "id" = $1', [id])).rows[0].state;
  const auth = { authorization: `Bearer ${token}` };

  const upload = async (bytes) => {
    const videoId = await newVideo();
    const created = await tusRequest(`${gateway.url}/api/admin/videos/${videoId}/upload`, 'POST', {
      ...auth,
      'upload-length': String(bytes),
    });
    if (created.statusCode !== 201) throw new Error(`tus creation answered ${created.statusCode}`);
    const started = Date.now();
    const done = await tusRequest(
      `${gateway.url}${created.headers.location}`,
      'PATCH',
      {
        ...auth,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes),
      },
      generatedVideo(bytes),
    );
    if (done.statusCode !== 204) throw new Error(`the upload answered ${done.statusCode}`);
    const seconds = (Date.now() - started) / 1000;
    // The upload's file is moved into object storage, then the video is queued.
    await waitUntil('stored', async () => (await stateOf(videoId)) !== 'uploading', {
      timeoutMs: 600_000,
      intervalMs: 200,
    });
    return { videoId, seconds, storedSeconds: (Date.now() - started) / 1000 - seconds };
  };

  // A small upload first: libraries loaded, connections open, so idle RSS is the warmed-up figure.
  await upload(8 * MB);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const processes = [
    { name: 'gateway', pid: gateway.child.pid },
    { name: 'media', pid: media.pid },
  ];
  const idle = Object.fromEntries(processes.map((p) => [p.name, rssMb(p.pid)]));
  log(
    `uploading ${oneDecimal(settings.uploadBytes / 1024 / MB)} GB through gateway → media → object storage ...`,
  );
  const stop = sampleRss(processes);
  const run = await upload(settings.uploadBytes);
  const peak = stop();
  await db.end();
  return {
    bytes: settings.uploadBytes,
    uploadSeconds: oneDecimal(run.seconds),
    uploadMBps: oneDecimal(settings.uploadBytes / MB / run.seconds),
    storeSeconds: oneDecimal(run.storedSeconds),
    rss: processes.map((p) => ({
      process: p.name,
      idleMb: oneDecimal(idle[p.name]),
      peakMb: oneDecimal(peak[p.name]),
      growthMb: oneDecimal(peak[p.name] - idle[p.name]),
    })),
  };
}

async function measureTranscode() {
  const { makeTestVideo } = require(path.join(ROOT, 'services/media/dist/transcoding/test-sources.js'));
  const { probeVideo } = require(path.join(ROOT, 'services/media/dist/transcoding/probe.js'));
  const { transcodeToHls } = require(path.join(ROOT, 'services/media/dist/transcoding/hls-transcoder.js'));
  const source = path.join(work, 'source-1080p.mp4');
  log(`making a ${settings.sourceSeconds} s 1080p source ...`);
  await makeTestVideo(source, { seconds: settings.sourceSeconds, height: 1080 });
  const probe = await probeVideo(source);
  log('transcoding it into the HLS ladder ...');
  const started = Date.now();
  // As the transcoding worker does it: segments encrypted with a key every 50 (D35).
  const result = await transcodeToHls(source, probe, path.join(work, 'hls'), undefined, undefined, {
    segmentsPerKey: 50,
  });
  const seconds = (Date.now() - started) / 1000;
  return {
    sourceSeconds: oneDecimal(probe.durationSeconds),
    renditions: result.renditions.map((r) => r.height),
    encrypted: result.keys !== null && result.keys !== undefined,
    wallSeconds: oneDecimal(seconds),
    timesRealTime: oneDecimal(probe.durationSeconds / seconds),
    cpus: os.cpus().length,
  };
}

let exitCode = 0;
process.once('SIGINT', () => {
  void supervisor.stopAll().finally(() => process.exit(130));
});
try {
  ensureBuilt(
    ['services/media/dist/main.js', 'gateway/dist/main.js', 'libs/nest-kit/dist/access-tokens.js'],
    log,
  );
  const upload = await measureUpload();
  await supervisor.stopAll();
  const transcode = await measureTranscode();
  log('');
  log(
    formatTable(
      ['process', 'idle RSS MB', 'peak RSS MB', 'growth MB'],
      upload.rss.map((r) => [r.process, r.idleMb, r.peakMb, r.growthMb]),
    ),
  );
  const worst = Math.max(...upload.rss.map((r) => r.growthMb));
  log(
    `\nupload of ${oneDecimal(upload.bytes / 1024 / MB)} GB: ${upload.uploadSeconds} s (${upload.uploadMBps} MB/s), ` +
      `moved into storage in ${upload.storeSeconds} s; largest RSS growth ${worst} MB ` +
      `(target < ${TARGET_RSS_GROWTH_MB} MB: ${worst < TARGET_RSS_GROWTH_MB ? 'met' : 'NOT met'})`,
  );
  log(
    `transcode of ${transcode.sourceSeconds} s of 1080p into ${transcode.renditions.join('/')}: ` +
      `${transcode.wallSeconds} s, ${transcode.timesRealTime}× real time on ${transcode.cpus} CPUs`,
  );
  writeJson(OUTPUT, { at: new Date().toISOString(), settings, upload, transcode });
  log(`figures written to ${path.relative(ROOT, OUTPUT)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await supervisor.stopAll();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
