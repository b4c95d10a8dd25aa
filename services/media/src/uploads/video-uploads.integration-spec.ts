import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, Events, VIDEO_UPLOAD_MAX_BYTES, type VideoState } from '@chitram/contracts';
import { internalToken, MEDIA_TOKEN_HEADER, urlForDatabase } from '@chitram/nest-kit';
import {
  dropDatabase,
  isolatedEnv,
  testInfrastructure,
  testObjectStorage,
  uniqueName,
  waitFor,
  type TestObjectStorage,
} from '@chitram/test-helpers';
import { Client } from 'minio';
import { Client as Postgres } from 'pg';
import { makeTestVideo } from '../transcoding/test-sources';

// Resumable video uploads (tus) into the media service's HTTP server, with the real Postgres, NATS,
// object storage and transcoding worker behind them. The service runs built, as a process: the tus
// library ships ES modules only, which Node requires but jest's module registry does not.

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../../../..');
/** tus's version header, and the token media's server wants from its one caller, the gateway. */
const TUS = { 'tus-resumable': '1.0.0', [MEDIA_TOKEN_HEADER]: internalToken('') };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('resumable video uploads into media', () => {
  const isolation = isolatedEnv();
  const infra = testInfrastructure();
  const database = uniqueName('test_media');
  let s3: TestObjectStorage;
  let storage: Client;
  let work: string;
  let uploads: string;
  /** The video uploads' files in the uploads folder; dubs' audio uploads keep a folder of their own in it. */
  const videoUploadFiles = async () => (await readdir(uploads)).filter((name) => name !== 'audio');
  let db: Postgres;
  let media: ChildProcess | undefined;
  let env: Record<string, string>;
  const output: string[] = [];
  let base: string;

  /** One HTTP request with a whole body (or none), to the instance at `to` (the first one unless said). */
  function send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: Buffer,
    to = base,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${to}${url}`, { method, headers: { ...TUS, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** A PATCH whose connection is dropped after `sent`, part of the body it announced. */
  function droppedPatch(url: string, offset: number, announced: number, sent: Buffer): Promise<void> {
    return new Promise((resolve) => {
      const req = httpRequest(`${base}${url}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(announced),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(sent, () => setTimeout(() => req.destroy(), 200));
    });
  }

  const patch = (url: string, offset: number, bytes: Buffer, to = base) =>
    send(
      'PATCH',
      url,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      bytes,
      to,
    );
  const create = (videoId: string, length: number) =>
    send('POST', `/uploads/videos/${videoId}`, { 'upload-length': String(length) });
  const offsetOf = async (url: string, to = base) =>
    Number((await send('HEAD', url, {}, undefined, to)).headers['upload-offset']);

  /** A video waiting for its file, as VideosService.create makes it. */
  const newVideo = async (): Promise<string> =>
    (
      await db.query(`INSERT INTO "video" ("owner_kind", "owner_id") VALUES ('movie', $1) RETURNING "id"`, [
        randomUUID(),
      ])
    ).rows[0].id;
  const videoOf = async (videoId: string) =>
    (
      await db.query('SELECT "state", "error", "renditions", "source_key" FROM "video" WHERE "id" = $1', [
        videoId,
      ])
    ).rows[0] as { state: VideoState; error: string | null; renditions: number[]; source_key: string | null };
  const reaches = (videoId: string, state: VideoState, timeoutMs = 90_000) =>
    waitFor(
      async () => {
        const video = await videoOf(videoId);
        return video.state === state ? video : undefined;
      },
      timeoutMs,
      200,
    );
  /** Every state the video announced, in order (progress repeats left out). */
  const statesOf = async (videoId: string): Promise<string[]> => {
    const { rows } = await db.query(
      `SELECT "payload"->>'state' AS "state" FROM "outbox_event"
        WHERE "subject" = $1 AND "payload"->>'videoId' = $2 ORDER BY "created_at", "id"`,
      [Events.videoStateChanged, videoId],
    );
    return (rows as Array<{ state: string }>)
      .map((r) => r.state)
      .filter((state, i, all) => state !== all[i - 1]);
  };
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const storedBytes = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getObject(s3.env.S3_BUCKET, key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  function run(script: string, env: Record<string, string>): ChildProcess {
    const child = spawn(process.execPath, [`services/media/dist/${script}`], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HEALTH_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    return child;
  }

  const leftover = {
    videoId: '',
    bytes: Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), randomBytes(50_000)]),
  };

  beforeAll(async () => {
    s3 = await testObjectStorage();
    const endpoint = new URL(s3.env.S3_ENDPOINT);
    storage = new Client({
      endPoint: endpoint.hostname,
      port: Number(endpoint.port),
      useSSL: false,
      accessKey: s3.env.S3_ACCESS_KEY,
      secretKey: s3.env.S3_SECRET_KEY,
      region: s3.env.S3_REGION,
      pathStyle: true,
    });
    work = await mkdtemp(path.join(tmpdir(), 'chitram-video-uploads-test-'));
    uploads = path.join(work, 'uploads');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      ...infra,
      ...isolation.env,
      ...s3.env,
      DATABASE_NAME: database,
      MEDIA_HTTP_PORT: String(port),
      VIDEO_UPLOAD_DIR: uploads,
    };
    const migration = run('migrate.js', env);
    const code = await new Promise((resolve) => migration.once('exit', resolve));
    if (code !== 0) throw new Error(`media migration failed:\n${output.join('')}`);
    db = new Postgres({ connectionString: urlForDatabase(infra.DATABASE_URL, database) });
    await db.connect();

    // An upload whose last byte arrived just before the process stopped, before it was stored.
    leftover.videoId = await newVideo();
    await mkdir(uploads, { recursive: true });
    const id = `${leftover.videoId}.${randomBytes(16).toString('hex')}`;
    await writeFile(path.join(uploads, id), leftover.bytes);
    await writeFile(
      path.join(uploads, `${id}.json`),
      JSON.stringify({ id, size: leftover.bytes.length, offset: 0, creation_date: new Date().toISOString() }),
    );

    media = run('main.js', env);
    await waitFor(
      async () => {
        if (media!.exitCode !== null) throw new Error(`media exited:\n${output.join('')}`);
        return (await create(randomUUID(), 1).catch(() => undefined))?.status === 404;
      },
      30_000,
      200,
    );
  });

  /** Stops a media process the test started, and waits for it to be gone. */
  async function stop(child: ChildProcess | undefined): Promise<void> {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  afterAll(async () => {
    await stop(media);
    await db?.end();
    await dropDatabase(infra.DATABASE_URL, database);
    await s3?.destroy();
    await isolation.cleanUp();
    await rm(work, { recursive: true, force: true });
  });

  it('stores, once started, an upload that finished just before the service stopped', async () => {
    const video = await waitFor(
      async () => (await videoOf(leftover.videoId)).source_key ?? undefined,
      10_000,
      100,
    );
    expect(video).toMatch(/^sources\/[0-9a-f-]{36}\.mp4$/);
    expect(sha(await storedBytes(video))).toBe(sha(leftover.bytes));
    await waitFor(async () => !(await readdir(uploads)).some((f) => f.startsWith(leftover.videoId)), 5000);
  });

  it('resumes an upload cut off mid-PATCH from the offset the server has, and stores the exact bytes', async () => {
    const file = path.join(work, 'film.mp4');
    await makeTestVideo(file, { seconds: 4, height: 360 });
    const film = await readFile(file);
    const videoId = await newVideo();

    const created = await create(videoId, film.length);
    expect(created.status).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const url = created.headers.location!;
    expect(url).toMatch(new RegExp(`^/uploads/videos/${videoId}/[0-9a-f]{32}$`));

    // The first chunk arrives whole; the second is cut off part-way.
    const first = Math.floor(film.length / 4);
    expect((await patch(url, 0, film.subarray(0, first))).headers['upload-offset']).toBe(String(first));
    await droppedPatch(
      url,
      first,
      film.length - first,
      film.subarray(first, first + Math.floor(film.length / 3)),
    );
    const resumeAt = await waitFor(async () => {
      const offset = await offsetOf(url);
      return offset > first ? offset : undefined;
    }, 10_000);
    expect(resumeAt).toBeLessThan(film.length);
    expect((await videoOf(videoId)).state).toBe('uploading');

    const rest = await patch(url, resumeAt, film.subarray(resumeAt));
    expect(rest.status).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(film.length));

    const ready = await reaches(videoId, 'ready');
    expect(ready.renditions).toEqual([360]);
    expect(await statesOf(videoId)).toEqual(['queued', 'transcoding', 'ready']);
    expect(sha(await storedBytes(ready.source_key!))).toBe(sha(film));
    // The local copy is gone once the object is stored.
    await waitFor(async () => (await videoUploadFiles()).length === 0, 5000);
  });

  it('refuses a file that is plainly not a video at its first bytes, failing the video with the reason', async () => {
    const videoId = await newVideo();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(200_000)]);
    const url = (await create(videoId, pdf.length)).headers.location!;
    const refused = await patch(url, 0, pdf);
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.body)).toMatchObject({ code: ErrorCode.UNSUPPORTED_MEDIA_TYPE });
    expect(await videoOf(videoId)).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/not a video/),
    });
    expect((await send('HEAD', url, {})).status).toBe(404);
    expect(await videoUploadFiles()).toEqual([]);

    // A failed video takes a new file, and is uploading again meanwhile.
    const again = await create(videoId, 10);
    expect(again.status).toBe(201);
    expect((await videoOf(videoId)).state).toBe('uploading');
    await send('DELETE', again.headers.location!, {});
  });

  it('lets the worker fail a file that begins like a video but is not one, with the reason', async () => {
    const videoId = await newVideo();
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), randomBytes(100_000)]);
    const url = (await create(videoId, fake.length)).headers.location!;
    expect((await patch(url, 0, fake)).status).toBe(204);
    const failed = await reaches(videoId, 'failed');
    expect(failed.error).toMatch(/not a video/);
  });

  it('cancels an upload: no file or object is left, the video is cancelled, and it takes a new upload', async () => {
    const before = await s3.keys();
    const videoId = await newVideo();
    const url = (await create(videoId, 1_000_000)).headers.location!;
    const head = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypmp42'), randomBytes(300_000)]);
    expect((await patch(url, 0, head)).status).toBe(204);
    expect((await send('DELETE', url, {})).status).toBe(204);
    expect((await send('HEAD', url, {})).status).toBe(404);
    expect(await videoUploadFiles()).toEqual([]);
    expect(await s3.keys()).toEqual(before);
    const cancelled = await reaches(videoId, 'cancelled', 5000);
    expect(cancelled.source_key).toBeNull();
    expect(await statesOf(videoId)).toEqual(['cancelled']);
    const again = await create(videoId, 1_000_000);
    expect(again.status).toBe(201);
    expect(again.headers.location).not.toBe(url);
    expect((await videoOf(videoId)).state).toBe('uploading');
    await send('DELETE', again.headers.location!, {});
  });

  it('takes files up to 20 GB, only for a video that still waits for one', async () => {
    const videoId = await newVideo();
    expect((await create(videoId, VIDEO_UPLOAD_MAX_BYTES + 1)).status).toBe(413);
    const missing = await create(randomUUID(), 10);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ code: ErrorCode.NOT_FOUND });

    const url = (await create(videoId, 10)).headers.location!;
    // Another upload of the same video finished first: this one takes no more bytes, and none starts.
    await db.query(`UPDATE "video" SET "state" = 'queued' WHERE "id" = $1`, [videoId]);
    expect((await patch(url, 0, Buffer.from('0123456789'))).status).toBe(409);
    expect((await create(videoId, 10)).status).toBe(409);
    expect((await send('DELETE', url, {})).status).toBe(204);

    expect((await send('GET', url, {})).status).toBe(404);
    expect((await send('PATCH', `/uploads/videos/${videoId}/not-an-id`, {})).status).toBe(404);
  });

  describe('with a second instance sharing the upload folder', () => {
    let second: ChildProcess | undefined;
    let other: string;

    beforeAll(async () => {
      const port = await freePort();
      other = `http://127.0.0.1:${port}`;
      second = run('main.js', { ...env, MEDIA_HTTP_PORT: String(port) });
      await waitFor(
        async () => {
          if (second!.exitCode !== null) throw new Error(`the second media exited:\n${output.join('')}`);
          const answer = await send(
            'POST',
            `/uploads/videos/${randomUUID()}`,
            { 'upload-length': '1' },
            undefined,
            other,
          );
          return answer.status === 404;
        },
        30_000,
        200,
      );
    });

    afterAll(async () => {
      await stop(second);
    });

    it('resumes on one instance an upload begun on the other, and stores the exact bytes', async () => {
      const file = path.join(work, 'shared.mp4');
      await makeTestVideo(file, { seconds: 3, height: 360 });
      const film = await readFile(file);
      const videoId = await newVideo();
      const url = (await create(videoId, film.length)).headers.location!;
      const half = Math.floor(film.length / 2);
      expect((await patch(url, 0, film.subarray(0, half))).status).toBe(204);

      expect(await offsetOf(url, other)).toBe(half);
      const rest = await patch(url, half, film.subarray(half), other);
      expect(rest.status).toBe(204);
      expect(rest.headers['upload-offset']).toBe(String(film.length));
      const stored = await waitFor(async () => (await videoOf(videoId)).source_key ?? undefined, 15_000, 100);
      expect(sha(await storedBytes(stored))).toBe(sha(film));
      await waitFor(async () => !(await readdir(uploads)).some((f) => f.startsWith(videoId)), 10_000);
    });

    it('takes over on one instance an upload whose request hangs on the other, one request at a time', async () => {
      const bytes = Buffer.concat([
        Buffer.from([0, 0, 0, 0x20]),
        Buffer.from('ftypisom'),
        randomBytes(600_000),
      ]);
      const videoId = await newVideo();
      const url = (await create(videoId, bytes.length)).headers.location!;
      // A PATCH whose client went quiet part-way (a dropped phone connection the server has not noticed).
      const hanging = httpRequest(`${base}${url}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      hanging.on('error', () => undefined);
      // Ended by the server: its instance let go of the upload for the other's request.
      const ended = new Promise<boolean>((resolve) => {
        hanging.once('response', () => resolve(true));
        hanging.once('close', () => resolve(true));
      });
      await new Promise<void>((resolve) => hanging.write(bytes.subarray(0, 200_000), () => resolve()));
      try {
        // What arrived is on disk (looked at directly: a request to the first instance would end it).
        const name = url.split('/').slice(-2).join('.');
        await waitFor(async () => (await stat(path.join(uploads, name))).size > 0, 10_000, 100);
        // The other instance asks the first to let go, and answers where to resume from.
        const started = Date.now();
        const head = await send('HEAD', url, {}, undefined, other);
        expect(head.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(15_000);
        const within = (ms: number) =>
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms));
        expect(await Promise.race([ended, within(5000)])).toBe(true);
        const resumeAt = Number(head.headers['upload-offset']);
        expect(resumeAt).toBeGreaterThan(0);
        expect(resumeAt).toBeLessThanOrEqual(200_000);
        const rest = await patch(url, resumeAt, bytes.subarray(resumeAt), other);
        expect(rest.status).toBe(204);
        const stored = await waitFor(
          async () => (await videoOf(videoId)).source_key ?? undefined,
          15_000,
          100,
        );
        expect(sha(await storedBytes(stored))).toBe(sha(bytes));
      } finally {
        hanging.destroy();
      }
    });
  });
});
