import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ErrorCode,
  Events,
  Subjects,
  type CatalogueVideosReleased,
  type VideoMarkers,
  type VideoStatus,
} from '@chitram/contracts';
import {
  busSubject,
  connectNats,
  ensureEventStream,
  JobQueue,
  jobStreamName,
  RpcClient,
  type JobSettings,
} from '@chitram/nest-kit';
import {
  isolatedEnv,
  memoryLogger,
  startTestService,
  testInfrastructure,
  testObjectStorage,
  uniqueName,
  waitFor,
  type TestObjectStorage,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { mediaService } from '../service';
import { ObjectStorage } from '../storage/object-storage';
import { makeShortPictureVideo, makeTestVideo } from '../transcoding/test-sources';
import { TrickplayBackfill } from './trickplay-backfill';
import { VideosRepository } from './videos.repository';
import { newSourceKey, TRANSCODE_JOB, VideosService } from './videos.service';

const ROOT = path.resolve(__dirname, '../../../..');

// A title's video from stored source to HLS ladder through the JetStream work queue (DECISIONS D23,
// ARCHITECTURE rule 10), with the real ffmpeg, Postgres, NATS and object storage.

describe('videos and their transcoding jobs', () => {
  const isolation = isolatedEnv();
  let s3: TestObjectStorage;
  let work: string;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let env: Record<string, string>;

  beforeAll(async () => {
    s3 = await testObjectStorage();
    work = await mkdtemp(path.join(tmpdir(), 'chitram-videos-'));
    env = { ...s3.env, ...isolation.env, MEDIA_HTTP_PORT: '0', TRANSCODE_ACK_WAIT_SECONDS: '5' };
    nats = await connectNats(testInfrastructure().NATS_URL, 'videos-test');
    rpc = new RpcClient(nats, 5000);
  });

  afterAll(async () => {
    await nats?.close();
    await rm(work, { recursive: true, force: true });
    await s3?.destroy();
    await isolation.cleanUp();
  });

  const get = (videoId: string) => rpc.call(Subjects.media.videos.get, { videoId });
  /** The video once it is ready (a whole ladder on a machine that runs the browser suite beside it). */
  const whenReady = (videoId: string, timeoutMs = 150_000) =>
    waitFor(
      async () => {
        const now = await get(videoId);
        return now.state === 'ready' ? now : undefined;
      },
      timeoutMs,
      250,
    );
  const states = async (service: TestService, videoId: string) =>
    (
      await service.dataSource.query(
        `SELECT "payload" FROM "outbox_event" WHERE "subject" = $1 AND "payload"->>'videoId' = $2 ORDER BY "created_at", "id"`,
        [Events.videoStateChanged, videoId],
      )
    ).map((r: { payload: VideoStatus }) => r.payload);

  /** A new video for a made-up movie, with a generated source stored as an upload would store it. */
  async function storedSource(
    service: TestService,
    seconds: number,
    height: number,
    bytes?: string,
    ownerId: string = randomUUID(),
  ) {
    const video = await rpc.call(Subjects.media.videos.create, { ownerKind: 'movie', ownerId });
    const file = path.join(work, `${video.videoId}.mp4`);
    if (bytes) await writeFile(file, bytes);
    else await makeTestVideo(file, { seconds, height });
    const key = newSourceKey('mp4');
    await service.app.get(ObjectStorage).put(key, createReadStream(file), 'video/mp4');
    return { video, key };
  }

  describe('with one media instance', () => {
    let media: TestService;
    beforeAll(async () => {
      media = await startTestService(mediaService, { env });
    });
    afterAll(async () => {
      await media?.destroy();
    });

    it('turns a stored source into a ready HLS ladder, announcing each step', async () => {
      const { video, key } = await storedSource(media, 14, 720);
      expect(video).toMatchObject({ state: 'uploading', progress: 0, renditions: [] });
      const queued = await media.app.get(VideosService).sourceStored(video.videoId, key);
      expect(queued.state).toBe('queued');

      const ready = await whenReady(video.videoId);
      expect(ready).toMatchObject({
        progress: 100,
        error: null,
        renditions: [360, 480, 720],
        posterUrl: expect.stringMatching(/^\/api\/media\/images\/images\/.+\.jpg$/),
      });
      expect(ready.durationSeconds).toBeCloseTo(14, 0);

      const objects = await s3.keys(`hls/${video.videoId}/`);
      const attempt = objects[0].split('/')[2];
      expect(objects.every((k) => k.startsWith(`hls/${video.videoId}/${attempt}/`))).toBe(true);
      for (const file of [
        'master.m3u8',
        '360/index.m3u8',
        '480/index.m3u8',
        '720/index.m3u8',
        '720/segment_0000.ts',
        '720/segment_0002.ts',
      ])
        expect(objects).toContain(`hls/${video.videoId}/${attempt}/${file}`);

      const announced = await states(media, video.videoId);
      const sequence = announced
        .map((s: VideoStatus) => s.state)
        .filter((s: string, i: number, all: string[]) => s !== all[i - 1]);
      expect(sequence).toEqual(['uploading', 'queued', 'transcoding', 'ready']);
      const progress = announced
        .filter((s: VideoStatus) => s.state === 'transcoding')
        .map((s: VideoStatus) => s.progress);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    }, 180_000);

    it('fails a file that is not a video with the reason, and queues it again on Retry', async () => {
      const { video, key } = await storedSource(media, 0, 0, 'not a film at all');
      await media.app.get(VideosService).sourceStored(video.videoId, key);
      const failed = await waitFor(
        async () => {
          const now = await get(video.videoId);
          return now.state === 'failed' ? now : undefined;
        },
        30_000,
        200,
      );
      expect(failed.error).toMatch(/not a video/);
      const retried = await rpc.call(Subjects.media.videos.retry, { videoId: video.videoId });
      expect(retried).toMatchObject({ state: 'queued', error: null });
      await waitFor(async () => (await get(video.videoId)).state === 'failed', 30_000, 200);
      // A ready video is not queued again.
      await expect(rpc.call(Subjects.media.videos.retry, { videoId: randomUUID() })).rejects.toMatchObject({
        code: ErrorCode.NOT_FOUND,
      });
    });

    it('removes a video with every object made from it', async () => {
      const { video, key } = await storedSource(media, 4, 360);
      await media.app.get(VideosService).sourceStored(video.videoId, key);
      await waitFor(async () => (await get(video.videoId)).state === 'ready', 60_000, 250);
      const poster = (await get(video.videoId)).posterUrl!.replace('/api/media/images/', '');
      expect(await s3.keys(poster)).toEqual([poster]);
      await rpc.call(Subjects.media.videos.remove, { videoId: video.videoId });
      expect(await s3.keys(`hls/${video.videoId}/`)).toEqual([]);
      expect(await s3.keys(key)).toEqual([]);
      expect(await s3.keys(poster)).toEqual([]);
      await expect(get(video.videoId)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    });

    /** Every object a video made: its HLS folder, its source and its poster. */
    const objectsOf = async (videoId: string, source: string) => {
      const poster = (await get(videoId)).posterUrl?.replace('/api/media/images/', '');
      return [...(await s3.keys(`hls/${videoId}/`)), ...(await s3.keys(source)), ...(poster ? [poster] : [])];
    };
    const ready = async (service: TestService, ownerId: string) => {
      const { video, key } = await storedSource(service, 4, 360, undefined, ownerId);
      await service.app.get(VideosService).sourceStored(video.videoId, key);
      await waitFor(async () => (await get(video.videoId)).state === 'ready', 60_000, 250);
      return { videoId: video.videoId, key, objects: await objectsOf(video.videoId, key) };
    };
    /** The catalogue's announcement that a title was deleted, naming its videos. */
    const releaseTitleVideos = async (videoIds: string[]) => {
      await ensureEventStream(nats, isolation.env);
      const released: CatalogueVideosReleased = { videoIds };
      await nats.jetstream().publish(
        busSubject(isolation.env, Events.catalogVideosReleased),
        JSON.stringify({
          id: randomUUID(),
          subject: Events.catalogVideosReleased,
          occurredAt: new Date().toISOString(),
          payload: released,
        }),
      );
    };
    const announcedOf = async (ownerId: string) =>
      (
        await media.dataSource.query(
          `SELECT "payload" FROM "outbox_event" WHERE "subject" = $1 AND "payload"->>'ownerId' = $2 ORDER BY "created_at", "id"`,
          [Events.videoStateChanged, ownerId],
        )
      ).map((r: { payload: VideoStatus }) => r.payload);

    it("replaces a title's ready video: the old one goes with its objects once the new one is ready, and the title's deletion takes the rest", async () => {
      const ownerId = randomUUID();
      const first = await ready(media, ownerId);
      expect(first.objects.length).toBeGreaterThan(3);
      const second = await ready(media, ownerId);
      const gone = async (videoId: string) => (await get(videoId).catch(() => undefined)) === undefined;
      // The worker removes the replaced video (its row, then its objects) right after it has published
      // the new one as ready.
      const objectsLeft = async (keys: string[]) =>
        (await Promise.all(keys.map((key) => s3.keys(key)))).flat().length;
      await waitFor(
        async () => (await gone(first.videoId)) && (await objectsLeft(first.objects)) === 0,
        15_000,
        200,
      );
      await expect(get(first.videoId)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
      expect(await objectsOf(second.videoId, second.key)).toEqual(second.objects);

      // A later upload the admin cancelled, then the title is deleted: the catalogue names its video.
      const cancelled = await rpc.call(Subjects.media.videos.create, { ownerKind: 'movie', ownerId });
      await media.app.get(VideosService).cancel(cancelled.videoId);
      await releaseTitleVideos([second.videoId]);
      // Both go, one after the other, each its row and then its objects: wait for all of it, not for
      // whichever the handler takes first.
      await waitFor(
        async () =>
          (await gone(cancelled.videoId)) &&
          (await gone(second.videoId)) &&
          (await objectsLeft(second.objects)) === 0,
        15_000,
        200,
      );
      await expect(get(second.videoId)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    });

    /** A ready video of `seconds` for the title. */
    const readyFor = async (ownerId: string, seconds: number) => {
      const { video, key } = await storedSource(media, seconds, 360, undefined, ownerId);
      await media.app.get(VideosService).sourceStored(video.videoId, key);
      return whenReady(video.videoId, 90_000);
    };

    it('checks markers against the video (D42), and a replacement keeps them only when its length matches', async () => {
      const ownerId = randomUUID();
      const first = await readyFor(ownerId, 8);
      expect(first).toMatchObject({ hasTrickplay: true, markers: {} });
      const set = (videoId: string, markers: VideoMarkers) =>
        rpc.call(Subjects.media.videos.setMarkers, { videoId, markers });
      const refused = (fields: Record<string, unknown>) =>
        expect.objectContaining({
          code: ErrorCode.VALIDATION_FAILED,
          fields: expect.objectContaining(fields),
        });
      await expect(set(first.videoId, { intro: { startSeconds: 3, endSeconds: 2 } })).rejects.toEqual(
        refused({ 'intro.endSeconds': ['must be after the start'] }),
      );
      await expect(set(first.videoId, { credits: { startSeconds: 6, endSeconds: 20 } })).rejects.toEqual(
        refused({ 'credits.endSeconds': [expect.stringMatching(/within the video \(8 s\)/)] }),
      );
      await expect(
        set(first.videoId, {
          intro: { startSeconds: 1, endSeconds: 4 },
          recap: { startSeconds: 3, endSeconds: 5 },
        }),
      ).rejects.toEqual(refused({ 'recap.startSeconds': ['overlaps the intro'] }));
      await expect(set(first.videoId, { intro: { startSeconds: -1, endSeconds: 2 } })).rejects.toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
      });
      await expect(set(randomUUID(), {})).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });

      const markers = {
        intro: { startSeconds: 1, endSeconds: 3 },
        credits: { startSeconds: 6.5, endSeconds: 8 },
      };
      expect(await set(first.videoId, markers)).toMatchObject({
        markers,
        thumbnailsUrl: expect.stringMatching(/^\/api\/stream\/[^/]+\/trickplay\/index\.vtt$/),
      });
      expect((await get(first.videoId)).markers).toEqual(markers);

      // The same cut again (8 s): the markers still point at the same scenes, so they stay.
      const second = await readyFor(ownerId, 8);
      expect(second.markers).toEqual(markers);
      await expect(get(first.videoId)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
      // Another cut (5 s): they would not, so the title starts without markers.
      const third = await readyFor(ownerId, 5);
      expect(third.markers).toEqual({});
    }, 240_000);

    it('never reports ready a video whose trickplay sheets stop short: the job fails and is retried (D42)', async () => {
      const video = await rpc.call(Subjects.media.videos.create, {
        ownerKind: 'movie',
        ownerId: randomUUID(),
      });
      // A picture that stops at 8 s while its sound runs on to 40 s: keyframes end long before the video.
      const file = path.join(work, `${video.videoId}.mp4`);
      await makeShortPictureVideo(file, { pictureSeconds: 8, soundSeconds: 40 });
      const key = newSourceKey('mp4');
      await media.app.get(ObjectStorage).put(key, createReadStream(file), 'video/mp4');
      await media.app.get(VideosService).sourceStored(video.videoId, key);
      const failed = await waitFor(
        async () => {
          const now = await get(video.videoId);
          return now.state === 'failed' ? now : undefined;
        },
        150_000,
        500,
      );
      expect(failed.error).toMatch(/^Transcoding failed 3 times: Trickplay output is incomplete/);
      expect((await states(media, video.videoId)).map((s: VideoStatus) => s.state)).not.toContain('ready');
      expect(await s3.keys(`hls/${video.videoId}/`)).toEqual([]);
    }, 200_000);

    it('backfills trickplay sheets for a ready video made before them, for every video playing its folder', async () => {
      const first = await readyFor(randomUUID(), 5);
      const copy = await rpc.call(Subjects.media.videos.copy, {
        fromVideoId: first.videoId,
        ownerKind: 'episode',
        ownerId: randomUUID(),
      });
      // An UPDATE … RETURNING answers [rows, count].
      const [[{ prefix }]] = await media.dataSource.query(
        `UPDATE "video" SET "has_trickplay" = false WHERE "id" = ANY($1::uuid[]) RETURNING "output_prefix" AS "prefix"`,
        [[first.videoId, copy.videoId]],
      );
      await media.app.get(ObjectStorage).remove(await s3.keys(`${prefix}trickplay/`));
      expect((await get(copy.videoId)).hasTrickplay).toBe(false);
      // Its segments are encrypted (D35), and the copy plays them with the same keys: the backfill
      // decrypts the lowest rendition before ffmpeg reads it.
      const stored = media.app.get(VideosRepository);
      const keys = (await stored.find(first.videoId))?.keys;
      expect(keys?.keys.length).toBeGreaterThanOrEqual(1);
      expect((await stored.find(copy.videoId))?.keys).toEqual(keys);

      expect(await media.app.get(TrickplayBackfill).enqueueMissing()).toBeGreaterThanOrEqual(1);
      await waitFor(
        async () => (await get(copy.videoId)).hasTrickplay && (await get(first.videoId)).hasTrickplay,
        60_000,
        250,
      );
      expect(await s3.keys(`${prefix}trickplay/`)).toEqual([
        `${prefix}trickplay/index.vtt`,
        `${prefix}trickplay/sheet_001.jpg`,
      ]);
    }, 120_000);

    it('copies a ready video to other titles without transcoding, and the shared renditions outlive all but the last video that plays them', async () => {
      const original = await ready(media, randomUUID());
      const [firstTitle, secondTitle] = [randomUUID(), randomUUID()];
      const first = await rpc.call(Subjects.media.videos.copy, {
        fromVideoId: original.videoId,
        ownerKind: 'episode',
        ownerId: firstTitle,
      });
      const from = await get(original.videoId);
      expect(first).toMatchObject({
        ownerKind: 'episode',
        ownerId: firstTitle,
        state: 'ready',
        progress: 100,
        renditions: from.renditions,
        durationSeconds: from.durationSeconds,
        posterUrl: from.posterUrl,
      });
      expect(first.videoId).not.toBe(original.videoId);
      // The title hears of it as of any video that turned ready.
      expect((await announcedOf(firstTitle)).map((v: VideoStatus) => v.state)).toEqual(['ready']);
      // A copy of the copy, then the original and the first copy go: the second still has every object.
      const second = await rpc.call(Subjects.media.videos.copy, {
        fromVideoId: first.videoId,
        ownerKind: 'movie',
        ownerId: secondTitle,
      });
      const rendered = original.objects.filter((key) => key.startsWith('hls/'));
      await rpc.call(Subjects.media.videos.remove, { videoId: original.videoId });
      await rpc.call(Subjects.media.videos.remove, { videoId: first.videoId });
      expect(await s3.keys(original.key)).toEqual([]); // the source was the original's alone
      for (const key of original.objects.filter((k) => k !== original.key))
        expect(await s3.keys(key)).toEqual([key]);
      expect(await s3.keys(`hls/${first.videoId}/`)).toEqual([]);
      expect((await get(second.videoId)).state).toBe('ready');
      // The last one takes them.
      await rpc.call(Subjects.media.videos.remove, { videoId: second.videoId });
      for (const key of [...rendered, ...original.objects]) expect(await s3.keys(key)).toEqual([]);
    }, 180_000);

    it('copies only a ready video, and replaces what the title played', async () => {
      const uploading = await rpc.call(Subjects.media.videos.create, {
        ownerKind: 'movie',
        ownerId: randomUUID(),
      });
      const copyOf = (fromVideoId: string, ownerId = randomUUID()) =>
        rpc.call(Subjects.media.videos.copy, { fromVideoId, ownerKind: 'movie', ownerId });
      await expect(copyOf(uploading.videoId)).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
      await expect(copyOf(randomUUID())).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
      await expect(copyOf('not-a-video')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });

      // A title whose own video is ready takes a copy of another: its own goes, with its objects.
      const ownerId = randomUUID();
      const own = await ready(media, ownerId);
      const other = await ready(media, randomUUID());
      const copied = await copyOf(other.videoId, ownerId);
      await waitFor(async () => (await get(own.videoId).catch(() => undefined)) === undefined, 15_000, 200);
      for (const key of own.objects) expect(await s3.keys(key)).toEqual([]);
      expect((await get(copied.videoId)).state).toBe('ready');
      for (const key of other.objects) expect(await s3.keys(key)).toEqual([key]);
    }, 180_000);

    it("keeps a film's trailer apart from its video (D45): read, replaced, and removed with the film or alone", async () => {
      const filmId = randomUUID();
      const film = await ready(media, filmId);
      const trailerOf = () =>
        rpc.call(Subjects.media.trailers.current, { titleKind: 'movie', titleId: filmId });
      expect(await trailerOf()).toEqual({ video: null, playingVideoId: null });
      // A trailer that is a copy of a ready clip, and a newer one on its way: the copy plays meanwhile.
      const trailer = await rpc.call(Subjects.media.videos.copy, {
        fromVideoId: film.videoId,
        ownerKind: 'movie-trailer',
        ownerId: filmId,
      });
      const next = await rpc.call(Subjects.media.videos.create, {
        ownerKind: 'movie-trailer',
        ownerId: filmId,
      });
      expect(await trailerOf()).toMatchObject({
        video: { videoId: next.videoId, state: 'uploading', ownerKind: 'movie-trailer' },
        playingVideoId: trailer.videoId,
      });
      // The film's own video is untouched by its trailers.
      expect((await get(film.videoId)).state).toBe('ready');

      // The film is deleted: its trailers go with its video.
      await releaseTitleVideos([film.videoId]);
      await waitFor(async () => (await trailerOf()).video === null, 15_000, 200);
      // The renditions the trailer shared go with the last of them (its objects are removed after its row).
      await waitFor(
        async () => (await Promise.all(film.objects.map((key) => s3.keys(key)))).every((k) => k.length === 0),
        15_000,
        200,
      );

      // Removed alone: every trailer video of the title, and none of another title.
      const otherId = randomUUID();
      await rpc.call(Subjects.media.videos.create, { ownerKind: 'movie-trailer', ownerId: otherId });
      await rpc.call(Subjects.media.videos.create, { ownerKind: 'movie-trailer', ownerId: filmId });
      expect(await rpc.call(Subjects.media.trailers.remove, { titleKind: 'movie', titleId: filmId })).toEqual(
        {
          removed: 1,
        },
      );
      expect((await trailerOf()).video).toBeNull();
      expect(
        (await rpc.call(Subjects.media.trailers.current, { titleKind: 'movie', titleId: otherId })).video,
      ).not.toBeNull();
      await expect(
        rpc.call(Subjects.media.trailers.current, { titleKind: 'episode' as 'movie', titleId: filmId }),
      ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    }, 180_000);

    it('cancels an upload: the video leaves "uploading", and the title is told of the video it plays now', async () => {
      // A title with nothing playable yet: the cancelled video is its news.
      const lone = await rpc.call(Subjects.media.videos.create, {
        ownerKind: 'movie',
        ownerId: randomUUID(),
      });
      const service = media.app.get(VideosService);
      expect(await service.cancel(lone.videoId)).toMatchObject({ state: 'cancelled' });
      expect(await get(lone.videoId)).toMatchObject({ state: 'cancelled', progress: 0 });
      expect((await announcedOf(lone.ownerId)).map((v: VideoStatus) => v.state)).toEqual([
        'uploading',
        'cancelled',
      ]);
      // Only an upload still waiting for bytes is cancelled.
      expect(await service.cancel(lone.videoId)).toBeUndefined();

      // A title whose replacement upload was cancelled plays its ready video again: that is its newest news.
      const ownerId = randomUUID();
      const playing = await ready(media, ownerId);
      const replacement = await rpc.call(Subjects.media.videos.create, { ownerKind: 'movie', ownerId });
      await service.cancel(replacement.videoId);
      const news = await announcedOf(ownerId);
      const last = news.at(-1) as VideoStatus;
      expect(last).toMatchObject({ videoId: playing.videoId, state: 'ready' });
      const uploading = news.find((v: VideoStatus) => v.videoId === replacement.videoId)!;
      expect(Date.parse(last.updatedAt)).toBeGreaterThan(Date.parse(uploading.updatedAt));
      expect(await get(replacement.videoId)).toMatchObject({ state: 'cancelled' });
      expect(await objectsOf(playing.videoId, playing.key)).toEqual(playing.objects);
    });
  });

  it('finishes on another instance a job whose worker was killed halfway, with one visible result', async () => {
    const database = uniqueName('test_media');
    let a: ChildProcess | undefined;
    let b: TestService | undefined;
    try {
      // An instance that sets up the database and the stored source, then leaves.
      const setup = await startTestService(mediaService, { env, database });
      // 40 s at 480p: long enough to be killed halfway, a ladder of two renditions to make again.
      const { video, key } = await storedSource(setup, 40, 480);
      await setup.close();
      // Worker A is a real process, the only one running, killed with SIGKILL while it transcodes.
      a = spawn(process.execPath, ['services/media/dist/main.js'], {
        cwd: ROOT,
        env: {
          ...process.env,
          ...testInfrastructure(),
          ...env,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
          DATABASE_NAME: database,
        },
        stdio: 'ignore',
      });
      await waitFor(
        async () => (await get(video.videoId).catch(() => undefined))?.state === 'uploading',
        20_000,
        200,
      );
      // What the upload does once the source is stored: the video is queued and its job enqueued.
      await setup.dataSource.initialize();
      await setup.dataSource.query(
        `UPDATE "video" SET "state" = 'queued', "source_key" = $2 WHERE "id" = $1`,
        [video.videoId, key],
      );
      await setup.dataSource.destroy();
      await new JobQueue(nats, env as unknown as JobSettings).enqueue(TRANSCODE_JOB, {
        videoId: video.videoId,
      });
      await waitFor(
        async () => {
          const now = await get(video.videoId);
          return now.state === 'transcoding' && now.progress >= 5;
        },
        60_000,
        200,
      );
      a.kill('SIGKILL');
      await new Promise((resolve) => a!.once('exit', resolve));

      // Worker B takes the job over once A's ack wait has passed without a sign of life.
      b = await startTestService(mediaService, { env, database });
      // A whole transcode with its sprite sheets (D42) on a machine running the browser suite beside it
      // (180 s ran out once with the load average near 30).
      const ready = await whenReady(video.videoId, 270_000);
      expect(ready.renditions).toEqual([360, 480]);
      const attempts = new Set((await s3.keys(`hls/${video.videoId}/`)).map((k) => k.split('/')[2]));
      expect(attempts.size).toBe(1);
    } finally {
      a?.kill('SIGKILL');
      await b?.destroy();
    }
  }, 400_000);

  it('leaves the jobs of a media process with MEDIA_TRANSCODE=off to a worker process, which transcodes them', async () => {
    // A jobs stream of its own, which no earlier media instance has consumed from.
    const own = isolatedEnv();
    const ownEnv = { ...env, ...own.env };
    const { logger, lines } = memoryLogger('media');
    const media = await startTestService(mediaService, {
      env: { ...ownEnv, MEDIA_TRANSCODE: 'off' },
      logger,
    });
    let worker: ChildProcess | undefined;
    try {
      const { video, key } = await storedSource(media, 4, 360);
      expect((await media.app.get(VideosService).sourceStored(video.videoId, key)).state).toBe('queued');
      // Media consumes nothing from the queue: the job waits there, and no consumer takes it.
      const jsm = await nats.jetstreamManager();
      const stream = jobStreamName(own.env);
      const consumer = TRANSCODE_JOB.replace(/\./g, '_');
      expect((await jsm.streams.info(stream)).state.messages).toBe(1);
      await expect(jsm.consumers.info(stream, consumer)).rejects.toThrow();

      const healthPort = await freePort();
      const output: string[] = [];
      worker = spawn(process.execPath, ['services/media/dist/worker.js'], {
        cwd: ROOT,
        env: {
          ...process.env,
          ...testInfrastructure(),
          ...ownEnv,
          MEDIA_TRANSCODE: 'off', // the same configuration as media's: a worker transcodes regardless
          HEALTH_PORT: String(healthPort),
          LOG_LEVEL: 'info',
          NODE_ENV: 'test',
          DATABASE_NAME: media.database,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      worker.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));

      const ready = await whenReady(video.videoId);
      expect(ready.renditions).toEqual([360]);
      // The worker did it, with its health served on HEALTH_PORT; media logged no transcode. The
      // worker's log line may reach its pipe a moment after the state it logs is stored.
      const workerSaidReady = () =>
        output
          .join('')
          .split('\n')
          .some((line) => line.includes(video.videoId) && line.includes('"video ready"'));
      await waitFor(async () => workerSaidReady(), 10_000, 100);
      expect(lines.filter((line) => line.msg === 'video ready')).toEqual([]);
      const health = await fetch(`http://127.0.0.1:${healthPort}/health/ready`);
      expect(health.status).toBe(200);
      expect((await jsm.consumers.info(stream, consumer)).num_pending).toBe(0);
    } finally {
      worker?.kill('SIGTERM');
      if (worker && worker.exitCode === null) await new Promise((resolve) => worker!.once('exit', resolve));
      await media.destroy();
      await own.cleanUp();
    }
  }, 120_000);
});

/** A port nothing listens on now, for a child process's server. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
