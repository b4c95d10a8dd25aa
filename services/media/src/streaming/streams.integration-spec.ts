import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ErrorCode,
  STREAM_PASS_HEADER,
  STREAM_VIEWER_HEADER,
  Subjects,
  type StreamGrant,
} from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  testObjectStorage,
  waitFor,
  type TestObjectStorage,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { MediaHttpServer } from '../http/media-http.server';
import { mediaService } from '../service';
import { isTransportStream, makeTestVideo } from '../transcoding/test-sources';
import { jpegSize, parseTrickplayIndex } from '../transcoding/trickplay';
import { screensKey } from './screens';
import { getFromMedia, transcodedVideo, type Answer } from './stream-origin.testing';
import { signStreamPass, signStreamToken } from './stream-tokens';
import { StreamsService } from './streams.service';

// Stream grants and the stream origin (DECISIONS D21–D24) over a video really transcoded by ffmpeg.

describe('signed streams from the media origin', () => {
  const isolation = isolatedEnv();
  let s3: TestObjectStorage;
  let media: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let base: string;
  let videoId: string;
  /** The service's Redis, to look at (and age) the screens it keeps. */
  const redis = isolation.redis();

  const viewer = randomUUID();
  const grant = (overrides: Partial<Parameters<typeof rpc.call<object, StreamGrant>>[1]> = {}) =>
    rpc.call(Subjects.media.streams.grant, {
      videoId,
      viewerId: viewer,
      screenId: randomUUID(),
      maxResolution: 480,
      maxStreams: 2,
      isSubscribed: true,
      ...overrides,
    });
  /** The origin as the gateway calls it: `/api/stream/…` → `/stream/…`, with the caller it verified. */
  const origin = (url: string, as: string | null = viewer, headers: Record<string, string> = {}) =>
    getFromMedia(`${base}${url.replace(/^\/api\/stream\//, '/stream/')}`, {
      ...(as ? { [STREAM_VIEWER_HEADER]: as } : {}),
      ...headers,
    });
  const lines = (answer: Answer) =>
    answer.body
      .toString()
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));

  beforeAll(async () => {
    s3 = await testObjectStorage();
    media = await startTestService(mediaService, {
      env: { ...s3.env, ...isolation.env, MEDIA_HTTP_PORT: '0' },
    });
    base = media.app.get(MediaHttpServer).url;
    nats = await connectNats(testInfrastructure().NATS_URL, 'streams-test');
    rpc = new RpcClient(nats, 5000);
    const work = await mkdtemp(path.join(tmpdir(), 'chitram-streams-'));
    try {
      const file = path.join(work, 'film.mp4');
      await makeTestVideo(file, { seconds: 13, height: 720 });
      videoId = await transcodedVideo(media, rpc, file);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 210_000);

  afterAll(async () => {
    redis.disconnect();
    await nats?.close();
    await media?.destroy();
    await s3?.destroy();
    await isolation.cleanUp();
  });

  it('lists only the renditions the plan allows, and serves their playlists and segments with ranges', async () => {
    const answer = await grant({ maxResolution: 480 });
    expect(answer).toMatchObject({ kind: 'hls', maxResolution: 480, renditions: [360, 480] });
    expect(answer.movieUrl).toMatch(/^\/api\/stream\/[^/]+\/master\.m3u8$/);

    const master = await origin(answer.movieUrl);
    expect(master.status).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body.toString()).toContain('RESOLUTION=854x480');
    expect(master.body.toString()).not.toContain('x720');
    const [low, high] = lines(master);
    expect(high).toMatch(/\/480\/index\.m3u8$/);

    const rendition = await origin(high);
    expect(rendition.status).toBe(200);
    const segments = lines(rendition);
    expect(segments.length).toBe(3); // 13 s in 6-second segments
    expect(segments[0]).toMatch(/^\/api\/stream\/[^/]+\/480\/segment_0000\.ts$/);
    const segment = await origin(segments[0]);
    expect(segment.status).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    // A paid viewer's segment: kept by their browser only, never by a shared cache (issue 20).
    expect(segment.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    // A paid stream's segment is encrypted (D35): not MPEG-TS as it travels; encrypted-segments spec decrypts.
    expect(isTransportStream(segment.body)).toBe(false);
    expect(segment.body.length % 16).toBe(0);
    const part = await origin(segments[0], viewer, { range: 'bytes=0-187' });
    expect(part.status).toBe(206);
    expect(part.body.length).toBe(188);
    expect(low).toMatch(/\/360\/index\.m3u8$/);
  });

  it("carries the title's markers and a signed trickplay index whose sheets the same token opens, the viewer's only (D42)", async () => {
    const markers = {
      intro: { startSeconds: 1, endSeconds: 4.5 },
      credits: { startSeconds: 11, endSeconds: 13 },
    };
    await rpc.call(Subjects.media.videos.setMarkers, { videoId, markers });
    // A viewer of its own: the screen it takes would count against the shared viewer's two.
    const someone = randomUUID();
    const answer = await grant({ viewerId: someone });
    expect(answer.markers).toEqual(markers);
    expect(answer.thumbnailsUrl).toMatch(/^\/api\/stream\/[^/]+\/trickplay\/index\.vtt$/);

    const index = await origin(answer.thumbnailsUrl!, someone);
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/vtt');
    const cues = parseTrickplayIndex(index.body.toString());
    expect(cues[0].start).toBe(0);
    expect(cues.at(-1)!.end).toBeCloseTo(13, 0);
    const sheetUrl = answer.thumbnailsUrl!.replace(/index\.vtt$/, cues[0].sheet);
    const sheet = await origin(sheetUrl, someone);
    expect(sheet.status).toBe(200);
    expect(sheet.headers['content-type']).toBe('image/jpeg');
    expect(jpegSize(sheet.body)).toMatchObject({ width: cues[0].w * 10 });
    // Another viewer, a segment or playlist through the trickplay token, and the master token for sheets: 403.
    expect((await origin(sheetUrl, randomUUID())).status).toBe(403);
    expect(
      (await origin(answer.thumbnailsUrl!.replace(/trickplay\/index\.vtt$/, 'master.m3u8'), someone)).status,
    ).toBe(403);
    expect(
      (await origin(answer.movieUrl.replace(/master\.m3u8$/, 'trickplay/index.vtt'), someone)).status,
    ).toBe(403);
  });

  it('refuses a higher rendition, an altered or expired token, and another viewer, with 403', async () => {
    const answer = await grant({ maxResolution: 480 });
    const high = lines(await origin(answer.movieUrl))[1];
    const [, , , token] = high.split('/');
    const refused = async (url: string, as: string | null = viewer) => {
      const res = await origin(url, as);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body.toString()).code).toBe(ErrorCode.STREAM_FORBIDDEN);
    };
    await refused(`/api/stream/${token}/720/index.m3u8`);
    await refused(`/api/stream/${token}/720/segment_0000.ts`);
    await refused(high.replace(token, `${token.slice(0, -3)}abc`));
    await refused(high, randomUUID());
    await refused(high, null);
    const secret = await media.app.get(StreamsService).signingKey();
    const expired = signStreamToken(secret, {
      v: videoId,
      u: viewer,
      r: 480,
      e: Math.floor(Date.now() / 1000) - 1,
    });
    await refused(`/api/stream/${expired}/master.m3u8`);
    // Another title's token does not open this one: the token names its video.
    const other = signStreamToken(secret, {
      v: randomUUID(),
      u: viewer,
      r: 480,
      e: Math.floor(Date.now() / 1000) + 60,
    });
    await refused(`/api/stream/${other}/master.m3u8`);
  });

  it("plays a viewer's stream for a player that sends only the viewer's pass (Safari), and no one else's", async () => {
    const someone = randomUUID();
    const screenId = randomUUID();
    const answer = await grant({ viewerId: someone, screenId, maxResolution: 480 });
    expect(answer.pass).toMatch(/^[\w-]+\.[\w-]+$/);
    const byPass = (url: string, pass: string) => origin(url, null, { [STREAM_PASS_HEADER]: pass });
    const master = await byPass(answer.movieUrl, answer.pass!);
    expect(master.status).toBe(200);
    const high = lines(master)[1];
    const segment = lines(await byPass(high, answer.pass!))[0];
    const played = await byPass(segment, answer.pass!);
    expect(played.status).toBe(200);
    expect(played.body.length).toBeGreaterThan(0);

    // A heartbeat renews the pass; another viewer's pass, a forged or an expired one opens nothing.
    const beat = await rpc.call(Subjects.media.streams.heartbeat, { viewerId: someone, screenId });
    expect((await byPass(segment, beat.pass)).status).toBe(200);
    const someoneElse = await grant({ viewerId: randomUUID(), screenId: randomUUID() });
    expect((await byPass(segment, someoneElse.pass!)).status).toBe(403);
    expect((await byPass(answer.movieUrl, someoneElse.pass!)).status).toBe(403);
    const secret = await media.app.get(StreamsService).signingKey();
    const now = Math.floor(Date.now() / 1000);
    const expired = signStreamPass(secret, { u: someone, s: screenId, i: now - 700, e: now - 1 });
    expect((await byPass(segment, expired)).status).toBe(403);
    const [body, signature] = answer.pass!.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), u: randomUUID() })).toString('base64url')}.${signature}`;
    expect((await byPass(segment, forged)).status).toBe(403);
    // A pass is not a stream token, nor a stream token a pass.
    expect((await origin(`/api/stream/${answer.pass!}/master.m3u8`, someone)).status).toBe(403);
    expect((await byPass(segment, segment.split('/')[3])).status).toBe(403);
  });

  it('lets a free title play for a visitor, at most 720p', async () => {
    const answer = await grant({
      viewerId: undefined,
      screenId: undefined,
      maxResolution: 720,
      maxStreams: 0,
      isSubscribed: false,
    });
    expect(answer.renditions).toEqual([360, 480, 720]);
    expect((await origin(answer.movieUrl, null)).status).toBe(200);
    // Nobody's own: its segments may be kept by a CDN for everyone.
    const [, rendition] = lines(await origin(answer.movieUrl, null));
    const segment = await origin(lines(await origin(rendition, null))[0], null);
    expect(segment.status).toBe(200);
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(isTransportStream(segment.body)).toBe(true); // played clear (D35)
  });

  it('counts screens across the plan: the same screen reuses its slot, one more is refused until another stops (D24)', async () => {
    const someone = randomUUID();
    const [tv, phone, laptop] = [randomUUID(), randomUUID(), randomUUID()];
    const as = (screenId: string) => grant({ viewerId: someone, screenId, maxStreams: 2 });
    await as(tv);
    await as(phone);
    await as(tv); // the same screen again, for any title: no new slot
    await expect(as(laptop)).rejects.toMatchObject({
      code: ErrorCode.STREAM_LIMIT_REACHED,
      message: expect.stringContaining('2 screens'),
      limit: 2,
    });
    expect(await rpc.call(Subjects.media.streams.release, { viewerId: someone, screenId: phone })).toEqual({
      held: true,
    });
    await expect(as(laptop)).resolves.toMatchObject({ kind: 'hls' });
    expect(
      await rpc.call(Subjects.media.streams.heartbeat, { viewerId: someone, screenId: tv }),
    ).toMatchObject({
      held: true,
    });
    expect(
      await rpc.call(Subjects.media.streams.heartbeat, { viewerId: someone, screenId: phone }),
    ).toMatchObject({
      held: false,
    });
  });

  it('frees a screen whose heartbeats stopped', async () => {
    const someone = randomUUID();
    const first = randomUUID();
    await grant({ viewerId: someone, screenId: first, maxStreams: 1 });
    await expect(grant({ viewerId: someone, screenId: randomUUID(), maxStreams: 1 })).rejects.toMatchObject({
      code: ErrorCode.STREAM_LIMIT_REACHED,
    });
    // As if its last heartbeat were long ago: its slot lapsed a moment ago.
    await redis.zadd(screensKey(someone), Date.now() - 1000, first);
    await expect(grant({ viewerId: someone, screenId: randomUUID(), maxStreams: 1 })).resolves.toMatchObject({
      kind: 'hls',
    });
  });

  describe('the screen limit during playback (issue 20)', () => {
    /** A screen's granted stream, down to its first segment's address. */
    async function playing(someone: string, screenId: string) {
      const answer = await grant({ viewerId: someone, screenId, maxStreams: 1 });
      const as = (url: string) => origin(url, someone);
      const rendition = lines(await as(answer.movieUrl))[1];
      const segment = lines(await as(rendition))[0];
      return { rendition, segment, fetch: as };
    }
    const lapse = (someone: string, screenId: string) =>
      redis.zadd(screensKey(someone), Date.now() - 1000, screenId);

    it('stops serving a screen whose slot another screen took after its heartbeats stopped', async () => {
      const someone = randomUUID();
      const firstScreen = randomUUID();
      const first = await playing(someone, firstScreen);
      expect((await first.fetch(first.segment)).status).toBe(200);
      // Its heartbeats stopped for the hold; a second screen takes the one slot.
      await lapse(someone, firstScreen);
      const second = await playing(someone, randomUUID());
      for (const url of [first.segment, first.rendition]) {
        const refused = await first.fetch(url);
        expect(refused.status).toBe(429);
        expect(JSON.parse(refused.body.toString())).toMatchObject({
          code: ErrorCode.STREAM_LIMIT_REACHED,
          limit: 1,
        });
      }
      expect((await second.fetch(second.segment)).status).toBe(200);
    });

    it('plays on, taking its slot again, a screen that lapsed while no other took it (a long pause)', async () => {
      const someone = randomUUID();
      const screenId = randomUUID();
      const paused = await playing(someone, screenId);
      await lapse(someone, screenId);
      expect((await paused.fetch(paused.segment)).status).toBe(200);
      // It holds the slot again: another screen is refused.
      await expect(grant({ viewerId: someone, screenId: randomUUID(), maxStreams: 1 })).rejects.toMatchObject(
        {
          code: ErrorCode.STREAM_LIMIT_REACHED,
        },
      );
    });

    it('stops serving a screen that was released (the player stopped, the viewer signed out) once another takes it', async () => {
      const someone = randomUUID();
      const screenId = randomUUID();
      const stopped = await playing(someone, screenId);
      await rpc.call(Subjects.media.streams.release, { viewerId: someone, screenId });
      await playing(someone, randomUUID());
      expect((await stopped.fetch(stopped.segment)).status).toBe(429);
    });
  });

  it("lists a viewer's live screens for the back office: what each plays, since when, its last heartbeat", async () => {
    const someone = randomUUID();
    const [tv, phone] = [randomUUID(), randomUUID()];
    const screensOf = () => rpc.call(Subjects.media.reports.screensOf, { viewerId: someone });
    expect(await screensOf()).toEqual([]);
    const before = Date.now();
    await grant({ viewerId: someone, screenId: tv });
    await grant({ viewerId: someone, screenId: phone });
    const listed = await screensOf();
    expect(listed.map((screen) => screen.sessionId).sort()).toEqual([tv, phone].sort());
    const shown = listed.find((screen) => screen.sessionId === tv)!;
    expect(shown).toEqual({
      sessionId: tv,
      videoId,
      ownerKind: 'movie',
      ownerId: expect.any(String),
      startedAt: expect.any(String),
      lastHeartbeatAt: shown.startedAt,
    });
    expect(Date.parse(shown.startedAt)).toBeGreaterThanOrEqual(before - 1000);

    // A heartbeat moves the last beat, not the start; the same title again keeps its start too.
    await waitFor(async () => Date.now() > Date.parse(shown.startedAt), 1000, 1); // the clock has moved on
    await rpc.call(Subjects.media.streams.heartbeat, { viewerId: someone, screenId: tv });
    await grant({ viewerId: someone, screenId: tv });
    const beaten = (await screensOf()).find((screen) => screen.sessionId === tv)!;
    expect(beaten.startedAt).toBe(shown.startedAt);
    expect(Date.parse(beaten.lastHeartbeatAt)).toBeGreaterThan(Date.parse(shown.startedAt));

    // Released, or lapsed: no longer listed, and listing changed nothing.
    await rpc.call(Subjects.media.streams.release, { viewerId: someone, screenId: phone });
    await redis.zadd(screensKey(someone), Date.now() - 1000, tv);
    expect(await screensOf()).toEqual([]);
    expect(await redis.zscore(screensKey(someone), tv)).not.toBeNull();
  });

  it('counts screens right when two media instances share the grants, asked all at once', async () => {
    const second = await startTestService(mediaService, {
      env: { ...s3.env, ...isolation.env, MEDIA_HTTP_PORT: '0' },
      database: media.database,
    });
    try {
      const someone = randomUUID();
      // Eight screens at once, spread by NATS over both instances: exactly the plan's two get one.
      const asks = await Promise.allSettled(
        Array.from({ length: 8 }, () => grant({ viewerId: someone, screenId: randomUUID(), maxStreams: 2 })),
      );
      expect(asks.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
      expect(
        asks
          .filter((a): a is PromiseRejectedResult => a.status === 'rejected')
          .every((a) => (a.reason as { code?: string }).code === ErrorCode.STREAM_LIMIT_REACHED),
      ).toBe(true);
      expect(await redis.zcount(screensKey(someone), Date.now(), '+inf')).toBe(2);
    } finally {
      await second.close(); // the database is the first instance's, dropped with it
    }
  });

  it('will not grant a video that is not ready', async () => {
    const video = await rpc.call(Subjects.media.videos.create, { ownerKind: 'movie', ownerId: randomUUID() });
    await expect(grant({ videoId: video.videoId })).rejects.toMatchObject({
      code: ErrorCode.VIDEO_NOT_READY,
    });
  });
});
