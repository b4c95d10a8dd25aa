import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ErrorCode,
  Subjects,
  type AdminMovie,
  type AudioTrack,
  type SubtitleTrack,
  type VideoAudioTracksAnswer,
  type VideoStatus,
} from '@chitram/contracts';
import { connectNats, loadConfig, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  testInfrastructure,
  testObjectStorage,
  waitFor,
  type TestObjectStorage,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGatewayApp } from '../app';
import { GatewayConfig } from '../config';
import { testTokens } from '../testing/access-tokens';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';
import { freePort, testTone, testVideo } from '../testing/media-fixtures';

// Titles' videos through the gateway: created for a saved movie, uploaded resumably over tus with the
// real media and catalog services behind (Postgres, NATS, object storage, the transcoding worker).

jest.setTimeout(180_000);

const TUS = { 'tus-resumable': '1.0.0' };
const BYTES = 'application/offset+octet-stream';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('admin videos through the gateway', () => {
  const isolation = isolatedEnv();
  const tokens = testTokens();
  let admin: string;
  let adminId: string;
  let viewer: string;
  let s3: TestObjectStorage;
  let services: RunningProcesses;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let app: NestFastifyApplication;
  let address: string;
  let work: string;

  /** One request through the gateway, with a whole body (or none). */
  function send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: Buffer | string,
    token: string | null = admin,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        `${address}${url}`,
        {
          method,
          headers: { ...TUS, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  const json = (method: string, url: string, body?: unknown, token: string | null = admin) =>
    body === undefined
      ? send(method, url, {}, undefined, token)
      : send(method, url, { 'content-type': 'application/json' }, JSON.stringify(body), token);
  const patch = (url: string, offset: number, bytes: Buffer) =>
    send('PATCH', url, { 'upload-offset': String(offset), 'content-type': BYTES }, bytes);
  const createUpload = (videoId: string, length: number) =>
    send('POST', `/api/admin/videos/${videoId}/upload`, { 'upload-length': String(length) });
  const newMovie = async () =>
    (
      await rpc.call(Subjects.catalog.movies.create, {
        title: `Kaveri Nights ${randomBytes(3).toString('hex')}`,
        description: 'A ferry, a festival and a song nobody can finish.',
        cast: ['Rakshit Gowda', 'Meera Jois'],
        genre: ['Drama'],
        language: 'Kannada',
        rating: 'U',
        releaseYear: 2022,
        duration: '1hr 58min',
        thumbnailUrl: 'https://images.example.com/kaveri/poster.jpg',
        bannerUrl: 'https://images.example.com/kaveri/banner.jpg',
        titlePngUrl: 'https://images.example.com/kaveri/title.png',
      })
    ).movie;
  const newVideo = async (): Promise<VideoStatus> => {
    const movie = await newMovie();
    const res = await json('POST', '/api/admin/videos', { ownerKind: 'movie', ownerId: movie._id });
    expect(res.status).toBe(201);
    return JSON.parse(res.body) as VideoStatus;
  };
  const videoNow = async (videoId: string) =>
    JSON.parse((await json('GET', `/api/admin/videos/${videoId}`)).body) as VideoStatus;
  const reaches = (videoId: string, state: VideoStatus['state']) =>
    waitFor(
      async () => {
        const video = await videoNow(videoId);
        return video.state === state ? video : undefined;
      },
      120_000,
      250,
    );

  beforeAll(async () => {
    s3 = await testObjectStorage();
    work = await mkdtemp(path.join(tmpdir(), 'chitram-admin-videos-'));
    const mediaPort = await freePort();
    services = await startServiceProcesses(['media', 'catalog', 'auth'], isolation.env, {
      media: { ...s3.env, MEDIA_HTTP_PORT: String(mediaPort), VIDEO_UPLOAD_DIR: path.join(work, 'uploads') },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'admin-videos-test');
    rpc = new RpcClient(nats, 10_000);
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      LOG_LEVEL: 'silent',
      RPC_TIMEOUT_MS: '10000',
      MEDIA_URL: `http://127.0.0.1:${mediaPort}`,
      JWT_PUBLIC_KEY: tokens.publicPem,
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
    });
    ({ token: admin, sub: adminId } = await tokens.as('admin'));
    viewer = (await tokens.as('user')).token;
    app = await createGatewayApp(config);
    await app.listen(0, '127.0.0.1');
    address = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await nats?.close();
    await services?.stop();
    await s3?.destroy();
    await isolation.cleanUp();
    await rm(work, { recursive: true, force: true });
  });

  it('creates a video only for a title that exists, with a well-formed request', async () => {
    const video = await newVideo();
    expect(video).toMatchObject({ ownerKind: 'movie', state: 'uploading', progress: 0, error: null });
    expect(await videoNow(video.videoId)).toMatchObject({ videoId: video.videoId, state: 'uploading' });

    const missing = await json('POST', '/api/admin/videos', { ownerKind: 'movie', ownerId: randomUUID() });
    expect(missing.status).toBe(404);
    const bad = await json('POST', '/api/admin/videos', { ownerKind: 'trailer', ownerId: 'x' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await json('GET', `/api/admin/videos/${randomUUID()}`)).status).toBe(404);
  });

  it('uploads in chunks larger than the JSON body limit, resumes after a dropped connection, and plays', async () => {
    const film = await testVideo(path.join(work, 'film.mp4'), 10, 720);
    expect(film.length).toBeGreaterThan(2 * 1024 * 1024);
    const movie = await newMovie();
    const video = JSON.parse(
      (await json('POST', '/api/admin/videos', { ownerKind: 'movie', ownerId: movie._id })).body,
    ) as VideoStatus;

    const created = await createUpload(video.videoId, film.length);
    expect(created.status).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const url = created.headers.location!;
    expect(url).toMatch(new RegExp(`^/api/admin/videos/${video.videoId}/upload/[0-9a-f]{32}$`));

    // 1.5 MB in one PATCH: over BODY_LIMIT_BYTES (1 MB), streamed through.
    const first = 1536 * 1024;
    const whole = await patch(url, 0, film.subarray(0, first));
    expect(whole.status).toBe(204);
    expect(whole.headers['upload-offset']).toBe(String(first));

    // The next PATCH is cut off part-way: the connection drops.
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${address}${url}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          authorization: `Bearer ${admin}`,
          'upload-offset': String(first),
          'content-type': BYTES,
          'content-length': String(film.length - first),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(film.subarray(first, first + 512 * 1024), () => setTimeout(() => req.destroy(), 300));
    });
    const resumeAt = await waitFor(async () => {
      const head = await send('HEAD', url, {});
      const offset = Number(head.headers['upload-offset']);
      return head.status === 200 && offset > first ? offset : undefined;
    }, 15_000);
    expect(resumeAt).toBeLessThan(film.length);

    const rest = await patch(url, resumeAt, film.subarray(resumeAt));
    expect(rest.status).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(film.length));

    const ready = await reaches(video.videoId, 'ready');
    expect(ready.renditions).toEqual([360, 480, 720]);
    const [source] = await s3.keys('sources/');
    expect(source).toMatch(/^sources\/[0-9a-f-]{36}\.mp4$/);
    // The uploaded file is never a public object: not under its own key, not as a banner video's.
    for (const key of [source, source.replace(/^sources\//, 'videos/')])
      expect((await json('GET', `/api/media/images/${key}`, undefined, null)).status).toBe(404);
    // The admin's movie list and form read the state from the catalogue, which follows media's events.
    const listed = await waitFor(async () => {
      const res = await json('GET', `/api/admin/movies/${movie._id}`);
      const shown = (JSON.parse(res.body) as AdminMovie).video;
      return shown?.state === 'ready' ? shown : undefined;
    }, 15_000);
    expect(listed).toMatchObject({ videoId: video.videoId, progress: 100 });

    // D44: subtitles through the gateway, streamed to media: a broken timing is refused with its line,
    // a good SRT becomes a Tamil track, listed, and removed again.
    const subtitles = `/api/admin/videos/${video.videoId}/subtitles`;
    const srt = (text: string, query = 'language=ta') =>
      send('POST', `${subtitles}?${query}`, { 'content-type': 'application/x-subrip' }, text);
    const broken = await srt(
      '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:04,000 --> 00:00:03,000\nbad\n',
    );
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({
      code: 'SUBTITLE_INVALID',
      message: expect.stringMatching(/^Line 6: /),
    });
    expect((await srt('1\n00:00:01,000 --> 00:00:02,000\nok\n', 'language=fr')).status).toBe(400);
    const added = await srt('1\n00:00:01,000 --> 00:00:02,000\nவணக்கம்\n', 'language=ta&sdh=true');
    expect(added.status).toBe(201);
    const track = JSON.parse(added.body) as SubtitleTrack;
    expect(track).toMatchObject({ language: 'ta', sdh: true, forced: false, format: 'srt', cueCount: 1 });
    expect(JSON.parse((await json('GET', subtitles)).body)).toEqual({
      videoId: video.videoId,
      subtitles: [track],
    });
    const removed = await json('DELETE', `${subtitles}/${track.subtitleId}`);
    expect(JSON.parse(removed.body)).toEqual({ videoId: video.videoId, subtitles: [] });

    // D44: dubs through the gateway. The source's own audio stream is listed; a stream it lacks, a
    // language not of the eight and a file without sound are refused with their codes; a WAV sent over
    // tus becomes a Hindi track, the film's own sound its original in the title's language (Kannada).
    const audio = `/api/admin/videos/${video.videoId}/audio`;
    const audioNow = async () => JSON.parse((await json('GET', audio)).body) as VideoAudioTracksAnswer;
    expect(await audioNow()).toMatchObject({ tracks: [], sourceStreams: [{ stream: 0, codec: 'aac' }] });
    const noStream = await json('POST', audio, { language: 'te', sourceStream: 3 });
    expect([noStream.status, JSON.parse(noStream.body).code]).toEqual([400, 'AUDIO_STREAM_NOT_FOUND']);
    const french = await json('POST', audio, { language: 'fr', sourceStream: 0 });
    expect([french.status, JSON.parse(french.body).code]).toEqual([400, 'VALIDATION_FAILED']);
    const audioUpload = (bytes: Buffer, language: string) =>
      send('POST', `${audio}/upload?language=${language}`, { 'upload-length': String(bytes.length) });
    expect((await audioUpload(Buffer.from('x'), 'xx')).status).toBe(400);
    const notes = Buffer.from('RIFF....WAVE but only words, no sound at all');
    const refusedAt = (await audioUpload(notes, 'bn')).headers.location!;
    expect(refusedAt).toMatch(new RegExp(`^${audio}/upload/[0-9a-f]{12}$`));
    const refused = await patch(refusedAt, 0, notes);
    expect([refused.status, JSON.parse(refused.body).code]).toEqual([415, 'AUDIO_INVALID']);
    const wav = await testTone(path.join(work, 'hindi.wav'), 3, 660);
    const dub = await audioUpload(wav, 'hi');
    expect(dub.status).toBe(201);
    expect((await patch(dub.headers.location!, 0, wav)).status).toBe(204);
    const made = await waitFor(async () => {
      const { tracks } = await audioNow();
      return tracks.every((t) => t.state === 'ready' || t.state === 'failed') && tracks;
    }, 60_000);
    expect(made.map((t: AudioTrack) => [t.language, t.original, t.source, t.state])).toEqual([
      ['kn', true, 'original', 'ready'],
      ['bn', false, 'upload', 'failed'],
      ['hi', false, 'upload', 'ready'],
    ]);
    // Catalogue admins only; each addition in the audit trail.
    expect((await json('GET', audio, undefined, viewer)).status).toBe(403);
    expect((await json('POST', audio, { language: 'te', sourceStream: 0 }, null)).status).toBe(401);
    await waitFor(async () => {
      const page = await rpc.call(Subjects.auth.audit.page, { action: 'video-audio-added' });
      return page.entries.filter((e) => e.entity.id === movie._id).length === 2;
    }, 15_000);
    const hindi = made.find((t: AudioTrack) => t.language === 'hi')!;
    const left = JSON.parse(
      (await json('DELETE', `${audio}/${hindi.audioTrackId}`)).body,
    ) as VideoAudioTracksAnswer;
    expect(left.tracks.map((t) => t.language)).toEqual(['kn', 'bn']);

    // Another title takes a ready copy of it (issue 19), nothing transcoded: the title shows it ready.
    const other = await newMovie();
    const copied = await json('POST', `/api/admin/videos/${video.videoId}/copies`, {
      ownerKind: 'movie',
      ownerId: other._id,
    });
    expect(copied.status).toBe(201);
    const copy = JSON.parse(copied.body) as VideoStatus;
    expect(copy).toMatchObject({ ownerId: other._id, state: 'ready', renditions: [360, 480, 720] });
    expect(copy.videoId).not.toBe(video.videoId);
    await waitFor(async () => {
      const res = await json('GET', `/api/admin/movies/${other._id}`);
      return (JSON.parse(res.body) as AdminMovie).video?.videoId === copy.videoId;
    }, 15_000);
    // Only to a title that exists, only of a ready video, only by an admin.
    const toNowhere = await json('POST', `/api/admin/videos/${video.videoId}/copies`, {
      ownerKind: 'movie',
      ownerId: randomUUID(),
    });
    expect(toNowhere.status).toBe(404);
    const pending = await newVideo();
    const notReady = await json('POST', `/api/admin/videos/${pending.videoId}/copies`, {
      ownerKind: 'movie',
      ownerId: other._id,
    });
    expect(notReady.status).toBe(409);
    const byNobody = await json(
      'POST',
      `/api/admin/videos/${video.videoId}/copies`,
      { ownerKind: 'movie', ownerId: other._id },
      null,
    );
    expect(byNobody.status).toBe(401);
  });

  it('refuses a file that is not a video, fails the video with the reason, and retries only what has a file', async () => {
    const video = await newVideo();
    const text = Buffer.from('Dear admin, this is a letter, not a film.\n'.repeat(100));
    const url = (await createUpload(video.videoId, text.length)).headers.location!;
    const refused = await patch(url, 0, text);
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      message: expect.stringMatching(/not a video/),
    });
    expect(await videoNow(video.videoId)).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/not a video/),
    });
    const retried = await json('POST', `/api/admin/videos/${video.videoId}/retry`);
    expect(retried.status).toBe(409);

    // Bytes that begin like an MP4 pass the first look; the worker fails them, and Retry queues them again.
    const other = await newVideo();
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), randomBytes(64_000)]);
    const fakeUrl = (await createUpload(other.videoId, fake.length)).headers.location!;
    expect((await patch(fakeUrl, 0, fake)).status).toBe(204);
    expect((await reaches(other.videoId, 'failed')).error).toMatch(/not a video/);
    const again = await json('POST', `/api/admin/videos/${other.videoId}/retry`);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toMatchObject({ state: 'queued', error: null });
  });

  it('cancels an upload: the title shows no pending upload, and the video takes another file', async () => {
    const movie = await newMovie();
    const created = await json('POST', '/api/admin/videos', { ownerKind: 'movie', ownerId: movie._id });
    const video = JSON.parse(created.body) as VideoStatus;
    const url = (await createUpload(video.videoId, 5_000_000)).headers.location!;
    const head = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypmp42'), randomBytes(100_000)]);
    expect((await patch(url, 0, head)).status).toBe(204);
    expect((await send('DELETE', url, {})).status).toBe(204);
    expect((await send('HEAD', url, {})).status).toBe(404);
    expect(await reaches(video.videoId, 'cancelled')).toMatchObject({ progress: 0, error: null });
    // The admin's list reads the title's video from the catalogue: nothing is uploading any more.
    const listed = await waitFor(async () => {
      const shown = (JSON.parse((await json('GET', `/api/admin/movies/${movie._id}`)).body) as AdminMovie)
        .video;
      return shown?.state === 'cancelled' ? shown : undefined;
    }, 15_000);
    expect(listed).toMatchObject({ videoId: video.videoId });
    expect((await createUpload(video.videoId, 5_000_000)).status).toBe(201);
    expect((await videoNow(video.videoId)).state).toBe('uploading');
    // The audit trail (auth's) says which admin cancelled the upload of which title.
    const [entry] = await waitFor(async () => {
      const page = await rpc.call(Subjects.auth.audit.page, { action: 'video-upload-cancelled' });
      const found = page.entries.filter((e) => e.entity.id === movie._id);
      return found.length > 0 && found;
    }, 15_000);
    expect(entry).toMatchObject({
      admin: { id: adminId },
      entity: { type: 'movie', id: movie._id, label: movie.title },
      changes: [{ field: 'video.state', before: 'uploading', after: 'cancelled' }],
    });
  });

  it("carries an episode's series to media from the catalogue, never from the request (D42, suggested intros)", async () => {
    const { series } = await rpc.call(Subjects.catalog.series.create, {
      title: `Ganga Tales ${randomBytes(3).toString('hex')}`,
      cast: ['Anchor'],
      language: 'Hindi',
      rating: 'U',
      tags: ['river'],
      titlePngUrl: `images/${randomUUID()}.webp`,
      genre: ['Drama'],
      category: 'political',
      episodes: [
        {
          title: 'The Source',
          videoUrl: 'https://cdn.example.com/shows/ganga.m3u8',
          description: 'Where it begins.',
          releaseDate: '2024-03-01',
          duration: '20min',
          bannerUrl: `images/${randomUUID()}.webp`,
        },
      ],
    });
    const { episodes } = await rpc.call(Subjects.catalog.series.get, { id: series._id });
    const res = await json('POST', '/api/admin/videos', {
      ownerKind: 'episode',
      ownerId: episodes[0]._id,
      seriesId: randomUUID(),
    });
    expect(res.status).toBe(201);
    const { videoId } = JSON.parse(res.body) as VideoStatus;
    const [row] = await services.query('media', 'SELECT "series_id" FROM "video" WHERE "id" = $1', [videoId]);
    expect(row).toEqual({ series_id: series._id });
    // A film has no series, whatever the request says.
    const movie = await newMovie();
    const film = await json('POST', '/api/admin/videos', {
      ownerKind: 'movie',
      ownerId: movie._id,
      seriesId: series._id,
    });
    const [filmRow] = await services.query('media', 'SELECT "series_id" FROM "video" WHERE "id" = $1', [
      (JSON.parse(film.body) as VideoStatus).videoId,
    ]);
    expect(filmRow).toEqual({ series_id: null });
  });

  it('dismisses a suggested intro only where there is one, and only for admins (D42)', async () => {
    const video = await newVideo();
    const url = `/api/admin/videos/${video.videoId}/markers/suggested-intro`;
    const none = await send('DELETE', url, {});
    expect(none.status).toBe(404);
    expect(JSON.parse(none.body).code).toBe(ErrorCode.NOT_FOUND);
    expect((await send('DELETE', url, {}, undefined, null)).status).toBe(401);
    expect((await send('DELETE', url, {}, undefined, viewer)).status).toBe(403);
    expect((await send('DELETE', '/api/admin/videos/nope/markers/suggested-intro', {})).status).toBe(400);
  });

  it('keeps every upload request to admins: 401 without a token, 403 for a viewer', async () => {
    const video = await newVideo();
    const url = (await createUpload(video.videoId, 100)).headers.location!;
    const requests: Array<[string, string, Record<string, string>]> = [
      ['POST', `/api/admin/videos/${video.videoId}/upload`, { 'upload-length': '100' }],
      ['HEAD', url, {}],
      ['PATCH', url, { 'upload-offset': '0', 'content-type': BYTES }],
      ['DELETE', url, {}],
      ['POST', `/api/admin/videos/${video.videoId}/subtitles?language=ta`, { 'content-type': 'text/vtt' }],
      ['GET', `/api/admin/videos/${video.videoId}/subtitles`, {}],
    ];
    for (const [method, path, headers] of requests) {
      expect([method, (await send(method, path, headers, undefined, null)).status]).toEqual([method, 401]);
      expect([method, (await send(method, path, headers, undefined, viewer)).status]).toEqual([method, 403]);
    }
    // The upload is untouched.
    expect((await send('HEAD', url, {})).headers['upload-offset']).toBe('0');
  });

  it('takes an upload body only on the upload routes', async () => {
    const res = await send(
      'PATCH',
      '/api/admin/movies/update/00000000-0000-4000-8000-000000000000',
      {
        'content-type': BYTES,
      },
      Buffer.alloc(10),
    );
    expect(res.status).toBe(415);
    const vtt = await send(
      'PATCH',
      '/api/admin/movies/update/00000000-0000-4000-8000-000000000000',
      { 'content-type': 'text/vtt' },
      'WEBVTT\n',
    );
    expect(vtt.status).toBe(415);
  });
});
