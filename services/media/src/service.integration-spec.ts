import { request as httpRequest } from 'node:http';
import {
  ErrorCode,
  MEDIA_CACHE_CONTROL,
  MEDIA_SIZE_LIMITS,
  Subjects,
  DomainError,
  Events,
  type StoredMedia,
} from '@chitram/contracts';
import {
  busSubject,
  connectNats,
  ensureEventStream,
  internalToken,
  MEDIA_TOKEN_HEADER,
  RpcClient,
} from '@chitram/nest-kit';
import {
  databaseExists,
  freePort,
  isolatedEnv,
  metricValue,
  scrapeMetrics,
  startTestService,
  testInfrastructure,
  testObjectStorage,
  waitFor,
  type TestObjectStorage,
  type TestService,
} from '@chitram/test-helpers';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { NatsConnection } from 'nats';
import sharp from 'sharp';
import { MediaHttpServer } from './http/media-http.server';
import { mediaService } from './service';
import { ObjectStorage } from './storage/object-storage';
import { newSourceKey } from './videos/videos.service';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One HTTP call to the media server; `body` may be a generator so large files are streamed, not held. */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | AsyncIterable<Buffer> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // As the gateway calls it: with the token both share (the development one here).
    const headers = { [MEDIA_TOKEN_HEADER]: internalToken(''), ...options.headers };
    const req = httpRequest(url, { method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    const body = options.body;
    if (!body) return void req.end();
    if (Buffer.isBuffer(body)) return void req.end(body);
    void (async () => {
      try {
        for await (const chunk of body) {
          if (req.destroyed) return;
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        }
        req.end();
      } catch {
        // The server answered and closed early; the answer is what counts.
      }
    })();
  });
}

const json = <T>(answer: Answer): T => JSON.parse(answer.body.toString()) as T;

async function* filled(head: Buffer, size: number): AsyncGenerator<Buffer> {
  yield head;
  for (let sent = head.length; sent < size;) {
    const n = Math.min(256 * 1024, size - sent);
    yield Buffer.alloc(n, 1);
    sent += n;
  }
}

const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1'),
]);

// Services start, storage and events take seconds on a loaded machine; the root jest config runs
// projects together, where a project's own testTimeout is not applied.
jest.setTimeout(60_000);

describe('media service', () => {
  const isolation = isolatedEnv();
  let s3: TestObjectStorage;
  let service: TestService;
  let base: string;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let poster: Buffer;
  let healthPort: number;

  beforeAll(async () => {
    s3 = await testObjectStorage();
    healthPort = await freePort();
    service = await startTestService(mediaService, {
      env: {
        ...s3.env,
        ...isolation.env,
        MEDIA_HTTP_PORT: '0',
        HEALTH_PORT: String(healthPort),
        HOST: '127.0.0.1',
      },
    });
    base = service.app.get(MediaHttpServer).url;
    nats = await connectNats(testInfrastructure().NATS_URL, 'media-test');
    rpc = new RpcClient(nats, 3000);
    poster = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#c0392b' } })
      .webp()
      .toBuffer();
  });

  afterAll(async () => {
    await nats?.close();
    await service?.destroy();
    await s3?.destroy();
    await isolation.cleanUp();
  });

  const upload = (
    purpose: string,
    field: string,
    body: Buffer | AsyncIterable<Buffer>,
    contentType = 'image/png',
  ) =>
    call(`${base}/uploads/${purpose}?field=${field}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });

  it('migrates its own database and reports database and storage up over NATS', async () => {
    expect(await databaseExists(testInfrastructure().DATABASE_URL, service.database)).toBe(true);
    const report = await rpc.call(Subjects.health('media'), {});
    expect(report.status).toBe('up');
    expect(report.checks).toEqual({
      database: { status: 'up' },
      redis: { status: 'up' },
      storage: { status: 'up' },
    });
  });

  it('serves its metrics on its health port: the requests it serves, its transcode queue and the live screens', async () => {
    const served = { subject: Subjects.health('media'), outcome: 'ok' };
    const count = (samples: Awaited<ReturnType<typeof scrapeMetrics>>) =>
      metricValue(samples, 'chitram_nats_handler_duration_seconds_count', served);
    const before = count(await scrapeMetrics(healthPort));
    // Asked until this instance answers: another media on the same NATS shares the queue group.
    const samples = await waitFor(async () => {
      await rpc.call(Subjects.health('media'), {});
      const after = await scrapeMetrics(healthPort);
      return count(after) > before && after;
    });
    const named = (name: string, labels: Record<string, string> = {}) =>
      samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
    // This process takes transcodes (MEDIA_TRANSCODE on): its queue is measured, empty here.
    expect(named('chitram_jobs_queued', { task: 'media.transcode' }).map((s) => s.value)).toEqual([0]);
    expect(named('chitram_jobs_oldest_queued_age_seconds', { task: 'media.transcode' })).toHaveLength(1);
    expect(named('chitram_jetstream_consumer_pending_messages').length).toBeGreaterThan(0);
    // Nobody watches in this test's Redis prefix.
    expect(named('chitram_active_screens').map((s) => s.value)).toEqual([0]);
    expect(named('chitram_outbox_unpublished_events')).toHaveLength(1);
  });

  it('stores an upload under a random key, typed by its bytes, and serves it with long cache headers', async () => {
    // Sent as a "PNG" named .png: the bytes say WebP, and WebP is what is stored.
    const answer = await upload('image', 'thumbnail', poster, 'image/png');
    expect(answer.status).toBe(201);
    const stored = json<StoredMedia>(answer);
    expect(stored).toEqual({
      key: expect.stringMatching(/^images\/[0-9a-f-]{36}\.webp$/),
      contentType: 'image/webp',
      kind: 'image',
      size: poster.length,
      url: `/api/media/images/${stored.key}`,
    });
    expect(await s3.keys()).toContain(stored.key);

    const served = await call(`${base}/objects/${stored.key}`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    expect(served.body.equals(poster)).toBe(true);
    const meta = await sharp(served.body).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);

    const revalidated = await call(`${base}/objects/${stored.key}`, {
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it('refuses a file that is not an image by its content, naming the field, and keeps nothing', async () => {
    const before = await s3.keys();
    const answer = await upload(
      'image',
      'titleImage',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(answer.status).toBe(415);
    expect(json(answer)).toEqual({
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      message: 'titleImage must be a JPEG, PNG, WebP or GIF image; the file sent is not.',
    });
    expect(await s3.keys()).toEqual(before);
  });

  it('stops an image over 10 MB with 413 and keeps nothing, not even a partial upload', async () => {
    const before = await s3.keys();
    const answer = await upload(
      'banner',
      'banner',
      filled(poster.subarray(0, 64), MEDIA_SIZE_LIMITS.image + 1),
    );
    expect(answer.status).toBe(413);
    expect(json(answer)).toEqual({
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      message: 'banner is too large: images may be at most 10 MB.',
    });
    expect(await s3.keys()).toEqual(before);
  });

  it('takes a 12 MB video banner in parts and serves byte ranges of it', async () => {
    const size = 12 * 1024 * 1024;
    const answer = await upload('banner', 'banner', filled(MP4_HEAD, size), 'application/octet-stream');
    expect(answer.status).toBe(201);
    const stored = json<StoredMedia>(answer);
    expect(stored).toMatchObject({ kind: 'video', contentType: 'video/mp4', size });
    expect(stored.key).toMatch(/^videos\/[0-9a-f-]{36}\.mp4$/);

    const head = await call(`${base}/objects/${stored.key}`, { method: 'HEAD' });
    expect(head.headers['content-length']).toBe(String(size));
    const range = await call(`${base}/objects/${stored.key}`, { headers: { range: 'bytes=4-11' } });
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 4-11/${size}`);
    expect(range.body.toString('latin1')).toBe('ftypisom');
    expect(
      (await call(`${base}/objects/${stored.key}`, { headers: { range: `bytes=${size}-` } })).status,
    ).toBe(416);
  });

  it('keeps nothing when the client breaks off mid-upload', async () => {
    const before = await s3.keys();
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${base}/uploads/banner?field=banner`, {
        method: 'POST',
        headers: { [MEDIA_TOKEN_HEADER]: internalToken('') },
      });
      req.on('error', () => resolve());
      req.write(MP4_HEAD);
      req.write(Buffer.alloc(7 * 1024 * 1024, 2)); // past the first part
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await s3.keys()).toEqual(before);
  });

  it("answers only the gateway: a call without the gateway's token, or with another, is refused", async () => {
    const stored = json<StoredMedia>(await upload('image', 'thumbnail', poster));
    for (const token of ['', 'not-the-token']) {
      const refused = await call(`${base}/objects/${stored.key}`, {
        headers: { [MEDIA_TOKEN_HEADER]: token },
      });
      expect(refused.status).toBe(401);
      expect(json(refused)).toEqual({
        code: ErrorCode.UNAUTHENTICATED,
        message: 'This server answers the gateway only.',
      });
    }
    expect((await call(`${base}/objects/${stored.key}`)).status).toBe(200);
  });

  it('answers 404 for keys it did not make and for missing objects', async () => {
    expect((await call(`${base}/objects/images/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    const missing = await call(`${base}/objects/images/00000000-0000-4000-8000-000000000000.png`);
    expect(missing.status).toBe(404);
    expect(json(missing)).toEqual({ code: ErrorCode.NOT_FOUND, message: 'No such image.' });
    expect((await upload('poster', 'x', poster)).status).toBe(404);
  });

  it("never serves a title's uploaded video as a public object, only images and banner clips", async () => {
    const banner = json<StoredMedia>(
      await upload('banner', 'banner', filled(MP4_HEAD, 64 * 1024), 'application/octet-stream'),
    );
    expect((await call(`${base}/objects/${banner.key}`)).status).toBe(200);
    const storage = service.app.get(ObjectStorage);
    const film = Buffer.concat([MP4_HEAD, Buffer.alloc(4096)]);
    // A source as uploads store it now (outside the public keys), and one stored before under videos/.
    const source = newSourceKey('mp4');
    const earlier = `videos/${randomUUID()}.mp4`;
    for (const key of [source, earlier]) {
      await storage.put(key, Readable.from([film]), 'video/mp4');
      await service.dataSource.query(
        `INSERT INTO "video" ("owner_kind", "owner_id", "state", "source_key") VALUES ('movie', $1, 'queued', $2)`,
        [randomUUID(), key],
      );
    }
    expect(source).toMatch(/^sources\//);
    for (const key of [source, earlier]) {
      const refused = await call(`${base}/objects/${key}`);
      expect([key, refused.status]).toEqual([key, 404]);
      expect(refused.body.toString()).not.toContain('ftyp');
    }
  });

  it('serves a picture at each width of MEDIA_IMAGE_WIDTHS as WebP, made once and kept, and refuses others', async () => {
    // A large JPEG banner, as an admin might upload one.
    const banner = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#2e86de' } })
      .jpeg({ quality: 92 })
      .toBuffer();
    const stored = json<StoredMedia>(await upload('banner', 'banner', banner, 'image/jpeg'));
    expect(stored.key).toMatch(/\.jpg$/);

    const small = await call(`${base}/objects/${stored.key}?w=320`);
    expect(small.status).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    const meta = await sharp(small.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 180]);
    expect(small.body.length).toBeLessThan(banner.length / 4);
    // Kept beside the picture: asked again, the same bytes come back from storage, with their validators.
    const keys = await s3.keys();
    expect(keys.filter((key) => key.startsWith('variants/'))).toContain(
      `variants/${stored.key.slice('images/'.length, -'.jpg'.length)}.w320.webp`,
    );
    const again = await call(`${base}/objects/${stored.key}?w=320`);
    expect(again.body.equals(small.body)).toBe(true);
    const revalidated = await call(`${base}/objects/${stored.key}?w=320`, {
      headers: { 'if-none-match': String(again.headers.etag) },
    });
    expect(revalidated.status).toBe(304);

    // Never wider than the picture itself; a width not on the list, or a video, is refused.
    const wide = await sharp((await call(`${base}/objects/${stored.key}?w=1280`)).body).metadata();
    expect([wide.format, wide.width]).toEqual(['webp', 1280]);
    for (const width of ['300', '0320', 'big', '']) {
      const refused = await call(`${base}/objects/${stored.key}?w=${width}`);
      expect([width, refused.status, json<{ code: string }>(refused).code]).toEqual([
        width,
        400,
        ErrorCode.VALIDATION_FAILED,
      ]);
    }
    const clip = json<StoredMedia>(await upload('banner', 'banner', filled(MP4_HEAD, 4096), 'video/mp4'));
    expect((await call(`${base}/objects/${clip.key}?w=320`)).status).toBe(400);
    expect((await call(`${base}/objects/images/00000000-0000-4000-8000-000000000000.png?w=320`)).status).toBe(
      404,
    );

    // Removing the picture removes what was made of it.
    await rpc.call(Subjects.media.deleteObjects, { keys: [stored.key] });
    expect((await s3.keys()).filter((key) => key.includes(stored.key.slice('images/'.length, -4)))).toEqual(
      [],
    );
  });

  it('deletes objects over NATS, harmlessly twice, and refuses keys it did not make', async () => {
    const stored = json<StoredMedia>(await upload('image', 'thumbnail', poster));
    await expect(rpc.call(Subjects.media.deleteObjects, { keys: [stored.key] })).resolves.toEqual({
      deleted: 1,
    });
    expect(await s3.keys()).not.toContain(stored.key);
    expect((await call(`${base}/objects/${stored.key}`)).status).toBe(404);
    await expect(rpc.call(Subjects.media.deleteObjects, { keys: [stored.key] })).resolves.toEqual({
      deleted: 1,
    });

    const refused = await rpc
      .call(Subjects.media.deleteObjects, { keys: ['../secrets'] })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('removes the images the catalogue announces it no longer uses, and only those', async () => {
    const kept = json<StoredMedia>(await upload('image', 'thumbnail', poster));
    const released = json<StoredMedia>(await upload('image', 'thumbnail', poster));
    await ensureEventStream(nats, isolation.env);
    const envelope = {
      id: randomUUID(),
      subject: Events.catalogImagesReleased,
      occurredAt: new Date().toISOString(),
      payload: { keys: [released.key] },
    };
    const js = nats.jetstream();
    const subject = busSubject(isolation.env, Events.catalogImagesReleased);
    await js.publish(subject, JSON.stringify(envelope));
    await waitFor(async () => !(await s3.keys()).includes(released.key), 10_000);
    expect(await s3.keys()).toContain(kept.key);
    expect((await call(`${base}/objects/${kept.key}`)).status).toBe(200);
  });
});
