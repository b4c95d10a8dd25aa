import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, STREAM_VIEWER_HEADER, Subjects, type StreamGrantRequest } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  testObjectStorage,
  type TestObjectStorage,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { MediaHttpServer } from '../http/media-http.server';
import { mediaService } from '../service';
import { ObjectStorage } from '../storage/object-storage';
import { ffmpegTools } from '../transcoding/ffmpeg';
import { decryptSegment } from '../transcoding/segment-keys';
import { isTransportStream, makeTestVideo } from '../transcoding/test-sources';
import { VideosRepository } from '../videos/videos.repository';
import { screensKey } from './screens';
import { getFromMedia, transcodedVideo, type Answer } from './stream-origin.testing';
import { signStreamToken, verifyStreamToken } from './stream-tokens';
import { StreamsService } from './streams.service';

/** What ffmpeg makes of a file: its stream lines and any decoding error (the bundled ffprobe reads no MPEG-TS). */
async function probeSegment(file: string): Promise<{ streams: string; ok: boolean; errors: string }> {
  const { ffmpeg } = await ffmpegTools();
  const result = spawnSync(ffmpeg, ['-hide_banner', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
  const lines = result.stderr.split('\n');
  return {
    streams: lines.filter((line) => line.includes('Stream #')).join('\n'),
    ok: result.status === 0,
    errors: lines.filter((line) => /error|invalid/i.test(line)).join('\n'),
  };
}

// D35: paid renditions are encrypted (HLS AES-128), with rotating keys that only a paid grant's viewer
// on a screen holding its slot is given; a free stream of the same video plays clear.

describe('encrypted segments and their keys (D35)', () => {
  const isolation = isolatedEnv();
  let s3: TestObjectStorage;
  let media: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let base: string;
  let videoId: string;
  const redis = isolation.redis();
  let work: string;

  const grant = (viewerId: string | undefined, overrides: Partial<StreamGrantRequest> = {}) =>
    rpc.call(Subjects.media.streams.grant, {
      videoId,
      viewerId,
      screenId: randomUUID(),
      maxResolution: 1080,
      maxStreams: 1,
      isSubscribed: true,
      ...overrides,
    });
  /** The origin as the gateway calls it, with the caller it verified. */
  const origin = (url: string, as: string | null) =>
    getFromMedia(
      `${base}${url.replace(/^\/api\/stream\//, '/stream/')}`,
      as ? { [STREAM_VIEWER_HEADER]: as } : {},
    );
  const uris = (answer: Answer) =>
    answer.body
      .toString()
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
  const keyUris = (playlist: string) => [...playlist.matchAll(/^#EXT-X-KEY:(.*)$/gm)].map((m) => m[1]);

  /** A screen's paid stream down to its rendition playlist. */
  async function playing(viewer: string, screenId = randomUUID()) {
    const answer = await grant(viewer, { screenId });
    const rendition = uris(await origin(answer.movieUrl, viewer))[0];
    const playlist = (await origin(rendition, viewer)).body.toString();
    const keys = keyUris(playlist).map((attributes) => /URI="([^"]+)"/.exec(attributes)![1]);
    return { screenId, rendition, playlist, keys, segments: uris({ body: Buffer.from(playlist) } as Answer) };
  }

  beforeAll(async () => {
    s3 = await testObjectStorage();
    media = await startTestService(mediaService, {
      // A new key every 2 segments: 13 s of film (3 segments) has two.
      env: { ...s3.env, ...isolation.env, MEDIA_HTTP_PORT: '0', HLS_KEY_ROTATION_SEGMENTS: '2' },
    });
    base = media.app.get(MediaHttpServer).url;
    nats = await connectNats(testInfrastructure().NATS_URL, 'encrypted-segments-test');
    rpc = new RpcClient(nats, 5000);
    work = await mkdtemp(path.join(tmpdir(), 'chitram-aes-'));
    // 360p: a ladder of one rendition, quick beside the browser suite.
    const file = path.join(work, 'film.mp4');
    await makeTestVideo(file, { seconds: 13, height: 360 });
    videoId = await transcodedVideo(media, rpc, file);
  }, 210_000);

  afterAll(async () => {
    redis.disconnect();
    await nats?.close();
    await media?.destroy();
    await s3?.destroy();
    await isolation.cleanUp();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("stores only encrypted segments, and no key beside them (the keys are media's database's)", async () => {
    const stored = await media.app.get(VideosRepository).find(videoId);
    expect(stored?.keys?.keys).toHaveLength(2);
    const storage = media.app.get(ObjectStorage);
    const objects = await storage.keysUnder(stored!.outputPrefix!);
    expect(objects.every((key) => /\.(m3u8|ts|vtt|jpg)$/.test(key))).toBe(true);
    const segment = objects.find((key) => key.endsWith('segment_0000.ts'))!;
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(segment)) chunks.push(chunk as Buffer);
    expect(isTransportStream(Buffer.concat(chunks))).toBe(false);
  });

  it('hands a paid viewer rotating keys that decrypt each segment into a valid MPEG-TS', async () => {
    const viewer = randomUUID();
    const { playlist, keys, segments } = await playing(viewer);
    expect(segments).toHaveLength(3);
    // Two periods, two key addresses, each under a signed key token; the IV is the media sequence.
    expect(keyUris(playlist).every((line) => line.startsWith('METHOD=AES-128,URI="/api/stream/'))).toBe(true);
    expect(keyUris(playlist).some((line) => line.includes('IV='))).toBe(false);
    expect(new Set(keys).size).toBe(2);
    expect(keys.map((uri) => uri.split('/').slice(-2).join('/'))).toEqual(['key/0000', 'key/0001']);

    const handedOut: Buffer[] = [];
    for (const uri of keys) {
      const key = await origin(uri, viewer);
      expect(key.status).toBe(200);
      expect(key.headers['cache-control']).toBe('private, no-store');
      expect(key.body).toHaveLength(16);
      handedOut.push(key.body);
    }
    expect(handedOut[0].equals(handedOut[1])).toBe(false);

    for (const [sequence, uri] of segments.entries()) {
      const segment = await origin(uri, viewer);
      expect(segment.status).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(isTransportStream(segment.body)).toBe(false);
      const period = Math.floor(sequence / 2);
      const clear = decryptSegment(segment.body, handedOut[period], sequence);
      expect(isTransportStream(clear)).toBe(true);
      // The other period's key does not open it.
      expect(() => {
        const wrong = decryptSegment(segment.body, handedOut[1 - period], sequence);
        if (!isTransportStream(wrong)) throw new Error('not a transport stream');
      }).toThrow();
      const file = path.join(work, `clear_${sequence}.ts`);
      await writeFile(file, clear);
      const probed = await probeSegment(file);
      expect(probed.streams).toMatch(/Video: h264/);
      expect(probed.streams).toMatch(/Audio: aac/);
      expect(probed).toMatchObject({ ok: true, errors: '' });
    }
  });

  it('refuses a key to another viewer and to an expired grant (403)', async () => {
    const viewer = randomUUID();
    const { keys, segments } = await playing(viewer);
    for (const as of [randomUUID(), null]) {
      const refused = await origin(keys[0], as);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body.toString()).code).toBe(ErrorCode.STREAM_FORBIDDEN);
    }
    const secret = await media.app.get(StreamsService).signingKey();
    const token = keys[0].split('/')[3];
    const claims = verifyStreamToken(secret, token)!;
    expect(claims).toMatchObject({ v: videoId, u: viewer, k: 1 });
    const expired = signStreamToken(secret, { ...claims, e: Math.floor(Date.now() / 1000) - 1 });
    const refused = await origin(keys[0].replace(token, expired), viewer);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body.toString()).code).toBe(ErrorCode.STREAM_FORBIDDEN);
    // A key token opens keys only, and a rendition token no key.
    expect((await origin(keys[0].replace(/key\/0000$/, '360/segment_0000.ts'), viewer)).status).toBe(403);
    expect((await origin(segments[0].replace(/360\/segment_0000\.ts$/, 'key/0000'), viewer)).status).toBe(
      403,
    );
  });

  it('refuses a key to a screen that lost its slot (429 STREAM_LIMIT_REACHED)', async () => {
    const viewer = randomUUID();
    const first = await playing(viewer);
    expect((await origin(first.keys[0], viewer)).status).toBe(200);
    // Its heartbeats stopped; another screen of the one-screen plan takes the slot.
    await redis.zadd(screensKey(viewer), Date.now() - 1000, first.screenId);
    const second = await playing(viewer);
    const refused = await origin(first.keys[1], viewer);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body.toString())).toMatchObject({
      code: ErrorCode.STREAM_LIMIT_REACHED,
      limit: 1,
    });
    expect((await origin(second.keys[1], viewer)).status).toBe(200);
  });

  it('plays a free title clear: no key in its playlist, MPEG-TS segments anyone may cache, no key to ask for', async () => {
    const answer = await grant(undefined, {
      screenId: undefined,
      maxResolution: 720,
      maxStreams: 0,
      isSubscribed: false,
    });
    const rendition = uris(await origin(answer.movieUrl, null))[0];
    const playlist = await origin(rendition, null);
    expect(keyUris(playlist.body.toString())).toEqual([]);
    const segments = uris(playlist);
    expect(segments).toHaveLength(3);
    for (const uri of segments) {
      const segment = await origin(uri, null);
      expect(segment.status).toBe(200);
      expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(isTransportStream(segment.body)).toBe(true);
    }
    // A free stream's token does not open the keys.
    const token = rendition.split('/')[3];
    const secret = await media.app.get(StreamsService).signingKey();
    const asKey = signStreamToken(secret, { ...verifyStreamToken(secret, token)!, h: undefined, k: 1 });
    expect((await origin(`/api/stream/${asKey}/key/0000`, null)).status).toBe(403);
  });
});
